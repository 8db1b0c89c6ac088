/*
 * Once-accessors made by a name-pasting generator macro whose bodies are
 * one inline-asm memory operand, the shape of Concurrency Kit's
 * include/gcc/x86_64/ck_pr.h (CK_PR_LOAD(S, M, T, C, I) defining
 * ck_pr_md_load_##S, invoked directly and through a second macro), for
 * tests/t4340-scan-user-ck-shape.t.  The access is on this header's
 * line; the uses' lines do other memory work.
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
CKG_STORE(ptr, void, const void *, uint64_t, CKG_Q)
/* a bug: the asm reads 4 bytes of the 8-byte object */
CKG_LOAD(low64, uint64_t, uint32_t, uint32_t, CKG_L)

/* a second level, as CK_PR_LOAD_S(S, T, I) -> CK_PR_LOAD(S, T, T, T, I) */
#define CKG_LOAD_S(S, T, I) CKG_LOAD(S, T, T, T, I)
#define CKG_STORE_S(S, T, I) CKG_STORE(S, T, T, T, I)

CKG_LOAD_S(uint, unsigned int, CKG_L)
CKG_STORE_S(uint, unsigned int, CKG_L)

#undef CKG_LOAD_S
#undef CKG_STORE_S
#undef CKG_LOAD
#undef CKG_STORE

/* the public names reach the generated ones through a paste, as
 * CK_PR_LOAD_SAFE(SRC, TYPE) and CK_PR_STORE_SAFE(DST, VAL, TYPE) do;
 * the store's first argument checks the types in an unevaluated sizeof
 * and passes the pointer on */
#define CKG_LOAD_SAFE(t, S) ckg_md_load_##S((t))
#define CKG_STORE_SAFE(t, v, S) \
	ckg_md_store_##S(((void)sizeof(*(t) = (v)), (t)), (v))

#define ckg_load_ptr(t) ckg_md_load_ptr((t))
#define ckg_load_uint(t) CKG_LOAD_SAFE((t), uint)
#define ckg_load_low64(t) CKG_LOAD_SAFE((t), low64)
#define ckg_store_ptr(t, v) ckg_md_store_ptr((t), (const void *)(v))
#define ckg_store_uint(t, v) CKG_STORE_SAFE((t), (v), uint)

#endif
