/*
 * libatomic_ops' shapes (tests/t4363-scan-user-aliases.t): loads and
 * stores with an acquire or release order (AO_load_acquire,
 * AO_store_release in sysdeps/gcc/generic-small.h) -- one access each,
 * with a barrier or an ordered instruction -- and names that are only
 * another name for one (atomic_ops_stack.c's #define AO_cptr_load
 * AO_load, #define load_next AO_cptr_load).  A seq_cst store is no
 * accessor: x86-64 makes it an xchg.
 */
#ifndef USER_LIB_ALIASES_H
#define USER_LIB_ALIASES_H

typedef unsigned long lib_word;

static inline lib_word lib_load(const volatile lib_word *addr)
{
	return __atomic_load_n(addr, __ATOMIC_RELAXED);
}

static inline lib_word lib_load_acquire(const volatile lib_word *addr)
{
	return __atomic_load_n(addr, __ATOMIC_ACQUIRE);
}

static inline void lib_store_release(volatile lib_word *addr, lib_word v)
{
	__atomic_store_n(addr, v, __ATOMIC_RELEASE);
}

static inline void lib_store_seq_cst(volatile lib_word *addr, lib_word v)
{
	__atomic_store_n(addr, v, __ATOMIC_SEQ_CST);
}

/* a faulty one: 4 bytes of the 8-byte word */
static inline unsigned int lib_load_low(const volatile lib_word *addr)
{
	return *(const volatile unsigned int *)addr;
}

#define lib_cptr_load lib_load
#define lib_cptr_load_low lib_load_low
#define lib_cptr_load_acquire (lib_load_acquire)
#define lib_cptr_store_release lib_store_release
#define load_next lib_cptr_load

/* a macro on one side of an #if, another name on the other (as
 * atomic_ops_stack.c's AO_cptr_load): the build takes the name */
#if defined(LIB_CPTR_DIRECT)
#define lib_tail_load(p) __atomic_load_n(p, __ATOMIC_RELAXED)
#else
#define lib_tail_load lib_load
#endif

#endif
