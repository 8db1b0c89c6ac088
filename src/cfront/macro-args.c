/* What a function-like macro does with its arguments (macro-args.h). */
#include "cfront/macro-args.h"
#include "cfront/lexer.h"
#include "cfront/macro-expand.h"
#include "lib/util.h"

#include <string.h>

/* Macros named through macros, at most this deep (a definition that
 * names itself, or two that name each other, stop here). */
#define MAX_DEPTH 8
/* Definitions of one name read, at most (#if branches). */
#define MAX_DEFS 8

/* The words whose operand is not evaluated (or only at translation):
 * a parameter named there is no access. */
static const char *const unevaluated[] = {
	"sizeof", "typeof", "__typeof__", "__typeof", "typeof_unqual",
	"__typeof_unqual__", "_Alignof", "__alignof__", "__alignof",
	"alignof", "__builtin_constant_p", "__builtin_types_compatible_p",
	"__builtin_offsetof", "offsetof", "_Static_assert", "static_assert",
	"__same_type", "_Generic",
};

static int is_unevaluated(const char *buf, const struct token *t)
{
	for (size_t k = 0; k < ARRAY_SIZE(unevaluated); k++)
		if (token_is(buf, t, unevaluated[k]))
			return 1;
	return 0;
}

static int punct(const char *buf, const struct token *t, const char *s)
{
	return t->kind == TOK_PUNCT && token_is(buf, t, s);
}

/* The ')' that closes the '(' at open, or end when none does. */
static size_t close_of(const char *buf, const struct token_list *l,
		       size_t open, size_t end)
{
	int depth = 0;

	for (size_t k = open; k < end; k++) {
		const struct token *t = &l->tok[k];

		if (punct(buf, t, "(") || punct(buf, t, "[") || punct(buf, t, "{"))
			depth++;
		else if ((punct(buf, t, ")") || punct(buf, t, "]") ||
			  punct(buf, t, "}")) && !--depth)
			return k;
	}
	return end;
}

static unsigned uses_in(const struct macro_scope *sc, const char *buf,
			const struct token_list *l, size_t b, size_t e,
			const char *param, int depth);
static size_t arg_uses(const struct macro_scope *sc, const char *name,
		       size_t n, size_t arg, unsigned *min, unsigned *max,
		       int depth);

/* The most times a definition of name[0..n) names its parameter arg. */
static unsigned most_uses(const struct macro_scope *sc, const char *name,
			  size_t n, size_t arg, int depth)
{
	unsigned lo, hi;

	if (depth >= MAX_DEPTH)
		return 1;
	return arg_uses(sc, name, n, arg, &lo, &hi, depth + 1) ?
	       hi : 1;
}

/* The definitions of name[0..n): the file's own first, else the
 * headers'. */
static size_t defs_of(const struct macro_scope *sc, const char *name,
		      size_t n, struct macro_def *defs)
{
	size_t got = header_macros_defs(sc->own, name, n, defs, MAX_DEFS);

	return got ? got : header_macros_defs(sc->headers, name, n, defs,
					      MAX_DEFS);
}

/* Does the scope define name[0..n)? */
static int defined(const struct macro_scope *sc, const char *name, size_t n)
{
	size_t nd = 0;

	if (sc->own)
		header_macros_loop(sc->own, name, n, &nd);
	if (!nd && sc->headers)
		header_macros_loop(sc->headers, name, n, &nd);
	return nd > 0;
}

/*
 * A call of a macro of the scope at tokens [k, close]: the times its
 * arguments name param, each weighed by how often the macro's body names
 * that argument.  __builtin_choose_expr(c, a, b) evaluates a or b.
 */
static unsigned uses_in_call(const struct macro_scope *sc, const char *buf,
			     const struct token_list *l, size_t k,
			     size_t close, const char *param, int depth,
			     int choose)
{
	unsigned total = 0, most = 0;
	size_t arg = 0, from = k + 2;
	int inner = 0;

	for (size_t j = k + 2; j <= close; j++) {
		const struct token *t = &l->tok[j];
		unsigned c;

		if (punct(buf, t, "(") || punct(buf, t, "[") || punct(buf, t, "{"))
			inner++;
		else if (j < close && (punct(buf, t, ")") || punct(buf, t, "]") ||
				       punct(buf, t, "}")))
			inner--;
		if (j < close && (inner || !punct(buf, t, ",")))
			continue;
		c = uses_in(sc, buf, l, from, j, param, depth);
		if (choose) {
			if (arg && c > most)
				most = c;
		} else if (c) {
			total += c * most_uses(sc, buf + l->tok[k].off,
					       l->tok[k].len, arg, depth);
		}
		arg++;
		from = j + 1;
	}
	return choose ? most : total;
}

