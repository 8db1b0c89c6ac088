/* A growable, always NUL-terminated byte string. */
#ifndef RWONCE_LIB_STRBUF_H
#define RWONCE_LIB_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include "lib/util.h"

struct strbuf {
	char *buf; /* never NULL after strbuf_init or STRBUF_INIT + first add */
	size_t len, alloc;
};
#define STRBUF_INIT { NULL, 0, 0 }

void strbuf_init(struct strbuf *sb);
/* Initialise sb to a copy of data[0..len) in a buffer of exactly that size
 * (for results kept in memory until the end of a run). */
void strbuf_init_copy(struct strbuf *sb, const void *data, size_t len);
void strbuf_grow(struct strbuf *sb, size_t extra);
void strbuf_add(struct strbuf *sb, const void *data, size_t len);
void strbuf_addstr(struct strbuf *sb, const char *s);
void strbuf_addch(struct strbuf *sb, int c);
/* n copies of c ("%*s" without a format). */
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
/* v in decimal, right-aligned in width columns with blanks ("%5u"; 0:
 * no padding) -- for the loops that write a number per finding. */
void strbuf_add_uint(struct strbuf *sb, unsigned long long v, int width);
void strbuf_addf(struct strbuf *sb, const char *fmt, ...) RWONCE_PRINTF(2, 3);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
void strbuf_reset(struct strbuf *sb);
void strbuf_release(struct strbuf *sb);
/* The contents, never NULL; "" for an empty, never-grown buffer. */
const char *strbuf_str(const struct strbuf *sb);
/* Hand over the buffer (caller frees) and reset. */
char *strbuf_detach(struct strbuf *sb);

#endif
