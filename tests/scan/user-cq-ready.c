/* liburing's io_uring_cq_ready (tests/t4451-scan-view-rows.t): an
 * acquire load through a macro of <stdatomic.h>, then the rest of the
 * statement.  gcc 12 gives the macro's statement a second row at the
 * address where the load ends (a location view, is_stmt, no code of its
 * own), then the row of "*ring->cq.khead" at the same address: the load
 * of that pointer is the other operand's, not the site's. */
#include <stdatomic.h>

#define ring_load_acquire(p)					\
	atomic_load_explicit((_Atomic __typeof__(*(p)) *)(p),	\
			     memory_order_acquire)

struct ring_cq {
	unsigned *khead;
	unsigned *ktail;
};

struct ring {
	void *sq;
	struct ring_cq cq;
};

unsigned ring_cq_ready(const struct ring *ring)
{
	return ring_load_acquire(ring->cq.ktail) - *ring->cq.khead;
}
