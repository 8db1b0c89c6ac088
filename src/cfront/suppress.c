/* rwonce-ignore[...] comments (suppress.h). */
#define _GNU_SOURCE /* memmem */
#include "cfront/suppress.h"
#include "cfront/comments.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct find_ctx {
	const char *buf;
	struct suppression_list *out;
};

static int id_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	       c == '_' || (c >= 'A' && c <= 'Z');
}

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The reason: text[0..n) with runs of blanks made one space, the '*'
 * that begins a block comment's continuation line dropped, trimmed.
 * NULL when nothing is left.
 */
static char *reason_of(const char *text, size_t n)
{
	struct strbuf sb = STRBUF_INIT;
	int at_line_start = 0, space = 0;

	for (size_t i = 0; i < n; i++) {
		char c = text[i];

		if (c == '\n') {
			at_line_start = 1;
			space = 1;
			continue;
		}
		if (blank(c)) {
			space = 1;
			continue;
		}
		if (at_line_start && c == '*') {
			at_line_start = 0;
			continue;
		}
		at_line_start = 0;
		if (space && sb.len)
			strbuf_addch(&sb, ' ');
		space = 0;
		strbuf_addch(&sb, c);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

/* Parse one marker at text[0..] (just after "rwonce-ignore"), up to end;
 * returns where the next marker may be looked for. */
static const char *parse_one(const char *p, const char *end,
			     struct suppression *s)
{
	const char *next;

	if (p >= end || *p != '[') {
		s->malformed = "no '[' after " SUPPRESS_MARKER;
		return p;
	}
	p++;
	for (;;) {
		const char *id;

		while (p < end && blank(*p))
			p++;
		id = p;
		while (p < end && id_char(*p))
			p++;
		if (p == id) {
			s->malformed = "a rule id is missing in the brackets";
			return p;
		}
		s->ids = xrealloc(s->ids, (s->nr_ids + 1) * sizeof(*s->ids));
		s->ids[s->nr_ids++] = xstrndup(id, (size_t)(p - id));
		while (p < end && blank(*p))
			p++;
		if (p < end && *p == ',') {
			p++;
			continue;
		}
		if (p < end && *p == ']') {
			p++;
			break;
		}
		s->malformed = "the brackets do not close after the rule ids";
		return p;
	}
	while (p < end && blank(*p))
		p++;
	/* The reason runs to the end of the comment or the next marker. */
	next = p < end ? memmem(p, (size_t)(end - p), SUPPRESS_MARKER,
				strlen(SUPPRESS_MARKER)) : NULL;
	if (!next)
		next = end;
	if (p < next && *p == ':')
		s->reason = reason_of(p + 1, (size_t)(next - p - 1));
	return next;
}

static unsigned lines_before(const char *from, const char *to)
{
	unsigned n = 0;

	for (; from < to; from++)
		n += *from == '\n';
	return n;
}

static void one_comment(const struct comment *c, void *arg)
{
	struct find_ctx *ctx = arg;
	const char *text = ctx->buf + c->off, *end = text + c->len;
	const char *p = text;

	while (p < end && (p = memmem(p, (size_t)(end - p), SUPPRESS_MARKER,
				      strlen(SUPPRESS_MARKER)))) {
		struct suppression *s;

		/* "no-rwonce-ignore" or "rwonce-ignored" is another word */
		if ((p > text && id_char(p[-1])) ||
		    (p + strlen(SUPPRESS_MARKER) < end &&
		     id_char(p[strlen(SUPPRESS_MARKER)]))) {
			p += strlen(SUPPRESS_MARKER);
			continue;
		}
		ALLOC_GROW(ctx->out->items, ctx->out->nr + 1, ctx->out->alloc);
		s = &ctx->out->items[ctx->out->nr++];
		memset(s, 0, sizeof(*s));
		s->line = c->line + lines_before(text, p);
		s->first_line = c->line;
		s->last_line = c->end_line + 1;
		p = parse_one(p + strlen(SUPPRESS_MARKER), end, s);
	}
}

void suppressions_find(const char *buf, size_t len,
		       struct suppression_list *out)
{
	struct find_ctx ctx = { buf, out };

	/* Most files have none: skip the comment scan. */
	if (!memmem(buf, len, SUPPRESS_MARKER, strlen(SUPPRESS_MARKER)))
		return;
	comments_each(buf, len, one_comment, &ctx);
}

const struct suppression *suppression_for(const struct suppression_list *l,
					  unsigned line, const char *rule)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct suppression *s = &l->items[i];

		if (s->malformed || line < s->first_line || line > s->last_line)
			continue;
		for (size_t k = 0; k < s->nr_ids; k++)
			if (!strcmp(s->ids[k], rule))
				return s;
	}
	return NULL;
}

void suppression_list_release(struct suppression_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		for (size_t k = 0; k < l->items[i].nr_ids; k++)
			free(l->items[i].ids[k]);
		free(l->items[i].ids);
		free(l->items[i].reason);
	}
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}
