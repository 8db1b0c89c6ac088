/* JSON strings out, JSON values in (json.h). */
#include "lib/json.h"
#include "lib/utf8.h"

#include <string.h>

/* ---- writing ---- */

static void add_escaped_ascii(struct strbuf *sb, unsigned char c)
{
	switch (c) {
	case '"': strbuf_addstr(sb, "\\\""); break;
	case '\\': strbuf_addstr(sb, "\\\\"); break;
	case '\n': strbuf_addstr(sb, "\\n"); break;
	case '\r': strbuf_addstr(sb, "\\r"); break;
	case '\t': strbuf_addstr(sb, "\\t"); break;
	default:
		if (c < 0x20 || c == 0x7f)
			strbuf_addf(sb, "\\u%04x", c);
		else
			strbuf_addch(sb, c);
	}
}

void json_add_string(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	const unsigned char *end = p + strlen((const char *)p);

	strbuf_addch(sb, '"');
	while (p < end) {
		size_t n = utf8_sequence(p, (size_t)(end - p));

		if (!n) {
			strbuf_addstr(sb, "\\ufffd");
			p++;
		} else if (n > 1) {
			strbuf_add(sb, p, n);
			p += n;
		} else {
			add_escaped_ascii(sb, *p++);
		}
	}
	strbuf_addch(sb, '"');
}

/* ---- reading ---- */

void json_reader_init(struct json_reader *j, const char *text, size_t len)
{
	j->start = j->p = text;
	j->end = text + len;
}

static void skip_blanks(struct json_reader *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' ||
				 *j->p == '\r' || *j->p == '\n'))
		j->p++;
}

int json_peek(struct json_reader *j)
{
	skip_blanks(j);
	return j->p < j->end ? (unsigned char)*j->p : 0;
}

int json_eat(struct json_reader *j, char c)
{
	if (json_peek(j) != (unsigned char)c)
		return 0;
	j->p++;
	return 1;
}

int json_at_end(struct json_reader *j)
{
	return !json_peek(j) && j->p == j->end;
}

size_t json_offset(const struct json_reader *j)
{
	return (size_t)(j->p - j->start);
}

