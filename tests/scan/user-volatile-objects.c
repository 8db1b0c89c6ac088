/*
 * Objects declared volatile, no once-macro anywhere (t4585): a volatile
 * 64-bit tick count (two loads on a 32-bit target), a volatile flag, a
 * volatile member next to a struct whose member of the same name is
 * not volatile, a volatile struct read whole, a parameter that shadows
 * the tick count's name.
 */
#include <stdint.h>

volatile uint64_t ticks;
volatile uint32_t flag;

struct reader { volatile int pid; int other; };
struct plain { int pid; int other; };

struct pair { int a, b; };
volatile struct pair vp;

uint64_t get_ticks(void) { return ticks; }
void set_ticks(uint64_t v) { ticks = v; }
void set_flag(uint32_t v) { flag = v; }
int reader_pid(struct reader *r) { return r->pid; }
int plain_pid(struct plain *p) { return p->pid; }
/* the file's declarations do not type q (typeof): the DWARF does */
int plain_pid_typeof(void *v) { __typeof__(struct plain) *q = v; return q->pid; }
int pair_sum(void) { struct pair p = vp; return p.a + p.b; }
void *opaque(void);
int untyped_pid(void) { return ((struct reader *)opaque())->pid; }
int shadow(int ticks) { return ticks + 1; }
uint64_t *tick_address(void) { return (uint64_t *)&ticks; }
unsigned long tick_size(void) { return sizeof(ticks); }
