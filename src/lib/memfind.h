/*
 * mem_find(): memmem() for the short words the C front end looks for in
 * every file of a tree ("define", "include", "volatile", "struct").
 * glibc's memmem() takes such a needle a byte at a time; on a kernel
 * tree its passes were 12 % of an audit (issue #35).  This one compares
 * the needle's first and last bytes with 16 positions at once (SSE2)
 * and checks the rest only where both match.  The answer is memmem()'s:
 * the first occurrence, or NULL.
 */
#ifndef RWONCE_LIB_MEMFIND_H
#define RWONCE_LIB_MEMFIND_H

#include <stddef.h>

const char *mem_find(const char *hay, size_t n, const char *needle, size_t m);

/*
 * Does hay[0..n) hold a[0..am) or b[0..bm)?  One pass for both (both
 * needles' first and last bytes compared at each position), where two
 * mem_find() calls would read every byte twice: discovery asks it of
 * every file ("_MSC_VER", "__cplusplus").
 */
int mem_find_either(const char *hay, size_t n, const char *a, size_t am,
		    const char *b, size_t bm);

/*
 * The first place in hay[0..n) where needle[0..m) matches with letters
 * in either case, as strncasecmp() in the C locale compares them, or
 * NULL; needle's letters are given in lower case.  rwonce-ignore
 * markers are searched so in every file of a run.
 */
const char *mem_find_nocase(const char *hay, size_t n, const char *needle,
			    size_t m);

/* The bytes of p[0..n) that are c: 32 at a time with AVX2, else 8 in a
 * 64-bit word.  Discovery numbers a #define's line so. */
size_t mem_count(const char *p, size_t n, char c);

/* Are the AVX2 paths on: the processor has AVX2 and no test turned
 * them off (mem_find_without_avx2())?  The other scans that take 32
 * bytes at a time where they can (once_macros_any()) ask it too. */
int mem_find_avx2(void);

/* For tests: 16 positions at a time even where AVX2 is there (1), or
 * back to the processor's best (0).  Not thread-safe. */
void mem_find_without_avx2(int off);

#endif
