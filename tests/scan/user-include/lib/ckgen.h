/*
 * Once-accessors made by a name-pasting generator macro whose bodies are
 * one inline-asm memory operand, the shape of Concurrency Kit's
 * include/gcc/x86_64/ck_pr.h (CK_PR_LOAD(S, M, T, C, I) defining
 * ck_pr_md_load_##S), for tests/t4340-scan-user-ck-shape.t.  The access
 * is on this header's line; the uses' lines do other memory work.
 */
#ifndef USER_LIB_CKGEN_H
#define USER_LIB_CKGEN_H

#include <stdint.h>

#if defined(__x86_64__)
#define CKG_LD(I) "mov" I " %1, %0"
#define CKG_ST(I) "mov" I " %1, %0"
#define CKG_Q "q"
#define CKG_L "l"
#elif defined(__aarch64__)
#define CKG_LD(I) "ldr %" I "0, %1"
#define CKG_ST(I) "str %" I "1, %0"
#define CKG_Q "x"
#define CKG_L "w"
#else
#error "x86-64 or aarch64"
#endif

#define CKG_LOAD(S, M, T, C, I) \
	static inline T ckg_md_load_##S(const M *target) \
	{ \
		T r; \
		__asm__ __volatile__(CKG_LD(I) : "=r"(r) \
				     : "m"(*(const C *)target) : "memory"); \
		return r; \
	}
#define CKG_STORE(S, M, T, C, I) \
	static inline void ckg_md_store_##S(M *target, T v) \
	{ \
		__asm__ __volatile__(CKG_ST(I) : "=m"(*(C *)target) \
				     : "r"(v) : "memory"); \
	}

CKG_LOAD(ptr, void, void *, uint64_t, CKG_Q)
CKG_LOAD(uint, unsigned int, unsigned int, unsigned int, CKG_L)
CKG_STORE(ptr, void, const void *, uint64_t, CKG_Q)
CKG_STORE(uint, unsigned int, unsigned int, unsigned int, CKG_L)

#define ckg_load_ptr(t) ckg_md_load_ptr((t))
#define ckg_load_uint(t) ckg_md_load_uint((t))
#define ckg_store_ptr(t, v) ckg_md_store_ptr((t), (const void *)(v))
#define ckg_store_uint(t, v) ckg_md_store_uint((t), (v))

#endif