/* Four hex digits at p (at least 4 bytes there): the value, or -1. */
static long hex4(const char *p)
{
	long v = 0;

	for (int k = 0; k < 4; k++) {
		char c = p[k];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

static void add_utf8(struct strbuf *out, unsigned long cp)
{
	if (cp < 0x80) {
		strbuf_addch(out, (int)cp);
	} else if (cp < 0x800) {
		strbuf_addch(out, 0xc0 | (int)(cp >> 6));
		strbuf_addch(out, 0x80 | (int)(cp & 0x3f));
	} else if (cp < 0x10000) {
		strbuf_addch(out, 0xe0 | (int)(cp >> 12));
		strbuf_addch(out, 0x80 | (int)((cp >> 6) & 0x3f));
		strbuf_addch(out, 0x80 | (int)(cp & 0x3f));
	} else {
		strbuf_addch(out, 0xf0 | (int)(cp >> 18));
		strbuf_addch(out, 0x80 | (int)((cp >> 12) & 0x3f));
		strbuf_addch(out, 0x80 | (int)((cp >> 6) & 0x3f));
		strbuf_addch(out, 0x80 | (int)(cp & 0x3f));
	}
}

/* After "\u": the code point (a surrogate pair read whole), or -1. */
static long unicode_escape(struct json_reader *j)
{
	long hi, lo;

	if (j->end - j->p < 4 || (hi = hex4(j->p)) < 0)
		return -1;
	j->p += 4;
	if (hi < 0xd800 || hi > 0xdfff)
		return hi;
	/* A lone surrogate is no character: U+FFFD, as the writer does. */
	if (hi > 0xdbff || j->end - j->p < 6 || j->p[0] != '\\' ||
	    j->p[1] != 'u' || (lo = hex4(j->p + 2)) < 0xdc00 || lo > 0xdfff)
		return 0xfffd;
	j->p += 6;
	return 0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00);
}

int json_read_string(struct json_reader *j, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addstr(out, "");
	if (!json_eat(j, '"'))
		return -1;
	while (j->p < j->end && *j->p != '"') {
		unsigned char c = (unsigned char)*j->p++;
		long cp;

		if (c < 0x20) {
			j->p--; /* the offset names the bad byte */
			return -1;
		}
		if (c != '\\') {
			strbuf_addch(out, c);
			continue;
		}
		if (j->p == j->end)
			return -1;
		switch (*j->p++) {
		case '"': strbuf_addch(out, '"'); break;
		case '\\': strbuf_addch(out, '\\'); break;
		case '/': strbuf_addch(out, '/'); break;
		case 'b': strbuf_addch(out, '\b'); break;
		case 'f': strbuf_addch(out, '\f'); break;
		case 'n': strbuf_addch(out, '\n'); break;
		case 'r': strbuf_addch(out, '\r'); break;
		case 't': strbuf_addch(out, '\t'); break;
		case 'u':
			cp = unicode_escape(j);
			if (cp < 0)
				return -1;
			add_utf8(out, (unsigned long)cp);
			break;
		default:
			j->p--;
			return -1;
		}
	}
	if (j->p == j->end)
		return -1;
	j->p++;
	return 0;
}

int json_read_u64(struct json_reader *j, uint64_t *v)
{
	int c = json_peek(j);

	if (c < '0' || c > '9')
		return -1;
	*v = 0;
	for (; j->p < j->end && *j->p >= '0' && *j->p <= '9'; j->p++) {
		unsigned d = (unsigned)(*j->p - '0');

		if (*v > (UINT64_MAX - d) / 10)
			return -2;
		*v = *v * 10 + d;
	}
	return 0;
}

int json_skip_value(struct json_reader *j)
{
	struct strbuf tmp = STRBUF_INIT;
	int c = json_peek(j), r = 0;

	if (!c) {
		r = -1;
	} else if (c == '"') {
		r = json_read_string(j, &tmp);
	} else if (c == '[' || c == '{') {
		char close = c == '[' ? ']' : '}';

		j->p++;
		if (json_eat(j, close))
			goto out;
		do {
			if (close == '}' &&
			    (json_read_string(j, &tmp) || !json_eat(j, ':'))) {
				r = -1;
				goto out;
			}
			if (json_skip_value(j)) {
				r = -1;
				goto out;
			}
		} while (json_eat(j, ','));
		r = json_eat(j, close) ? 0 : -1;
	} else {
		/* A number, true, false or null: up to the next delimiter. */
		const char *from = j->p;

		while (j->p < j->end && !strchr(",]}: \t\r\n\"[{", *j->p))
			j->p++;
		r = j->p == from ? -1 : 0;
	}
out:
	strbuf_release(&tmp);
	return r;
}

void json_add_path(struct strbuf *sb, const char *key, const char *path,
		   int first)
{
	const unsigned char *p = (const unsigned char *)(path ? path : "");
	size_t n = strlen((const char *)p), i = 0;

	strbuf_addstr(sb, first ? "\"" : ", \"");
	strbuf_addstr(sb, key);
	strbuf_addstr(sb, "\": ");
	json_add_string(sb, (const char *)p);
	while (i < n) {
		size_t len = utf8_sequence(p + i, n - i);

		if (!len)
			break;
		i += len;
	}
	if (i == n)
		return;
	strbuf_addstr(sb, ", \"");
	strbuf_addstr(sb, key);
	strbuf_addstr(sb, "_bytes\": \"");
	for (i = 0; i < n; i++) {
		if (p[i] > 0x20 && p[i] < 0x7f && p[i] != '%' && p[i] != '"' &&
		    p[i] != '\\')
			strbuf_addch(sb, p[i]);
		else
			strbuf_addf(sb, "%%%02X", p[i]);
	}
	strbuf_addch(sb, '"');
}

static int hex_digit(int c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ?
		c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

int json_path_bytes_decode(const char *in, struct strbuf *out)
{
	strbuf_reset(out);
	for (; *in; in++) {
		int hi, lo;

		if (*in != '%') {
			strbuf_addch(out, *in);
			continue;
		}
		hi = hex_digit(in[1]);
		lo = hi < 0 ? -1 : hex_digit(in[2]);
		if (lo < 0 || (!hi && !lo))
			return -1;
		strbuf_addch(out, hi << 4 | lo);
		in += 2;
	}
	return 0;
}
