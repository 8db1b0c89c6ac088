/* Uses of acquire/release once-macros and a once-accessor (lib/ordered.h;
 * tests/t4383-scan-user-ordered-atomics.t). */
#include <lib/ring.h>
#include <lib/ordered.h>

uint32_t ring_head_acquire(struct ring *r)
{
	return ring_load_acquire(&r->head);
}

void ring_publish_tail(struct ring *r, uint32_t t)
{
	ring_store_release(&r->tail, t);
}

uint64_t ring_flags_acquire(struct ring *r)
{
	return WORD_LOAD_ACQ(&r->flags);
}

void ring_publish_flags(struct ring *r, uint64_t f)
{
	WORD_STORE_REL(&r->flags, f);
}

void ring_flags_sc(struct ring *r, uint64_t f)
{
	WORD_STORE_SC(&r->flags, f);
}

uint32_t ring_tail_get(struct ring *r)
{
	return word_get_acquire(&r->tail);
}

uint64_t ring_flags_ar(struct ring *r)
{
	return WORD_LOAD_AR(&r->flags);
}
