/* Objects reached through percpu-macros.h's per-CPU pointers (t4573):
 * typed by the cast to typeof(*(ptr)) of a variable of the unit. */
#include "percpu-macros.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))

struct slot {
	uint32_t n;
};

unsigned long pc_offsets[8];
struct slot *slots;
_Bool urgent;
struct { uint16_t flags; uint16_t count; } cell;
uint32_t pc_counter;

struct slot *load_slot(int cpu)
{
	return READ_ONCE(*pc_ptr(&slots, cpu));
}

void set_urgent(int cpu)
{
	WRITE_ONCE(*pc_ptr(&urgent, cpu), 1);
}

struct slot *slot_of(int cpu)
{
	return READ_ONCE(pc_var(slots, cpu + 1));
}

/* pc_raw()'s other definition gives an unsigned long * of the same
 * address: the readings disagree, which one was compiled is not told */
uint32_t raw_of(int cpu)
{
	return READ_ONCE(*pc_raw(&pc_counter, cpu));
}

void set_count(int cpu, uint16_t v)
{
	WRITE_ONCE(*pc_ptr(&cell.count, cpu), v);
}
