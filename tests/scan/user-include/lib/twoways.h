/*
 * A name that is a macro on one side of an #if and a function on the
 * other, as libatomic_ops' AO_store_release is (generalize-small.h's
 * #define over AO_store, generic-small.h's function with
 * __ATOMIC_RELEASE), for tests/t4362-scan-user-macro-or-function.t.
 */
#ifndef USER_LIB_TWOWAYS_H
#define USER_LIB_TWOWAYS_H

static inline void lib_store(volatile unsigned long *addr, unsigned long v)
{
	__atomic_store_n(addr, v, __ATOMIC_RELAXED);
}

#if defined(LIB_STORE_BY_FENCE)
static inline void lib_fence(void)
{
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}
#define lib_store_release(addr, v) (lib_fence(), lib_store(addr, v))
#else
static inline void lib_store_release(volatile unsigned long *addr,
				     unsigned long v)
{
	__atomic_store_n(addr, v, __ATOMIC_RELEASE);
}
#endif

#endif
