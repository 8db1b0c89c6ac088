/*
 * Once-accessors made by a generator macro, as Concurrency Kit makes
 * ck_pr_md_load_32 (tests/t4310-scan-user-accessors.t): no source holds
 * a definition of lib_md_load_32, and lib_load_32(x) reaches it through
 * a ## paste.
 */
#ifndef USER_LIB_GEN_H
#define USER_LIB_GEN_H

#include <stdint.h>

#define LIB_GEN_LOAD(S, T) \
	static inline T lib_md_load_##S(const T *p) \
	{ return *(const volatile T *)p; }
#define LIB_GEN_STORE(S, T) \
	static inline void lib_md_store_##S(T *p, T v) \
	{ *(volatile T *)p = v; }

/* a bug: 4 bytes of the 8-byte object */
#define LIB_GEN_LOAD_LOW(S, T) \
	static inline T lib_md_load_low_##S(const T *p) \
	{ return *(const volatile uint32_t *)p; }

LIB_GEN_LOAD(32, uint32_t)
LIB_GEN_LOAD_LOW(64, uint64_t)
LIB_GEN_LOAD(64, uint64_t)
LIB_GEN_STORE(32, uint32_t)

#define LIB_LOAD_SAFE(x, S) lib_md_load_##S((x))
#define lib_load_32(x) LIB_LOAD_SAFE((x), 32)
#define lib_load_64(x) LIB_LOAD_SAFE((x), 64)
#define lib_store_32(x, v) lib_md_store_32((x), (v))
#define lib_load_low_64(x) lib_md_load_low_64((x))

#endif
