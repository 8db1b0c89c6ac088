/* Calls of accessors whose order is the caller's (lib/moatomic.h). */
#include "lib/moatomic.h"

struct state {
	lib_u32_t head;
	lib_u64_t count;
	lib_b_t locked;
};

uint32_t get_head(struct state *s)
{
	return lib_load_u32(&s->head, LIB_ACQUIRE);
}

void set_count(struct state *s, uint64_t v)
{
	lib_store_u64(&s->count, v, LIB_RELAXED);
}

void unlock(struct state *s)
{
	lib_store_b(&s->locked, false, LIB_RELEASE);
}

/* seq_cst: x86-64 stores it with an xchg -- no once-access */
void lock_seq(struct state *s)
{
	lib_store_b(&s->locked, true, LIB_SEQ_CST);
}

/* an order that is no constant */
uint32_t get_head_dep(struct state *s, int dep)
{
	return lib_load_u32(&s->head, dep ? LIB_RELAXED : LIB_ACQUIRE);
}

/* a bug: the 4-byte accessor on the 8-byte count reads its low half
 * (built with -Wno-incompatible-pointer-types) */
uint32_t count_low(struct state *s)
{
	return lib_load_u32(&s->count, LIB_RELAXED);
}

/* macros that call one: a once-macro only with an order of one access */
#define LIB_PEEK(s) lib_load_u32(&(s)->head, LIB_RELAXED)
#define LIB_PEEK_SEQ(s) lib_load_u32(&(s)->head, LIB_SEQ_CST)

uint32_t peek(struct state *s)
{
	return LIB_PEEK(s);
}

uint32_t peek_seq(struct state *s)
{
	return LIB_PEEK_SEQ(s);
}

/* a global reached through the GOT (built with -fPIC): the load of
 * its address is no access of it */
extern lib_b_t lib_flag;

bool flag_on(void)
{
	return lib_load_b(&lib_flag, LIB_ACQUIRE);
}

/* a choice of two orders, one of them seq_cst: no once-access */
uint32_t get_head_maybe_seq(struct state *s, int dep)
{
	return lib_load_u32(&s->head, dep ? LIB_RELAXED : LIB_SEQ_CST);
}
