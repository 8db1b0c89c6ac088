/* rwonce-ignore[...] comments (suppress.h). */
#define _GNU_SOURCE /* memmem */
#include "cfront/suppress.h"
#include "cfront/comments.h"
#include "cfront/lexer.h"
#include "lib/memfind.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct find_ctx {
	const char *buf;
	size_t len;
	struct suppression_list *out;
};

#define MARKER_LEN (sizeof(SUPPRESS_MARKER) - 1)

/* The marker in text[0..n), in any case, or NULL.  Every file of a run
 * is searched, nearly always in vain: mem_find_nocase() compares three
 * of its bytes at 32 positions at once, the rest only where they match. */
static const char *find_marker(const char *text, size_t n)
{
	return mem_find_nocase(text, n, SUPPRESS_MARKER, MARKER_LEN);
}

int suppressions_present(const char *buf, size_t len)
{
	return find_marker(buf, len) != NULL;
}

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

/* Parse one marker at text[0..] (just after "rwonce-ignore" and its
 * -begin/-file suffix), up to end; returns where the next marker may be
 * looked for.  An end marker takes no ids. */
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
	next = p < end ? find_marker(p, (size_t)(end - p)) : NULL;
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

/* Is there code before the comment whose text starts at text (after
 * its two-byte delimiter) on the same line: a comment at a line's end? */
static int code_before(const char *buf, const char *text)
{
	const char *p = text - 2 >= buf ? text - 2 : buf;

	while (p > buf && p[-1] != '\n') {
		p--;
		if (!blank(*p))
			return 1;
	}
	return 0;
}

/* The suffix after the marker: "", "-begin", "-end" or "-file" (any
 * case); its length in *n, -1 for another word ("rwonce-ignored"). */
enum marker_kind { MARK_ONE, MARK_BEGIN, MARK_END, MARK_FILE, MARK_OTHER };

static enum marker_kind marker_kind(const char *p, const char *end, size_t *n)
{
	static const struct { const char *s; enum marker_kind k; } kinds[] = {
		{ "-begin", MARK_BEGIN }, { "-end", MARK_END },
		{ "-file", MARK_FILE },
	};

	*n = 0;
	for (size_t i = 0; i < ARRAY_SIZE(kinds); i++) {
		size_t l = strlen(kinds[i].s);

		if ((size_t)(end - p) >= l && !strncasecmp(p, kinds[i].s, l) &&
		    (p + l == end || !id_char(p[l]))) {
			*n = l;
			return kinds[i].k;
		}
	}
	return p < end && id_char(*p) ? MARK_OTHER : MARK_ONE;
}

static void one_comment(const struct comment *c, void *arg)
{
	struct find_ctx *ctx = arg;
	const char *text = ctx->buf + c->off, *end = text + c->len;
	const char *p = text;

	while (p < end && (p = find_marker(p, (size_t)(end - p)))) {
		struct suppression *s;
		enum marker_kind k;
		size_t n;

		/* "no-rwonce-ignore" or "rwonce-ignored" is another word */
		k = marker_kind(p + MARKER_LEN, end, &n);
		if ((p > text && id_char(p[-1])) || k == MARK_OTHER) {
			p += MARKER_LEN;
			continue;
		}
		ALLOC_GROW(ctx->out->items, ctx->out->nr + 1, ctx->out->alloc);
		s = &ctx->out->items[ctx->out->nr++];
		memset(s, 0, sizeof(*s));
		s->line = c->line + lines_before(text, p);
		s->first_line = c->line;
		s->last_line = c->end_line + 1;
		s->scope = k == MARK_FILE ? SUPPRESS_FILE : k == MARK_ONE ?
			SUPPRESS_STATEMENT : SUPPRESS_RANGE;
		if (k == MARK_END) {
			/* an end: no ids; closes the open begin (below) */
			s->malformed = "end";
			p += MARKER_LEN + n;
			continue;
		}
		if (k == MARK_ONE && !code_before(ctx->buf, text))
			s->first_line = 0; /* own lines: the statement after */
		p = parse_one(p + MARKER_LEN + n, end, s);
		s->used = xcalloc(s->nr_ids + 1, 1);
	}
}

/*
 * The last line of the statement that starts after line `after`: its ';'
 * at depth 0, or the '{' that opens its body, or the '}' that closes
 * the block around it; 0 when there is no such token.
 */
