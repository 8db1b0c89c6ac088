/*
 * A file's words kept as a small filter, so that a later question "may
 * this file name X?" -- for an X known only after the file was read --
 * is answered without reading it again.  "No" is exact: a file that holds
 * X as a word (a run of [A-Za-z0-9_] not starting with a digit, which
 * every identifier token the lexer makes of plain bytes is) is never
 * turned away.  "Maybe" can be wrong (the caller reads the file and
 * checks, as it did without the filter): the filter keeps, per word, two
 * bits of a bitmap of a bit per two to four bytes of the file, keyed on
 * the word's length and its first and last eight bytes.
 *
 * Words of one to three bytes are not kept (most of a C file's words:
 * int, for, i, p): a name that short, or one that is not plain
 * bytes ($, UTF-8, \u), is "not filterable" and every file may name it.
 *
 * rewrite_prepass() (src/rewrite/macro-roles.c) keeps one per file of its
 * walk to find the uses of the macros its walk found, instead of walking
 * the tree again for each round of them (issue #35).
 */
#ifndef RWONCE_CFRONT_WORD_FILTER_H
#define RWONCE_CFRONT_WORD_FILTER_H

#include <stddef.h>
#include <stdint.h>

struct word_filter {
	uint64_t *bits; /* NULL: not built (may name anything) */
	unsigned shift; /* the bitmap has 1 << shift bits */
};

/* The filter of buf[0..len). */
void word_filter_build(struct word_filter *f, const char *buf, size_t len);
void word_filter_release(struct word_filter *f);

/* Can a filter answer for this name (plain bytes, four or more)? */
int word_filter_usable(const char *name, size_t n);

/* 0: the file holds no word name[0..n) (exact); 1: it may. */
int word_filter_may_name(const struct word_filter *f, const char *name,
			 size_t n);

#endif
