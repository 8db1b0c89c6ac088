/* A project's own names of the memory orders, spelt one way on each
 * side of an #if: DPDK's rte_stdatomic.h gives rte_memory_order_relaxed
 * the C11 name where <stdatomic.h> is used and the builtins' name where
 * it is not, and its load and store macros pass the caller's order on. */
#include <stdint.h>

#ifdef USE_STDATOMIC
#include <stdatomic.h>
#define MY_ATOMIC(t) _Atomic(t)
#define my_order_relaxed memory_order_relaxed
#define my_order_acquire memory_order_acquire
#define my_order_release memory_order_release
#define my_order_seq_cst memory_order_seq_cst
#define my_load_explicit(ptr, mo) atomic_load_explicit(ptr, mo)
#define my_store_explicit(ptr, val, mo) atomic_store_explicit(ptr, val, mo)
#else
#define MY_ATOMIC(t) t
#define my_order_relaxed __ATOMIC_RELAXED
#define my_order_acquire __ATOMIC_ACQUIRE
#define my_order_release __ATOMIC_RELEASE
#define my_order_seq_cst __ATOMIC_SEQ_CST
#define my_load_explicit(ptr, mo) __atomic_load_n(ptr, mo)
#define my_store_explicit(ptr, val, mo) __atomic_store_n(ptr, val, mo)
#endif

struct ring {
	MY_ATOMIC(uint32_t) head;
	MY_ATOMIC(uint32_t) tail;
	MY_ATOMIC(uint64_t) seq;
};

uint32_t ring_head(struct ring *r)
{
	return my_load_explicit(&r->head, my_order_relaxed);
}

uint64_t ring_seq(struct ring *r)
{
	return my_load_explicit(&r->seq, my_order_acquire);
}

void ring_publish(struct ring *r, uint32_t t)
{
	my_store_explicit(&r->tail, t, my_order_release);
}

void ring_reset(struct ring *r)
{
	my_store_explicit(&r->tail, 0, my_order_seq_cst);
}
