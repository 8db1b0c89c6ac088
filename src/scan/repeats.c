/* Sites in a repeated macro argument; the file's own macros (repeats.h). */
#include "scan/repeats.h"
#include "cfront/tokscan.h"
#include "lib/util.h"

#include <string.h>

/* Tokens walked back from a site to the macro calls around it, at most
 * (a statement of a few lines; a call's arguments are not longer). */
#define MAX_WALK 4096

void repeats_own_macros(const char *buf, const struct token_list *l,
			struct header_macros *own,
			const struct header_macros *headers)
{
	for (size_t k = 0; k + 3 < l->nr; k++) {
		size_t e = k + 1;

		if (l->tok[k].kind != TOK_HASH || !tok_ident(buf, l, k + 1, "define") ||
		    l->tok[k + 2].kind != TOK_IDENT ||
		    !tok_punct(buf, l, k + 3, "(") ||
		    (l->tok[k + 3].flags & TF_SPACE_BEFORE))
			continue;
		while (e + 1 < l->nr - 1 && !(l->tok[e + 1].flags & TF_BOL))
			e++;
		{
			char *name = xstrndup(buf + l->tok[k + 2].off,
					      l->tok[k + 2].len);

			header_macros_add(own, name, buf + l->tok[k].off,
					  l->tok[e].off + l->tok[e].len -
					  l->tok[k].off, NULL);
			free(name);
		}
		k = e;
	}
	header_macros_finish_over(own, headers);
}

/* The words before a '(' that are C's, not a macro's name, even where a
 * header defines one (the kernel's "if" of CONFIG_PROFILE_ALL_BRANCHES,
 * which a build may not have compiled). */
static const char *const keywords[] = {
	"if", "while", "for", "switch", "return", "sizeof", "do", "else",
	"case", "_Generic", "_Alignof", "_Static_assert", "__attribute__",
	"asm", "__asm__", "__asm",
};

/* ... and the typeof family (tokscan.h: token_is_typeof) */
static int keyword(const char *buf, const struct token *t)
{
	if (token_is_typeof(buf, t))
		return 1;
	for (size_t k = 0; k < ARRAY_SIZE(keywords); k++)
		if (token_is(buf, t, keywords[k]))
			return 1;
	return 0;
}

/* The token at line:col, or l->nr - 1. */
static size_t token_at(const struct token_list *l, unsigned line, unsigned col)
{
	size_t lo = 0, hi = l->nr - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct token *t = &l->tok[mid];

		if (t->line < line || (t->line == line && t->col < col))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < l->nr - 1 && l->tok[lo].line == line &&
	       l->tok[lo].col == col ? lo : l->nr - 1;
}

/* The macro named by token m holds site x in its arguments: does its
 * body name the function an accessor's use calls (sites.h:
 * arg_macro_calls)? */
static void arg_macro(struct scan_site *x, const char *buf,
		      const struct token_list *l, size_t m,
		      const struct macro_scope *sc)
{
	const char *name = buf + l->tok[m].off;
	size_t n = l->tok[m].len;
	const char *fn;

	if (!x->accessor && !x->maybe_accessor)
		return;
	fn = x->accessor_name ? x->accessor_name : x->what;
	if (header_macros_body_names(sc->own, name, n, fn) ||
	    header_macros_body_names(sc->headers, name, n, fn))
		x->arg_macro_calls = 1;
}

/*
 * Walk out from token i through the brackets around it, to the start
 * of its statement: at each '(' that opens the arguments of a macro of
 * the scope, how often the macro evaluates the argument holding i.
 * Nested calls multiply.  The innermost macro that repeats is named.
 */
static void mark_site(struct scan_site *x, const char *buf,
		      const struct token_list *l, size_t i,
		      const struct macro_scope *sc)
{
	unsigned lo = 1, hi = 1;
	size_t commas = 0, walked = 0;
	int depth = 0, loop, looped = 0;

	for (size_t k = i; k-- > 0 && walked++ < MAX_WALK;) {
		const struct token *t = &l->tok[k];
		unsigned mn, mx;

		if (t->flags & TF_DIRECTIVE)
			break;
		if (tok_punct(buf, l, k, ")") || tok_punct(buf, l, k, "]") ||
		    tok_punct(buf, l, k, "}")) {
			depth++;
			continue;
		}
		if (depth) {
			if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[") ||
			    tok_punct(buf, l, k, "{"))
				depth--;
			continue;
		}
		if (tok_punct(buf, l, k, ",")) {
			commas++;
			continue;
		}
		if (tok_punct(buf, l, k, ";") || tok_punct(buf, l, k, "{"))
			break;
		if (!tok_punct(buf, l, k, "(")) {
			continue;
		}
		/* an enclosing '(': a macro's arguments? */
		if (k && l->tok[k - 1].kind == TOK_IDENT &&
		    !keyword(buf, &l->tok[k - 1]) &&
		    macro_arg_uses(sc, buf + l->tok[k - 1].off,
				   l->tok[k - 1].len, commas, &mn, &mx,
				   &loop)) {
			arg_macro(x, buf, l, k - 1, sc);
			if (mx >= 2 && !x->repeat_macro)
				x->repeat_macro = xstrndup(buf + l->tok[k - 1].off,
							   l->tok[k - 1].len);
			lo *= mn;
			hi *= mx;
			/* evaluated in the macro's loop: its accesses
			 * may be iterations, as in a loop of the file */
			looped |= loop;
		}
		commas = 0;
	}
	if (looped) {
		x->in_loop = 1;
		free(x->repeat_macro);
		x->repeat_macro = NULL;
	}
	if (!x->repeat_macro)
		return;
	x->repeat_min = lo;
	x->repeat_max = hi;
}

void repeats_mark_sites(struct source_sites *s, const char *buf,
			const struct token_list *l,
			const struct macro_scope *sc)
{
	for (size_t k = 0; k < s->nr; k++) {
		struct scan_site *x = &s->sites[k];
		size_t i = token_at(l, x->line, x->col);

		if (i < l->nr - 1)
			mark_site(x, buf, l, i, sc);
	}
}
