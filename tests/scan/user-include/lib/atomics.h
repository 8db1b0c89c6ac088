/*
 * A library's once-macros written as relaxed atomics, in a header of
 * macros only (tests/t4380-scan-user-relaxed-atomics.t): liburing's
 * IO_URING_READ_ONCE(var) is C11's atomic_load_explicit of
 * (_Atomic __typeof__(var) *)&(var), nsync's ATM_LOAD(p) GNU's
 * __atomic_load_n(p, __ATOMIC_RELAXED).  A seq_cst load is not one
 * access on every target: no once-macro (acquire: t4383).
 */
#ifndef USER_LIB_ATOMICS_H
#define USER_LIB_ATOMICS_H

#include <stdatomic.h>

#define RING_READ_ONCE(var) \
	atomic_load_explicit((_Atomic __typeof__(var) *)&(var), \
			     memory_order_relaxed)
#define RING_WRITE_ONCE(var, val) \
	atomic_store_explicit((_Atomic __typeof__(var) *)&(var), (val), \
			      memory_order_relaxed)
#define ATOM_LOAD(p) (__atomic_load_n((p), __ATOMIC_RELAXED))
#define ATOM_STORE(p, v) (__atomic_store_n((p), (v), (__ATOMIC_RELAXED)))
#define ATOM_LOAD_SC(p) (__atomic_load_n((p), __ATOMIC_SEQ_CST))

#endif
