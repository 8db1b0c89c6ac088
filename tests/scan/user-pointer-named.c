/* fio's shape (arch/arch.h): a macro that takes a pointer to its object,
 * a relaxed or release C11 atomic of what it points to.  Named by hand
 * with --macro alone (no discovery), its argument r->head is taken for
 * the object: an 8-byte pointer, and the 4-byte store through it. */
#include <stdatomic.h>

#define atomic_store_release(p, v)					\
	atomic_store_explicit((_Atomic __typeof__(*(p)) *)(p), (v),	\
			      memory_order_release)

struct ring {
	unsigned *head;
	unsigned *tail;
};

void commit(struct ring *r, unsigned head)
{
	atomic_store_release(r->head, head + 1);
}