static unsigned statement_end(const struct token_list *tl, const char *buf,
			      unsigned after)
{
	size_t i = 0;
	int depth = 0;

	while (i < tl->nr && tl->tok[i].kind != TOK_EOF &&
	       (tl->tok[i].line <= after || (tl->tok[i].flags & TF_DIRECTIVE)))
		i++;
	/* the statement must start on the line after the comment */
	if (i >= tl->nr || tl->tok[i].line != after + 1)
		return 0;
	for (; i < tl->nr && tl->tok[i].kind != TOK_EOF; i++) {
		const struct token *t = &tl->tok[i];

		if ((t->flags & TF_DIRECTIVE) || t->kind != TOK_PUNCT)
			continue;
		if (token_is(buf, t, "(") || token_is(buf, t, "["))
			depth++;
		else if (token_is(buf, t, ")") || token_is(buf, t, "]"))
			depth--;
		else if (depth <= 0 && (token_is(buf, t, ";") ||
					token_is(buf, t, "{") ||
					token_is(buf, t, "}")))
			return t->line;
		else if (token_is(buf, t, "{"))
			depth++;
		else if (token_is(buf, t, "}"))
			depth--;
	}
	return 0;
}

void suppressions_find(const char *buf, size_t len,
		       struct suppression_list *out)
{
	struct find_ctx ctx = { buf, len, out };
	struct token_list tl = TOKEN_LIST_INIT;
	size_t first = out->nr;
	int lexed = 0;

	/* Most files have none: skip the comment scan. */
	if (!suppressions_present(buf, len))
		return;
	comments_each(buf, len, one_comment, &ctx);
	for (size_t i = first; i < out->nr; i++) {
		struct suppression *s = &out->items[i];

		switch (s->scope) {
		case SUPPRESS_STATEMENT: {
			unsigned last;

			if (s->first_line || s->malformed)
				break;
			/* a comment on lines of its own: the statement after */
			s->first_line = s->line;
			if (!lexed) {
				lex_buffer(buf, len, &tl);
				lexed = 1;
			}
			last = statement_end(&tl, buf, s->last_line - 1);
			if (last > s->last_line)
				s->last_line = last;
			break;
		}
		case SUPPRESS_FILE:
			if (!s->malformed) {
				s->first_line = 1;
				s->last_line = ~0u;
			}
			break;
		case SUPPRESS_RANGE:
			if (s->malformed && !strcmp(s->malformed, "end"))
				break;
			if (s->malformed)
				break;
			s->malformed = SUPPRESS_MARKER "-begin without a "
				SUPPRESS_MARKER "-end after it";
			for (size_t k = i + 1; k < out->nr; k++) {
				struct suppression *e = &out->items[k];

				if (e->scope == SUPPRESS_RANGE && e->malformed &&
				    !strcmp(e->malformed, "end")) {
					s->malformed = NULL;
					s->last_line = e->line;
					e->malformed = "taken"; /* closes this one */
					break;
				}
			}
			break;
		}
	}
	/* the end markers are no suppressions of their own; one left over
	 * closes nothing */
	for (size_t i = first; i < out->nr; i++) {
		struct suppression *s = &out->items[i];

		if (s->scope == SUPPRESS_RANGE && s->malformed &&
		    !strcmp(s->malformed, "end"))
			s->malformed = SUPPRESS_MARKER "-end without a "
				SUPPRESS_MARKER "-begin before it";
		else if (s->malformed && !strcmp(s->malformed, "taken"))
			s->malformed = "";
	}
	token_list_release(&tl);
}

const struct suppression *suppression_for(struct suppression_list *l,
					  unsigned line, const char *rule)
{
	for (size_t i = 0; i < l->nr; i++) {
		struct suppression *s = &l->items[i];

		if (s->malformed || line < s->first_line || line > s->last_line)
			continue;
		for (size_t k = 0; k < s->nr_ids; k++)
			if (!strcasecmp(s->ids[k], rule)) {
				s->used[k] = 1;
				return s;
			}
	}
	return NULL;
}

const struct suppression *suppression_covering(const struct suppression_list *l,
					       unsigned line)
{
	for (size_t i = 0; i < l->nr; i++) {
		const struct suppression *s = &l->items[i];

		if (!s->malformed && line >= s->first_line &&
		    line <= s->last_line)
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
		free(l->items[i].used);
	}
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}
