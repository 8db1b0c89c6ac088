/*
 * An acquire load as nsync's gcc_old/atomic.h writes it
 * (tests/t4391-scan-user-folded-accessor.t): a function that loads what
 * its argument points to through a volatile cast, then puts a full
 * barrier; the once-macro calls it.  clang folds the load into the
 * caller's compare, on the caller's line, and leaves the inlined copy
 * with the barrier only.
 */
#ifndef USER_LIB_FOLDACQ_H
#define USER_LIB_FOLDACQ_H

#include <stdint.h>

static __inline__ uint32_t fold_load_acq_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	__sync_synchronize();
	return result;
}

#define FOLD_LOAD_ACQ(p) (fold_load_acq_(p))

#endif
