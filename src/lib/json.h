/*
 * JSON, as much as rwonce reads and writes: the one string writer every
 * report uses (always valid UTF-8, whatever bytes a path or a compiler's
 * message holds), and a small reader that walks a document value by value
 * for the few formats rwonce reads (a compilation database, fuzz's
 * results lines).  The reader builds no tree: the caller asks for what
 * it expects next and skips the rest.
 */
#ifndef RWONCE_LIB_JSON_H
#define RWONCE_LIB_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

/*
 * Append s as a JSON string, quotes included: '"', '\\' and control
 * characters escaped; well-formed UTF-8 copied as it is; a byte that is
 * not part of a well-formed sequence becomes U+FFFD ("\ufffd"), so the
 * output is valid JSON and valid UTF-8 for any input.  NULL is "".
 */
void json_add_string(struct strbuf *sb, const char *s);

/*
 * A path member: "key": "<path>" (json_add_string), and when the path is
 * not well-formed UTF-8 -- its bad bytes became U+FFFD there -- also
 * "key_bytes": the path with every byte outside printable ASCII, and
 * '%', written %XX: decoding %XX gives the path's exact bytes back.
 * Appends ", " before each member unless first.
 */
void json_add_path(struct strbuf *sb, const char *key, const char *path,
		   int first);

/* A "path_bytes" value back to the path's bytes (%XX decoded) in out
 * (reset first); -1 on a malformed %XX or a NUL byte. */
int json_path_bytes_decode(const char *in, struct strbuf *out);

/* A position in a JSON text. */
struct json_reader {
	const char *start, *p, *end;
};

/* Read text[0..len). */
void json_reader_init(struct json_reader *j, const char *text, size_t len);

/* Skip blanks; the next character, or 0 at the end of the text. */
int json_peek(struct json_reader *j);

/* Skip blanks; if the next character is c, consume it and return 1. */
int json_eat(struct json_reader *j, char c);

/*
 * A string into out (reset first), escapes decoded (\uXXXX, surrogate
 * pairs too, as UTF-8).  0, or -1 when the next value is not a
 * well-formed string (a raw control character, an unknown escape, no
 * closing quote).
 */
int json_read_string(struct json_reader *j, struct strbuf *out);

/*
 * A non-negative integer without sign, fraction or exponent.  0; -1
 * when the next value is not one; -2 when it does not fit in 64 bits.
 */
int json_read_u64(struct json_reader *j, uint64_t *v);

/* Skip the next value, whatever it is: 0, or -1 when it is malformed. */
int json_skip_value(struct json_reader *j);

/* Only blanks left? */
int json_at_end(struct json_reader *j);

/* How far the reader is into the text, in bytes (for messages). */
size_t json_offset(const struct json_reader *j);

#endif
