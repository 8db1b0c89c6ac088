/*
 * One once-accessor defined in a header per architecture, the one built
 * chosen by #if, as ck's include/ck_pr.h chooses gcc/<arch>/ck_pr.h
 * (tests/t4394-scan-user-arch-citation.t): discovery reads both through
 * the includes; the one cited must be the one the build read.
 */
#ifndef USER_LIB_ARCHACC_H
#define USER_LIB_ARCHACC_H

#if defined(__x86_64__)
#include "arch/x86_64/acc.h"
#elif defined(__aarch64__)
#include "arch/aarch64/acc.h"
#else
#error "x86-64 or aarch64"
#endif

/* code of this header's own (a line table names it, and discovery
 * follows its #includes from there, as from ck's include/ck_pr.h) */
static inline unsigned int arch_scaled(unsigned int x, unsigned int by)
{
	return x + (x >> by);
}

#endif
