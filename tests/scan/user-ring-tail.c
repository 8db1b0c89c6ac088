/*
 * liburing's __io_uring_flush_sq inlined into io_uring_submit_and_wait_reg,
 * in small (tests/t4398-scan-row-past-inlined-copy.t): clang 19 for
 * aarch64 shrink-wraps the caller's frame after the early return, and the
 * inlined copy's last row (the return statement's subtraction) runs on
 * over the prologue that follows the copy, to which it gives no location.
 */
#include <stdatomic.h>
#define RING_READ_ONCE(var) atomic_load_explicit((_Atomic __typeof__(var) *)&(var), memory_order_relaxed)

struct ring {
	unsigned *khead, *ktail;
	unsigned sqe_head, sqe_tail;
	unsigned flags;
	unsigned char features;
};

struct get_data {
	unsigned submit, wait_nr, get_flags;
	int sz, has_ts;
	void *arg;
};

int ring_get(struct ring *r, void **out, struct get_data *d);

static unsigned ring_flush(struct ring *r)
{
	unsigned tail = r->sqe_tail;

	if (r->flags & (1u << 20)) {
		r->sqe_tail = 0;
		return tail;
	}
	if (r->sqe_head != tail) {
		r->sqe_head = tail;
		if (!(r->flags & 2))
			*r->ktail = tail;
		else
			atomic_store_explicit((_Atomic unsigned *)r->ktail, tail, memory_order_release);
	}
	return tail - RING_READ_ONCE(*r->khead);
}

int ring_submit_and_wait(struct ring *r, void **out, unsigned wait_nr, int idx)
{
	unsigned long offset = idx * 64ul;

	if (!(r->features & 1))
		return -22;

	struct get_data data = {
		.submit = ring_flush(r),
		.wait_nr = wait_nr,
		.get_flags = 9,
		.sz = 64,
		.has_ts = 1,
		.arg = (void *)offset,
	};
	return ring_get(r, out, &data);
}
