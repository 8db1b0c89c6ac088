/*
 * mimalloc's atomics, in small (tests/t4396-scan-user-pasted-atomics.t):
 * the once-macros call an atomic named by a pasting helper, and the
 * helper is defined once for C++, once for MSVC and once for C11, on the
 * three sides of one #if.  A C unit built by gcc or clang reads only the
 * last: lib_load_relaxed(p) is atomic_load_explicit(p,
 * memory_order_relaxed) there, a once-access of what p points to.
 */
#ifndef USER_LIB_PASTED_H
#define USER_LIB_PASTED_H

#include <stdint.h>

#if defined(__cplusplus)
#include <atomic>
#define lib_atomic(name) std::atomic_##name
#define lib_order(name) std::memory_order_##name
#define lib_peek(p) (*(p))
#elif defined(_MSC_VER)
#define _Atomic(tp) tp
#define lib_atomic(name) lib_atomic_##name
#define lib_order(name) lib_order_##name
/* MSVC's plain loads are single: this compiler's lib_peek is a
 * volatile cast; gcc's and clang's below is not */
#define lib_peek(p) (*(volatile uint32_t *)(p))
#else
#include <stdatomic.h>
#define lib_atomic(name) atomic_##name
#define lib_order(name) memory_order_##name
#define lib_peek(p) (*(p))
#endif

#define lib_load_relaxed(p) lib_atomic(load_explicit)(p, lib_order(relaxed))
#define lib_store_release(p, x) lib_atomic(store_explicit)(p, x, lib_order(release))
/* the typed form: the type goes first, as mimalloc's _ptr_ forms */
#define lib_load_ptr_relaxed(tp, p) lib_load_relaxed(p)
#define lib_store_ptr_release(tp, p, x) lib_store_release(p, x)

struct lib_queue {
	_Atomic(uint32_t) head;
	_Atomic(uintptr_t) tail;
	uint32_t plain;
};

#endif
