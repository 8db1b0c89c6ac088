#include "lib/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	strbuf_grow(sb, 0);
}

void strbuf_init_copy(struct strbuf *sb, const void *data, size_t len)
{
	if (len + 1 < len)
		die("string too large");
	sb->buf = xmalloc(len + 1);
	if (len) /* data may be NULL then */
		memcpy(sb->buf, data, len);
	sb->buf[len] = '\0';
	sb->len = len;
	sb->alloc = len + 1;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;

	if (need < sb->len)
		die("string too large");
	if (need > sb->alloc) {
		size_t a = sb->alloc ? sb->alloc : 64;

		while (a < need)
			a *= 2;
		sb->buf = xrealloc(sb->buf, a);
		sb->alloc = a;
		sb->buf[sb->len] = '\0';
	}
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	strbuf_grow(sb, len);
	if (len) /* data may be NULL then */
		memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	char ch = (char)c;

	strbuf_add(sb, &ch, 1);
}

void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	sb->len += n;
	sb->buf[sb->len] = '\0';
}

void strbuf_add_uint(struct strbuf *sb, unsigned long long v, int width)
{
	char digits[24];
	size_t n = 0;

	do {
		digits[sizeof(digits) - ++n] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (width > 0 && (size_t)width > n)
		strbuf_addchars(sb, ' ', (size_t)width - n);
	strbuf_add(sb, digits + sizeof(digits) - n, n);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list again;
	size_t room;
	int n;

	/* Most results fit in what is spare (at least 64 bytes): one
	 * vsnprintf; a longer one is formatted again once the room is
	 * there. */
	strbuf_grow(sb, 64);
	room = sb->alloc - sb->len;
	va_copy(again, ap);
	n = vsnprintf(sb->buf + sb->len, room, fmt, again);
	va_end(again);
	if (n < 0)
		die("bad format string");
	if ((size_t)n >= room) {
		strbuf_grow(sb, (size_t)n);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	}
	sb->len += (size_t)n;
	sb->buf[sb->len] = '\0';
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf)
		sb->buf[0] = '\0';
}

void strbuf_release(struct strbuf *sb)
{
	free(sb->buf);
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
}

const char *strbuf_str(const struct strbuf *sb)
{
	return sb->buf ? sb->buf : "";
}

char *strbuf_detach(struct strbuf *sb)
{
	char *p;

	strbuf_grow(sb, 0);
	p = sb->buf;
	sb->buf = NULL;
	sb->len = sb->alloc = 0;
	return p;
}
