/*
 * The comments of a C file, found without a token list: what a
 * `rwonce-ignore[...]` suppression is written in (suppress.h).  String and
 * character literals are skipped (a "//" in a string is no comment); a
 * `//` comment whose line ends with a backslash goes on to the next line,
 * as in C; an unterminated block comment runs to the end of the file.
 */
#ifndef RWONCE_CFRONT_COMMENTS_H
#define RWONCE_CFRONT_COMMENTS_H

#include <stddef.h>

struct comment {
	size_t off, len;          /* the text between the delimiters */
	unsigned line, end_line;  /* 1-based: where it starts and ends */
};

/* Call fn for each comment of buf[0..len), in order. */
void comments_each(const char *buf, size_t len,
		   void (*fn)(const struct comment *c, void *arg), void *arg);

#endif
