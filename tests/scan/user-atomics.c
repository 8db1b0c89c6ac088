/* Uses of once-macros written as relaxed atomics (lib/atomics.h;
 * tests/t4380-scan-user-relaxed-atomics.t). */
#include <lib/ring.h>
#include <lib/atomics.h>

uint32_t ring_head(struct ring *r)
{
	return RING_READ_ONCE(r->head);
}

void ring_set_tail(struct ring *r, uint32_t t)
{
	RING_WRITE_ONCE(r->tail, t);
}

uint64_t ring_flags(struct ring *r)
{
	return ATOM_LOAD(&r->flags);
}

void ring_set_flags(struct ring *r, uint64_t f)
{
	ATOM_STORE(&r->flags, f);
}

uint32_t ring_head_sc(struct ring *r)
{
	return ATOM_LOAD_SC(&r->head);
}
