/*
 * Does a source file hold the text a build was made from?  Two kinds of
 * evidence, kept per source file for the line tables to check:
 *
 *   - its MD5, for the units whose line table records one (DWARF 5 from
 *     clang: DW_LNCT_MD5) -- a byte-exact answer;
 *   - where its tokens start, for the others (gcc 12 records no MD5):
 *     every line-table row with a column points at the start of a token
 *     of the text it was compiled from (an expression, a statement, a
 *     macro's name), so rows that fall between tokens -- on white space,
 *     inside a word, past a line's end or the file's -- say the text has
 *     moved since.
 *
 * The token starts are kept only for sources that hold sites: the others'
 * verdicts do not depend on their lines.
 */
#ifndef RWONCE_SCAN_SOURCE_MATCH_H
#define RWONCE_SCAN_SOURCE_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "cfront/lexer.h"

struct source_match {
	unsigned char md5[16];
	int has_md5;
	unsigned nlines;
	/* the tokens of line n start at the columns
	 * tok_col[line_first[n - 1] .. line_first[n]) */
	unsigned *line_first;
	uint16_t *tok_col;
};

/* The token starts of l, and the number of lines. */
void source_match_init(struct source_match *m, const struct token_list *l);
/* m->md5 of buf[0..len) (only when a unit has an MD5 to compare: gcc's
 * do not, and every source would be hashed for nothing). */
void source_match_md5(struct source_match *m, const char *buf, size_t len);
void source_match_release(struct source_match *m);

/* Is the MD5 a line table records the one computed of a text?  Also
 * when it is written byte for byte backwards: GNU as 2.40, assembling
 * clang's output (-no-integrated-as: the kernel's LLVM_IAS=0, its rseq
 * selftests), stores each `.file ... md5` as a little-endian number. */
int source_match_md5_same(const unsigned char *recorded,
			  const unsigned char *computed);

/* Does a token start at line:col?  1 yes, 0 no, -1 not known (no token
 * starts kept, or no column). */
int source_match_token_at(const struct source_match *m, unsigned line,
			  unsigned col);

#endif
