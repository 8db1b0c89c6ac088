/*
 * nsync's gcc_old/atomic.h as clang builds take it
 * (tests/t4390-scan-user-helper-in-accessor.t): an acquire load is a
 * function that loads through a helper macro of another header
 * (lib/hlpword.h), then puts a full barrier (the mfence or dmb clang
 * keeps in the inlined copy when it folds the load into the caller);
 * the once-macro calls the function.
 */
#ifndef USER_LIB_HLPFN_H
#define USER_LIB_HLPFN_H

#include <lib/hlpword.h>

static __inline__ uint32_t hlp_load_u32_(hlp_word *p)
{
	uint32_t result = HLP_WORD_LOAD_((volatile hlp_word *)p);
	__sync_synchronize();
	return result;
}

/* its helper's definitions disagree on the object: no accessor */
static __inline__ uint32_t hlp_odd_u32_(hlp_word *p)
{
	uint32_t result = HLP_WORD_ODD_((volatile hlp_word *)p);
	__asm__ __volatile__("" : : : "memory");
	return result;
}

#define HLP_LOAD(p) (hlp_load_u32_(p))
#define HLP_ODD(p) (hlp_odd_u32_(p))

struct hlp_lock {
	hlp_word word;
	hlp_word waiters[2];
};

#endif
