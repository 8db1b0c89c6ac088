/* The generic fallbacks of stkfence.h's overrides. */
#include "stkfence.h"

#ifndef sf_store
static inline void sf_store(volatile int *p, int x)
{
	*p = x;
}
#endif
