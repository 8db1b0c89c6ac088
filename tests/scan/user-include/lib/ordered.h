/*
 * A library's acquire loads and release stores, in a header of macros
 * and inline functions (tests/t4383-scan-user-ordered-atomics.t):
 * liburing's io_uring_smp_load_acquire(p) is C11's atomic_load_explicit
 * of (_Atomic __typeof__(*(p)) *)(p) with memory_order_acquire, nsync's
 * ATM_LOAD_ACQ(p) GNU's __atomic_load_n through a helper macro.  Each is
 * one access of *p at its full width (x86-64 mov, AArch64 ldar/stlr), as
 * a relaxed one is: a once-macro, like the function that is one.  A
 * seq_cst store is not (x86-64 stores it with xchg), nor an acq_rel.
 */
#ifndef USER_LIB_ORDERED_H
#define USER_LIB_ORDERED_H

#include <stdatomic.h>
#include <stdint.h>

#define ring_load_acquire(p) \
	atomic_load_explicit((_Atomic __typeof__(*(p)) *)(p), \
			     memory_order_acquire)
#define ring_store_release(p, v) \
	atomic_store_explicit((_Atomic __typeof__(*(p)) *)(p), (v), \
			      memory_order_release)
#define WORD_PTR_(p) (p)
#define WORD_LOAD_ACQ(p) (__atomic_load_n(WORD_PTR_(p), __ATOMIC_ACQUIRE))
#define WORD_STORE_REL(p, v) (__atomic_store_n(WORD_PTR_(p), (v), __ATOMIC_RELEASE))
#define WORD_STORE_SC(p, v) (__atomic_store_n((p), (v), __ATOMIC_SEQ_CST))
#define WORD_LOAD_AR(p) (__atomic_load_n((p), __ATOMIC_ACQ_REL))

/* the same rule for a function: one C11 acquire load of *p */
static inline uint32_t word_get_acquire(uint32_t *p)
{
	return atomic_load_explicit((_Atomic uint32_t *)p, memory_order_acquire);
}

#endif
