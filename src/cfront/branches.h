/*
 * One side of every #if ... #else in a buffer, without a preprocessor:
 * the lexical type index reads both sides of a conditional, so a header
 * that defines a type twice (arm's pte_t with and without
 * STRICT_MM_TYPECHECKS) gives "unknown".  Blanking the other side gives
 * each configuration's definition on its own.
 */
#ifndef RWONCE_CFRONT_BRANCHES_H
#define RWONCE_CFRONT_BRANCHES_H
#include <stddef.h>

enum branch_side {
	BRANCH_BOTH,  /* the text as it is */
	BRANCH_FIRST, /* the first group of each #if that has an #else/#elif */
	BRANCH_OTHER, /* the #elif/#else groups of each such #if */
};

/*
 * Replace, in buf[0..len), the code lines of the groups that `side`
 * leaves out by blanks (newlines stay, so line numbers do not move).  An
 * #if without #else/#elif (an include guard) is kept whole either way.
 * An #ifdef/#ifndef NAME that the buffer itself decides -- NAME was
 * #define'd or #undef'd on an earlier line -- keeps only the group taken,
 * whatever the side (BRANCH_BOTH too).  Returns whether the buffer has
 * any #else/#elif at all.
 */
int branch_keep(char *buf, size_t len, enum branch_side side);

/*
 * Blank, in buf[0..len), the lines of the groups that only a C++ or an
 * MSVC compilation reads: a group of #ifdef _MSC_VER, #ifdef __cplusplus,
 * or of an #if or #elif whose condition starts with defined(_MSC_VER),
 * _MSC_VER, defined(__cplusplus) or __cplusplus and has no "||"
 * (mimalloc's atomic.h defines mi_atomic(name) as std::atomic_##name,
 * mi_atomic_##name or atomic_##name on the three sides of one #if; a C
 * unit built by gcc or clang for ELF reads only the last).  Directive
 * lines of nested conditionals stay; the #defines among them go.
 * Newlines stay, so line numbers do not move.  Returns whether anything
 * was blanked.
 */
int branch_blank_foreign(char *buf, size_t len);

#endif
