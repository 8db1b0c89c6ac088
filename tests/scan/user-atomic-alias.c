/* A tree that gives the C11 names to the gcc builtins itself, as rmind's
 * ringbuf, thmap and libqsbr do in src/utils.h where <stdatomic.h> is
 * not included (t4580): each name is the builtin under another name,
 * its order the caller's.  A use is a once-access when its order is of
 * one access. */
#include <stdint.h>

#ifndef atomic_thread_fence
#define memory_order_relaxed __ATOMIC_RELAXED
#define memory_order_acquire __ATOMIC_ACQUIRE
#define memory_order_release __ATOMIC_RELEASE
#define memory_order_seq_cst __ATOMIC_SEQ_CST
#endif
#ifndef atomic_store_explicit
#define atomic_store_explicit __atomic_store_n
#endif
#ifndef atomic_load_explicit
#define atomic_load_explicit __atomic_load_n
#endif

struct worker {
	volatile uint64_t seen_off;
	int registered;
	uint16_t flags;
};

void worker_register(struct worker *w)
{
	atomic_store_explicit(&w->registered, 1, memory_order_release);
}

uint64_t worker_seen(struct worker *w)
{
	return atomic_load_explicit(&w->seen_off, memory_order_acquire);
}

int worker_registered(struct worker *w)
{
	return atomic_load_explicit(&w->registered, memory_order_relaxed);
}

void worker_flags_seq(struct worker *w, uint16_t f)
{
	atomic_store_explicit(&w->flags, f, memory_order_seq_cst);
}
