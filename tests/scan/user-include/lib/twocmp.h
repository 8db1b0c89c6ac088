/*
 * Once-accessors for statements that compare two objects of the same
 * width (tests/t4369-scan-user-folded-other-operand.t): a macro, a
 * static inline function whose body is one volatile load, and an
 * acquire load (the load, then a full barrier) behind a macro.
 */
#ifndef USER_LIB_TWOCMP_H
#define USER_LIB_TWOCMP_H

#include <stdint.h>

#define TWO_ONCE(x) (*(volatile __typeof__(x) *)&(x))

static __inline__ uint32_t two_load_(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}

static __inline__ uint32_t two_load_acq_(const uint32_t *p)
{
	uint32_t v = *(const volatile uint32_t *)p;
	__sync_synchronize();
	return v;
}

#define TWO_LOAD_ACQ(p) (two_load_acq_(p))

#endif
