/* What a function-like macro does with its arguments (macro-args.h). */
#include "cfront/macro-args.h"
#include "cfront/lexer.h"
#include "cfront/macro-expand.h"
#include "cfront/tokscan.h"
#include "lib/util.h"

#include <string.h>

/* Macros named through macros, at most this deep (a definition that
 * names itself, or two that name each other, stop here). */
#define MAX_DEPTH 8
/* Definitions of one name read, at most (#if branches). */
#define MAX_DEFS 8

/* The words whose operand is not evaluated (or only at translation):
 * a parameter named there is no access.  The typeof family is
 * tokscan.h's (token_is_typeof). */
static const char *const unevaluated[] = {
	"sizeof", "_Alignof", "__alignof__", "__alignof",
	"alignof", "__builtin_constant_p", "__builtin_types_compatible_p",
	"__builtin_offsetof", "offsetof", "_Static_assert", "static_assert",
	"__same_type",
};

static int is_unevaluated(const char *buf, const struct token *t)
{
	if (token_is_typeof(buf, t))
		return 1;
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

/* The macros being expanded, innermost first: a macro is not expanded
 * inside its own expansion (the kernel's "if" of
 * CONFIG_PROFILE_ALL_BRANCHES names if in its body). */
struct active {
	const char *name;
	size_t n;
	const struct active *up;
};

/* One question's walk: the scope, and whether a use was in a loop. */
struct walk {
	const struct macro_scope *sc;
	int loop;
};

/* The fewest and the most times: over a macro's definitions, and the
 * results of __builtin_choose_expr, which one is compiled not told. */
struct range {
	unsigned lo, hi;
};

static struct range uses_in(struct walk *w, const char *buf,
			    const struct token_list *l, size_t b, size_t e,
			    const char *param, const struct active *up,
			    int depth);
static size_t arg_uses(struct walk *w, const char *name, size_t n,
		       size_t arg, unsigned *min, unsigned *max,
		       const struct active *up, int depth);

static int is_active(const struct active *a, const char *name, size_t n)
{
	for (; a; a = a->up)
		if (a->n == n && !memcmp(a->name, name, n))
			return 1;
	return 0;
}

/* The times the definitions of name[0..n) name its parameter arg. */
static struct range times_used(struct walk *w, const char *name, size_t n,
			       size_t arg, const struct active *up, int depth)
{
	struct range r = { 1, 1 };

	if (depth < MAX_DEPTH &&
	    !arg_uses(w, name, n, arg, &r.lo, &r.hi, up, depth + 1))
		r.lo = r.hi = 1;
	return r;
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
 * that argument.  __builtin_choose_expr(c, a, b) evaluates a or b, and
 * _Generic(e, T: a, U: b ...) one of a, b ... (choose).
 */
static struct range uses_in_call(struct walk *w, const char *buf,
				 const struct token_list *l, size_t k,
				 size_t close, const char *param,
				 const struct active *up, int depth,
				 int choose)
{
	struct range total = { 0, 0 }, arms = { 0, 0 };
	size_t arg = 0, from = k + 2;
	int inner = 0;

	for (size_t j = k + 2; j <= close; j++) {
		const struct token *t = &l->tok[j];
		struct range c, m;

		if (punct(buf, t, "(") || punct(buf, t, "[") || punct(buf, t, "{"))
			inner++;
		else if (j < close && (punct(buf, t, ")") || punct(buf, t, "]") ||
				       punct(buf, t, "}")))
			inner--;
		if (j < close && (inner || !punct(buf, t, ",")))
			continue;
		c = uses_in(w, buf, l, from, j, param, up, depth);
		if (choose && arg == 1) {
			arms = c;
		} else if (choose && arg > 1) {
			arms.lo = c.lo < arms.lo ? c.lo : arms.lo;
			arms.hi = c.hi > arms.hi ? c.hi : arms.hi;
		} else if (!choose && c.hi) {
			m = times_used(w, buf + l->tok[k].off, l->tok[k].len,
				       arg, up, depth);
			total.lo += c.lo * m.lo;
			total.hi += c.hi * m.hi;
		}
		arg++;
		from = j + 1;
	}
	return choose ? arms : total;
}

/* The end (inclusive) of the statement that starts at token b of [.., e),
 * or e - 1. */
static size_t statement_end(const char *buf, const struct token_list *l,
			    size_t b, size_t e)
{
	int depth = 0;

	if (b < e && punct(buf, &l->tok[b], "{"))
		return close_of(buf, l, b, e) < e ? close_of(buf, l, b, e) : e - 1;
	for (size_t k = b; k < e; k++) {
		const struct token *t = &l->tok[k];

		if (punct(buf, t, "(") || punct(buf, t, "[") || punct(buf, t, "{"))
			depth++;
		else if (punct(buf, t, ")") || punct(buf, t, "]") ||
			 punct(buf, t, "}"))
			depth--;
		else if (!depth && punct(buf, t, ";"))
			return k;
	}
	return e - 1;
}

/*
 * The loop whose keyword is token k, ending (inclusive) at *end: a for
 * or while and the statement after it, or a do's body and its while --
 * but not the do { } while (0) of a statement macro, which runs once.
 * 0 when k opens none.
 */
static int loop_at(const char *buf, const struct token_list *l, size_t k,
		   size_t e, size_t *end)
{
	const struct token *t = &l->tok[k];
	size_t close;

	if ((token_is(buf, t, "for") || token_is(buf, t, "while")) &&
	    k + 1 < e && punct(buf, &l->tok[k + 1], "(")) {
		/* a do's while: its body was the loop, or none */
		if (k && punct(buf, &l->tok[k - 1], "}"))
			return 0;
		close = close_of(buf, l, k + 1, e);
		if (close >= e)
			return 0;
		*end = statement_end(buf, l, close + 1, e);
		return 1;
	}
	if (token_is(buf, t, "do") && k + 1 < e &&
	    punct(buf, &l->tok[k + 1], "{")) {
		close = close_of(buf, l, k + 1, e);
		if (close + 4 >= e || !token_is(buf, &l->tok[close + 1], "while") ||
		    !punct(buf, &l->tok[close + 2], "("))
			return 0;
		/* while (0): once */
		if (l->tok[close + 3].kind == TOK_NUMBER &&
		    token_is(buf, &l->tok[close + 3], "0") &&
		    punct(buf, &l->tok[close + 4], ")"))
			return 0;
		*end = close_of(buf, l, close + 2, e);
		return *end < e;
	}
	return 0;
}

/* How many times tokens [b, e) name param where it is evaluated; a use
 * inside a loop of theirs sets w->loop (counted once: an iteration). */
static struct range uses_in(struct walk *w, const char *buf,
			    const struct token_list *l, size_t b, size_t e,
			    const char *param, const struct active *up,
			    int depth)
{
	struct range count = { 0, 0 }, r;

	for (size_t k = b; k < e; k++) {
		const struct token *t = &l->tok[k];
		int call = k + 1 < e && punct(buf, &l->tok[k + 1], "(");
		size_t close, end;

		if (t->kind != TOK_IDENT)
			continue;
		if (is_unevaluated(buf, t)) {
			if (call)
				k = close_of(buf, l, k + 1, e);
			else
				k++; /* sizeof x */
			continue;
		}
		if (loop_at(buf, l, k, e, &end)) {
			r = uses_in(w, buf, l, k + 1, end + 1, param, up,
				    depth);
			if (r.hi) {
				w->loop = 1;
				count.lo += r.lo > 0;
				count.hi++;
			}
			k = end;
			continue;
		}
		if (token_is(buf, t, param)) {
			/* #x spells it, x ## y makes another name */
			if ((k > b && (l->tok[k - 1].kind == TOK_HASH ||
				       punct(buf, &l->tok[k - 1], "#") ||
				       punct(buf, &l->tok[k - 1], "##"))) ||
			    (k + 1 < e && punct(buf, &l->tok[k + 1], "##")))
				continue;
			count.lo++;
			count.hi++;
			continue;
		}
		if (!call)
			continue;
		close = close_of(buf, l, k + 1, e);
		if (close == e)
			continue;
		/* one result of several compiled: the first argument is a
		 * constant, or a _Generic's controlling expression, not
		 * evaluated; a _Generic association's type names none */
		if (token_is(buf, t, "__builtin_choose_expr") ||
		    token_is(buf, t, "_Generic")) {
			r = uses_in_call(w, buf, l, k, close, param, up,
					 depth, 1);
			count.lo += r.lo;
			count.hi += r.hi;
			k = close;
		} else if (depth < MAX_DEPTH &&
			   !is_active(up, buf + t->off, t->len) &&
			   defined(w->sc, buf + t->off, t->len)) {
			/* (a function's arguments are evaluated once:
			 * named by the loop as any other name) */
			r = uses_in_call(w, buf, l, k, close, param, up,
					 depth, 0);
			count.lo += r.lo;
			count.hi += r.hi;
			k = close;
		}
	}
	return count;
}

/* macro_arg_uses() at a depth of macros naming macros. */
static size_t arg_uses(struct walk *w, const char *name, size_t n,
		       size_t arg, unsigned *min, unsigned *max,
		       const struct active *up, int depth)
{
	struct macro_def defs[MAX_DEFS];
	struct active self = { name, n, up };
	size_t nd = defs_of(w->sc, name, n, defs);

	*min = *max = 0;
	for (size_t i = 0; i < nd; i++) {
		struct token_list l = TOKEN_LIST_INIT;
		const struct macro_def *d = &defs[i];
		struct range c = { 0, 0 };

		if (d->nparams) {
			const char *p = d->params[arg < d->nparams ? arg :
						  d->nparams - 1];

			lex_buffer(d->body, strlen(d->body), &l);
			c = uses_in(w, d->body, &l, 0, l.nr - 1, p, &self,
				    depth);
			token_list_release(&l);
		}
		if (!i || c.lo < *min)
			*min = c.lo;
		if (c.hi > *max)
			*max = c.hi;
	}
	for (size_t i = 0; i < nd; i++)
		macro_def_release(&defs[i]);
	return nd;
}

size_t macro_arg_uses(const struct macro_scope *sc, const char *name,
		      size_t n, size_t arg, unsigned *min, unsigned *max,
		      int *loop)
{
	struct walk w = { sc, 0 };
	size_t nd = arg_uses(&w, name, n, arg, min, max, NULL, 0);

	*loop = w.loop;
	return nd;
}

int macro_loop_kind(const struct macro_scope *sc, const char *name, size_t n)
{
	/* a file's set was finished over the headers' (its macros that
	 * start with theirs are marked) */
	return header_macros_loop_kind(sc->own, name, n) |
	       header_macros_loop_kind(sc->headers, name, n);
}