/* How many times tokens [b, e) name param where it is evaluated. */
static unsigned uses_in(const struct macro_scope *sc, const char *buf,
			const struct token_list *l, size_t b, size_t e,
			const char *param, int depth)
{
	unsigned count = 0;

	for (size_t k = b; k < e; k++) {
		const struct token *t = &l->tok[k];
		int call = k + 1 < e && punct(buf, &l->tok[k + 1], "(");
		size_t close;

		if (t->kind != TOK_IDENT)
			continue;
		if (is_unevaluated(buf, t)) {
			if (call)
				k = close_of(buf, l, k + 1, e);
			else
				k++; /* sizeof x */
			continue;
		}
		if (token_is(buf, t, param)) {
			/* #x spells it, x ## y makes another name */
			if ((k > b && (l->tok[k - 1].kind == TOK_HASH ||
				       punct(buf, &l->tok[k - 1], "#") ||
				       punct(buf, &l->tok[k - 1], "##"))) ||
			    (k + 1 < e && punct(buf, &l->tok[k + 1], "##")))
				continue;
			count++;
			continue;
		}
		if (!call)
			continue;
		close = close_of(buf, l, k + 1, e);
		if (close == e)
			continue;
		if (token_is(buf, t, "__builtin_choose_expr")) {
			count += uses_in_call(sc, buf, l, k, close, param,
					      depth, 1);
			k = close;
		} else if (depth < MAX_DEPTH &&
			   defined(sc, buf + t->off, t->len)) {
			/* (a function's arguments are evaluated once:
			 * named by the loop as any other name) */
			count += uses_in_call(sc, buf, l, k, close, param,
					      depth, 0);
			k = close;
		}
	}
	return count;
}

/* macro_arg_uses() at a depth of macros naming macros. */
static size_t arg_uses(const struct macro_scope *sc, const char *name,
		       size_t n, size_t arg, unsigned *min, unsigned *max,
		       int depth)
{
	struct macro_def defs[MAX_DEFS];
	size_t nd = defs_of(sc, name, n, defs);

	*min = *max = 0;
	for (size_t i = 0; i < nd; i++) {
		struct token_list l = TOKEN_LIST_INIT;
		const struct macro_def *d = &defs[i];
		unsigned c;

		if (!d->nparams) {
			c = 0;
		} else {
			const char *p = d->params[arg < d->nparams ? arg :
						  d->nparams - 1];

			lex_buffer(d->body, strlen(d->body), &l);
			c = uses_in(sc, d->body, &l, 0, l.nr - 1, p, depth);
			token_list_release(&l);
		}
		if (!i || c < *min)
			*min = c;
		if (c > *max)
			*max = c;
	}
	for (size_t i = 0; i < nd; i++)
		macro_def_release(&defs[i]);
	return nd;
}

size_t macro_arg_uses(const struct macro_scope *sc, const char *name,
		      size_t n, size_t arg, unsigned *min, unsigned *max)
{
	return arg_uses(sc, name, n, arg, min, max, 0);
}

/* Does a definition of name[0..n) in the scope open a loop?  The
 * headers' set knows its own chains (header_macros_finish()); a file's
 * macro whose body starts with a macro is followed into both sets. */
static int opens_loop(const struct macro_scope *sc, const char *name,
		      size_t n, int depth)
{
	size_t nd = 0, hd;

	if (sc->own && header_macros_loop(sc->own, name, n, &nd))
		return 1;
	for (size_t k = 0; k < nd && depth < MAX_DEPTH; k++) {
		const char *first = header_macros_first(sc->own, name, n, k);

		if (first && (strlen(first) != n || memcmp(first, name, n)) &&
		    opens_loop(sc, first, strlen(first), depth + 1))
			return 1;
	}
	return sc->headers && header_macros_loop(sc->headers, name, n, &hd);
}

int macro_opens_loop(const struct macro_scope *sc, const char *name, size_t n)
{
	return opens_loop(sc, name, n, 0);
}
