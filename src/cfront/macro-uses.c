/* A macro whose body is an access, and its uses (macro-uses.h). */
#include "cfront/macro-uses.h"
#include "cfront/lexer.h"
#include "lib/memfind.h"

#include <string.h>

/* The '#' of the directive token i is in, or l->nr when none. */
static size_t directive_start(const struct token_list *l, size_t i)
{
	while (i > 0 && (l->tok[i].flags & TF_DIRECTIVE) &&
	       l->tok[i].kind != TOK_HASH)
		i--;
	return l->tok[i].kind == TOK_HASH ? i : l->nr;
}

/* One past the directive's last token (hash: its '#'). */
static size_t directive_end(const struct token_list *l, size_t hash)
{
	size_t i = hash + 1;

	while (i < l->nr - 1 && (l->tok[i].flags & TF_DIRECTIVE) &&
	       !(l->tok[i].flags & TF_BOL))
		i++;
	return i;
}

int macro_body_whole(const char *buf, const struct token_list *l,
		     size_t begin, size_t end, size_t *name,
		     int *function_like)
{
	size_t hash, stop, b, n;
	struct tok_range body;

	if (!(l->tok[begin].flags & TF_DIRECTIVE))
		return 0;
	hash = directive_start(l, begin);
	if (hash >= l->nr || !tok_ident(buf, l, hash + 1, "define") ||
	    l->tok[hash + 2].kind != TOK_IDENT ||
	    (l->tok[hash + 2].flags & TF_BOL))
		return 0;
	n = hash + 2;
	stop = directive_end(l, hash);
	b = n + 1;
	/* "NAME(" with no space between: a parameter list */
	*function_like = b < stop && tok_punct(buf, l, b, "(") &&
			 !(l->tok[b].flags & TF_SPACE_BEFORE);
	if (*function_like) {
		b = tok_match(buf, l, b);
		if (b >= stop)
			return 0;
		b++;
	}
	if (begin < b || end > stop)
		return 0;
	body = tok_unparen(buf, l, (struct tok_range){ b, stop });
	if (body.begin != begin || body.end != end)
		return 0;
	*name = n;
	return 1;
}

static void count(struct macro_use_kinds *out, int u, unsigned line)
{
	if (out->count[u] < MACRO_USE_LINES)
		out->lines[u][out->count[u]] = line;
	out->count[u]++;
	out->total++;
}

void macro_use_kinds(const char *buf, const struct token_list *l,
		     size_t name, int function_like, int deref,
		     struct macro_use_kinds *out)
{
	const struct token *nt = &l->tok[name];
	size_t eof = l->nr - 1, len = l->tok[eof].off, from;
	const char *at;

	memset(out, 0, sizeof(*out));
	/* a macro is used after its #define: the name's first mention
	 * after it, if any, is where the tokens are looked at from */
	from = nt->off + nt->len;
	at = from < len ? mem_find(buf + from, len - from, buf + nt->off,
				   nt->len) : NULL;
	if (!at)
		return;
	from = (size_t)(at - buf);
	for (size_t i = name + 1; i < eof; i++) {
		const struct token *t = &l->tok[i];
		size_t end = i + 1, begin = i;

		if (t->off < from || t->kind != TOK_IDENT || t->len != nt->len ||
		    (t->flags & TF_DIRECTIVE) ||
		    memcmp(buf + t->off, buf + nt->off, nt->len))
			continue;
		if (function_like) {
			if (!tok_punct(buf, l, i + 1, "("))
				continue; /* the name alone: not a call */
			end = tok_match(buf, l, i + 1);
			if (end >= eof)
				continue;
			end++;
		}
		if (deref && i > 0 && tok_punct(buf, l, i - 1, "*") &&
		    !(i >= 2 && tok_ends_operand(buf, l, i - 2))) {
			begin = i - 1; /* "*NAME(x)", not a product */
		} else if (deref && tok_punct(buf, l, end, "[")) {
			size_t m = tok_match(buf, l, end);

			if (m >= eof)
				continue;
			end = m + 1;
		} else if (deref && tok_punct(buf, l, end, "->") &&
			   l->tok[end + 1].kind == TOK_IDENT) {
			end += 2;
		} else if (deref) {
			continue; /* the pointer, not what it points to */
		}
		count(out, once_in_asm_operand(buf, l, begin) ? MACRO_USE_ASM :
			   (int)once_use_classify(buf, l, begin, end), t->line);
		i = end - 1;
	}
}

int find_volatile_pointer_body(const char *buf, const struct token_list *l,
			       size_t i, struct volatile_cast *vc,
			       size_t *name, int *function_like)
{
	size_t close, opend;

	if (!(l->tok[i].flags & TF_DEFINE_BODY) || !tok_punct(buf, l, i, "("))
		return 0;
	/* cheap first: a 'volatile' among the next few tokens, before
	 * any ')' -- every '(' of every body is asked */
	for (close = i + 1; close < l->nr - 1 && close < i + 8; close++)
		if (tok_ident(buf, l, close, "volatile") ||
		    tok_ident(buf, l, close, "__volatile__") ||
		    tok_ident(buf, l, close, "__volatile") ||
		    tok_punct(buf, l, close, ")"))
			break;
	if (close >= l->nr - 1 || tok_punct(buf, l, close, ")") ||
	    close == i + 8)
		return 0;
	close = tok_match(buf, l, i);
	if (close >= l->nr - 1 || !volatile_pointer_type(buf, l, i, close))
		return 0;
	opend = unary_expr_end(buf, l, close + 1);
	if (opend == close + 1 ||
	    !macro_body_whole(buf, l, i, opend, name, function_like))
		return 0;
	volatile_cast_deref(vc, i, opend, i, close, opend);
	return 1;
}
