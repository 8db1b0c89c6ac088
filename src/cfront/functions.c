/* Function definitions and their lines (functions.h). */
#include "cfront/functions.h"
#include "cfront/tokscan.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* The token before i that is not in a directive line; (size_t)-1 if none. */
static size_t prev_code(const struct token_list *l, size_t i)
{
	while (i-- > 0)
		if (!(l->tok[i].flags & TF_DIRECTIVE))
			return i;
	return (size_t)-1;
}

/* The '(' that the ')' at close closes, scanning back; (size_t)-1. */
static size_t open_paren(const char *buf, const struct token_list *l,
			 size_t close)
{
	size_t depth = 0, i = close + 1;

	while ((i = prev_code(l, i)) != (size_t)-1) {
		if (tok_punct(buf, l, i, ")"))
			depth++;
		else if (tok_punct(buf, l, i, "(") && !--depth)
			return i;
	}
	return (size_t)-1;
}

static int is_attribute(const char *buf, const struct token_list *l, size_t i)
{
	return tok_ident(buf, l, i, "__attribute__") ||
	       tok_ident(buf, l, i, "__attribute") ||
	       tok_ident(buf, l, i, "__declspec");
}

static int not_a_name(const char *buf, const struct token_list *l, size_t i)
{
	return tok_is_operator_keyword(buf, l, i) ||
	       tok_is_condition_keyword(buf, l, i) ||
	       tok_is_unevaluated_keyword(buf, l, i);
}

/*
 * Is the '{' at brace a function body?  Its name's token in *name if so.
 * Between the parameter list and the body: attributes, and C++'s const,
 * noexcept, override, final.
 */
static int body_of(const char *buf, const struct token_list *l, size_t brace,
		   size_t *name)
{
	size_t p = prev_code(l, brace);

	for (;;) {
		size_t open;

		if (p == (size_t)-1)
			return 0;
		if (tok_ident(buf, l, p, "const") || tok_ident(buf, l, p, "noexcept") ||
		    tok_ident(buf, l, p, "override") || tok_ident(buf, l, p, "final")) {
			p = prev_code(l, p);
			continue;
		}
		if (!tok_punct(buf, l, p, ")"))
			return 0;
		open = open_paren(buf, l, p);
		if (open == (size_t)-1)
			return 0;
		p = prev_code(l, open);
		if (p == (size_t)-1)
			return 0;
		/* __attribute__((x)): look further back */
		if (is_attribute(buf, l, p)) {
			p = prev_code(l, p);
			continue;
		}
		if (l->tok[p].kind != TOK_IDENT || not_a_name(buf, l, p))
			return 0;
		*name = p;
		return 1;
	}
}

void functions_find(const char *buf, const struct token_list *l,
		    struct function_list *out)
{
	for (size_t i = 0; i + 1 < l->nr; i++) {
		size_t name, end;

		if (l->tok[i].flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, i, "(") || tok_punct(buf, l, i, "[")) {
			i = tok_match(buf, l, i);
			continue;
		}
		if (!tok_punct(buf, l, i, "{"))
			continue;
		if (body_of(buf, l, i, &name)) {
			struct function_span *f;
			struct strbuf sb = STRBUF_INIT;

			end = tok_match_body(buf, l, i);
			ALLOC_GROW(out->items, out->nr + 1, out->alloc);
			f = &out->items[out->nr++];
			token_spelling(buf, &l->tok[name], &sb);
			f->name = strbuf_detach(&sb);
			f->first_line = l->tok[name].line;
			f->last_line = l->tok[end].line;
			i = end;
		} else if (i > 0 && prev_code(l, i) != (size_t)-1 &&
			   l->tok[prev_code(l, i)].kind == TOK_STRING) {
			/* extern "C" { ... }: the definitions are inside */
		} else {
			/* a struct, an initializer: nothing inside */
			i = tok_match(buf, l, i);
		}
	}
}

const char *function_at(const struct function_list *fl, unsigned line)
{
	size_t lo = 0, hi = fl->nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (fl->items[mid].last_line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < fl->nr && fl->items[lo].first_line <= line &&
	    line <= fl->items[lo].last_line)
		return fl->items[lo].name;
	return NULL;
}

void function_list_release(struct function_list *fl)
{
	for (size_t i = 0; i < fl->nr; i++)
		free(fl->items[i].name);
	free(fl->items);
	fl->items = NULL;
	fl->nr = fl->alloc = 0;
}
