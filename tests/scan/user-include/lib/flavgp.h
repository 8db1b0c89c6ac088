/*
 * liburcu's urcu/urcu-bp.h shape (tests/t4452-scan-user-map-calls.t): a
 * header with code includes <lib/map/flavgp-a.h>, a header of macros
 * only in a folder no file with code is in -- found under the root the
 * includer was found in (the folder above lib/), as the preprocessor
 * found it through -I, though neither -p nor the line tables name it.
 */
#ifndef USER_LIB_FLAVGP_H
#define USER_LIB_FLAVGP_H

#include <lib/map/flavgp-a.h>

/* a macro whose name a function of the unit may have too: either may
 * be what was compiled, so no call of that name is typed */
#ifdef FLAVGP_PICK_MACRO
#define pick_node(t) ((t)->first)
#endif

static inline unsigned int flavgp_mix(unsigned int a, unsigned int b)
{
	return a + (a >> (b & 7));
}

#endif
