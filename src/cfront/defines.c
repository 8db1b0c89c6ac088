/*
 * Finding a #define from a token of its body (defines.h).  The lexer
 * flags every token of a directive line TF_DIRECTIVE, the first one ('#')
 * TF_BOL, and the replacement list TF_DEFINE_BODY; a line splice does not
 * start a new logical line, so a multi-line macro is one range.
 */
#include "cfront/defines.h"
#include "cfront/ident-mask.h"
#include "cfront/lexer.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <string.h>

int define_span_at(const char *buf, const struct token_list *l, size_t i,
		   struct define_span *d)
{
	size_t hash = i, k, eof = l->nr - 1;

	if (i >= eof || !(l->tok[i].flags & TF_DEFINE_BODY))
		return -1;
	while (hash > 0 && !(l->tok[hash].flags & TF_BOL))
		hash--;
	if (l->tok[hash].kind != TOK_HASH || hash + 2 >= eof ||
	    !tok_ident(buf, l, hash + 1, "define") ||
	    l->tok[hash + 2].kind != TOK_IDENT)
		return -1;
	d->name = hash + 2;
	d->function_like = tok_punct(buf, l, hash + 3, "(") &&
			   !(l->tok[hash + 3].flags & TF_DEFINE_BODY);
	for (k = hash + 3; k < i && !(l->tok[k].flags & TF_DEFINE_BODY); k++)
		;
	d->body.begin = k;
	for (k = i + 1; k < eof && (l->tok[k].flags & TF_DEFINE_BODY) &&
			!(l->tok[k].flags & TF_BOL); k++)
		;
	d->body.end = k;
	return 0;
}

/*
 * The end of the directive whose "define" ends at p, or a place past it:
 * the first newline that no splice (a backslash, blanks, an optional
 * \r) comes before and no block comment spans.  A "/" "*" inside a
 * literal or a line comment is taken as one too: the end is then later,
 * which only makes more text to look in.
 */
static const char *directive_end(const char *p, const char *end)
{
	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *o = p, *b;

		if (!nl)
			return end;
		/* a block comment opened on this line and closed after it */
		while ((o = mem_find(o, (size_t)(nl - o), "/*", 2))) {
			const char *c = mem_find(o + 2, (size_t)(end - o - 2),
						 "*/", 2);

			if (!c)
				return end;
			if (c >= nl)
				break;
			o = c + 2;
		}
		if (o) {
			p = mem_find(o + 2, (size_t)(end - o - 2), "*/", 2) + 2;
			continue;
		}
		b = nl;
		if (b > p && b[-1] == '\r')
			b--;
		while (b > p && (b[-1] == ' ' || b[-1] == '\t'))
			b--;
		if (b > p && b[-1] == '\\') {
			p = nl + 1;
			continue;
		}
		return nl;
	}
}

static void names_after_define(const char *buf, size_t len,
			       void (*fn)(const char *, size_t, void *),
			       void *ctx)
{
	const char *end = buf + len;

	for (const char *p = buf;
	     (p = mem_find(p, (size_t)(end - p), "define", 6)); p += 6) {
		const char *q = p + 6, *name, *stop;

		while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' ||
				   *q == '\r' || *q == '\v' || *q == '\f' ||
				   *q == '\\'))
			q++;
		name = q;
		while (q < end && ident_words_byte((unsigned char)*q))
			q++;
		if (q == name)
			continue;
		/* a volatile cast of the body says "volatile" in it */
		stop = directive_end(q, end);
		if (mem_find(q, (size_t)(stop - q), "volatile", 8))
			fn(name, (size_t)(q - name), ctx);
	}
}

void define_names_each(const char *buf, size_t len,
		       void (*fn)(const char *name, size_t n, void *ctx),
		       void *ctx)
{
	char *joined;
	size_t n = 0;

	names_after_define(buf, len, fn, ctx);
	if (!lex_word_spliced(buf, len))
		return;
	joined = xmalloc(len + 1);
	for (size_t i = 0; i < len;) {
		size_t k = buf[i] == '\\' ? lex_splice_len(buf, len, i) : 0;

		if (k) {
			i += k;
			continue;
		}
		joined[n++] = buf[i++];
	}
	names_after_define(joined, n, fn, ctx);
	free(joined);
}
