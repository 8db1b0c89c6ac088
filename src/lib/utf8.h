/* UTF-8 well-formedness, for the lexer and for the JSON/SARIF writers. */
#ifndef RWONCE_UTF8_H
#define RWONCE_UTF8_H

#include <stddef.h>

/*
 * Length of the well-formed UTF-8 sequence at s, of which avail bytes may
 * be read: 1 for ASCII, 2..4 for a sequence without overlongs or
 * surrogates and at most U+10FFFF; 0 when the bytes are not one.
 */
size_t utf8_sequence(const unsigned char *s, size_t avail);

struct strbuf;

/*
 * Append s[0..n) as text safe for a terminal: a control character (C0,
 * DEL, C1 -- ESC starts the escape and OSC sequences that recolour,
 * retitle or rewrite a terminal) becomes "\n", "\t" or "\xNN"
 * ("\u0080".."\u009f" for C1 in UTF-8), a byte that is not part of
 * well-formed UTF-8 "\xNN"; a backslash stays one.  keep_newlines: a
 * '\n' (and a tab) stays as it is -- for a block of text the program
 * wrote, never for a file name.
 */
void strbuf_add_visible(struct strbuf *sb, const char *s, size_t n,
			int keep_newlines);

#endif
