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

#endif
