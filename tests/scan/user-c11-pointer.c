/*
 * C11 atomics called directly on a pointer, as libuv does: no
 * once-macro of the project, the user names <stdatomic.h>'s functions
 * with --macro.  Their first argument points to the atomic object -- a
 * pointer parameter (src/unix/async.c: _Atomic int *pending) or a cast
 * of a plain pointer member (src/unix/linux.c: (_Atomic uint32_t *)
 * iou->sqtail, the io_uring ring's index, shared with the kernel).
 */
#include <stdatomic.h>
#include <stdint.h>

struct ring {
	uint32_t *sqhead;
	uint32_t *sqtail;
};

int pending_of(_Atomic int *pending)
{
	return atomic_load_explicit(pending, memory_order_relaxed);
}

void ring_advance(struct ring *r, uint32_t tail)
{
	atomic_store_explicit((_Atomic uint32_t *) r->sqtail, tail,
			      memory_order_release);
}

uint32_t ring_head(struct ring *r)
{
	return atomic_load_explicit((_Atomic uint32_t *) r->sqhead,
				    memory_order_acquire);
}
