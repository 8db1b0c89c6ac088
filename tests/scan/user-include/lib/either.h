/*
 * A function that is a once-accessor on one side of an #if and a
 * __sync builtin on the other (tests/t4350-scan-user-rmw.t): no
 * accessor.  The header defines nothing else, so discovery drops every
 * accessor it found here (it once leaked that list).
 */
#ifndef USER_LIB_EITHER_H
#define USER_LIB_EITHER_H

#include <stdint.h>

#ifdef USER_LIB_EITHER_SYNC
static inline uint32_t ld_either(const uint32_t *p)
{
	return __sync_fetch_and_add((uint32_t *)p, 0);
}
#else
static inline uint32_t ld_either(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}
#endif

#endif
