/*
 * The words of a file that a `(` may follow, kept as a small filter, so
 * that a later question "may this file call X?" -- for an X known only
 * after the file was read -- is answered without reading it again.  "No"
 * is exact: a file where the lexer sees X (a run of [A-Za-z0-9_] not
 * starting with a digit, which every identifier token the lexer makes of
 * plain bytes is) followed by a `(` token is never turned away.  The word
 * is kept when the first byte after it that is not white space is `(`,
 * or `/` (a comment may come between), or a backslash (a line splice
 * may): a superset of the calls.  "Maybe" can be wrong (the caller reads
 * the file and checks, as it did without the filter).
 *
 * Words of one to three bytes are not kept: a name that short, or one
 * that is not plain bytes ($, UTF-8, \u), is "not filterable" and every
 * file may call it.  A name used without a `(` (an object-like macro)
 * cannot be asked.
 *
 * The filter is a blocked Bloom filter: three bits per word, in one
 * 64-bit word of the bitmap, keyed on the word's length and its first and
 * last eight bytes.  It is built at a size that follows the file's length
 * (in the caller's scratch bitmap), then folded in halves while no more
 * than an eighth of its bits are set, so that it takes about 24 bits per
 * distinct word kept, whatever the file's length (issue #35: a bit per
 * one or two bytes of every file of a tree took 60 MB on Linux 4.14.5).
 *
 * rewrite_prepass() (src/rewrite/macro-roles.c) keeps one per file of its
 * walk to find the uses of the function-like macros its walk found,
 * instead of walking the tree again for each round of them (issue #35).
 */
#ifndef RWONCE_CFRONT_WORD_FILTER_H
#define RWONCE_CFRONT_WORD_FILTER_H

#include <stddef.h>
#include <stdint.h>

struct word_filter {
	uint64_t *bits; /* NULL: not built (may call anything) */
	unsigned shift; /* the bitmap has 1 << shift bits (6 or more) */
};

/* Where a filter is built before it is folded: one per thread, kept
 * from file to file. */
struct word_filter_scratch {
	uint64_t *bits;
	size_t words; /* allocated */
};
#define WORD_FILTER_SCRATCH_INIT { NULL, 0 }
void word_filter_scratch_release(struct word_filter_scratch *sc);

/* The filter of buf[0..len). */
void word_filter_build(struct word_filter *f, const char *buf, size_t len,
		       struct word_filter_scratch *sc);
void word_filter_release(struct word_filter *f);

/* For tests: build with SSE2's masks and ident_calls_next() (1), where
 * the processor's AVX2 would be used (0, the default).  Not
 * thread-safe. */
void word_filter_force(int sse2);

/* The bytes a built filter holds (0 when none is built). */
size_t word_filter_bytes(const struct word_filter *f);

/* Can a filter answer for this name (plain bytes, four or more)? */
int word_filter_usable(const char *name, size_t n);

/* 0: the file holds no word name[0..n) followed by a `(` token (exact);
 * 1: it may. */
int word_filter_may_call(const struct word_filter *f, const char *name,
			 size_t n);

#endif
