/*
 * The double-fetch rule (double-fetch.h).
 *
 * What counts, per function, in source order:
 *
 *   - a pointer variable P is *aimed at shared memory* when it is assigned
 *     (or initialised with) an expression that casts to a plain pointer
 *     type and reaches memory through another object: `(u64 *)&ring->wb[i]`,
 *     `(u32 *)dev->shared`.  That is how code points into a ring buffer, a
 *     mailbox or a page shared with a device or another CPU;
 *   - then `*P` read twice, with no store through P and no new value of
 *     P in between, is reported at the second read: the two reads may see
 *     two different values, and the code treats them as one.
 *
 * A volatile pointer (every access is meant to reach memory), a marked
 * access (READ_ONCE(*P)), struct pointers (P->f) and indexing (P[i]) are
 * not considered.  The rule ignores control flow: two reads in the two
 * branches of an if count as two.  See doc/audit.md for its measured
 * precision, which is why it is off by default.
 */
#include "audit/double-fetch.h"
#include "cfront/idioms.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

struct candidate {
	size_t name;        /* a token spelling the variable */
	int aimed;          /* assigned from a cast into shared memory */
	size_t first_read;  /* token of the first '*' read since then, or 0 */
	int reported;
};

static int same_name(const char *buf, const struct token *a,
		     const struct token *b)
{
	return a->len == b->len && !memcmp(buf + a->off, buf + b->off, a->len);
}

static int is_p(const char *buf, const struct token_list *l, size_t i,
		const char *s)
{
	return tok_punct(buf, l, i, s);
}

/* The '(' that the ')' at close matches, scanning back no further than
 * floor; floor itself when there is none. */
static size_t open_of(const char *buf, const struct token_list *l,
		      size_t close, size_t floor)
{
	size_t depth = 0;

	for (size_t k = close + 1; k-- > floor;) {
		if (is_p(buf, l, k, ")") || is_p(buf, l, k, "]") ||
		    is_p(buf, l, k, "}"))
			depth++;
		else if ((is_p(buf, l, k, "(") || is_p(buf, l, k, "[") ||
			  is_p(buf, l, k, "{")) && !--depth)
			return k;
	}
	return floor;
}

/*
 * Is the ')' at close the end of a cast, "(int)" or "(u32 *)"?  Then a
 * '*' after it is a dereference, not a multiplication: "(int)*rp".  The
 * group must name a type the index knows, and not follow something that
 * makes it a call or a parenthesised operand ("f(x) * y", "a[i](x)").
 */
static int ends_cast(const char *buf, const struct token_list *l,
		     const struct type_index *ti, size_t close, size_t floor)
{
	size_t open = open_of(buf, l, close, floor);
	struct type_answer ty;

	if (open <= floor || open + 1 >= close || !is_p(buf, l, open, "("))
		return 0;
	if (l->tok[open - 1].kind == TOK_IDENT &&
	    !tok_is_operator_keyword(buf, l, open - 1))
		return 0; /* a call: f(x) */
	if (is_p(buf, l, open - 1, ")") || is_p(buf, l, open - 1, "]"))
		return 0; /* a call through an expression */
	return type_index_type_name(ti, buf, l,
				    (struct tok_range){ open + 1, close }, &ty);
}

/*
 * Does the token before i end an operand (making a '*' at i binary)?
 * floor is the function body's '{', the furthest a cast is looked for.
 */
static int operand_before(const char *buf, const struct token_list *l,
			  const struct type_index *ti, size_t i, size_t floor)
{
	const struct token *t;

	if (!i)
		return 0;
	t = &l->tok[i - 1];
	if (t->kind == TOK_IDENT)
		return !tok_is_operator_keyword(buf, l, i - 1);
	if (t->kind == TOK_NUMBER || t->kind == TOK_STRING || t->kind == TOK_CHAR)
		return 1;
	if (is_p(buf, l, i - 1, ")"))
		return !ends_cast(buf, l, ti, i - 1, floor);
	return is_p(buf, l, i - 1, "]");
}

/* Is the '*' at i the operand of sizeof, typeof, alignof (or offsetof,
 * a macro with the same meaning here)? */
static int in_sizeof(const char *buf, const struct token_list *l, size_t i)
{
	size_t k = i;

	/* sizeof *p, sizeof(*p), sizeof((*p)) */
	while (k > 0 && is_p(buf, l, k - 1, "("))
		k--;
	if (!k)
		return 0;
	return tok_is_unevaluated_keyword(buf, l, k - 1) ||
	       tok_ident(buf, l, k - 1, "offsetof");
}

/* The end of the expression assigned at i (after '='): ';' or ',' at depth 0. */
static size_t rhs_end(const char *buf, const struct token_list *l, size_t i,
		      size_t limit)
{
	while (i < limit) {
		if (is_p(buf, l, i, "(") || is_p(buf, l, i, "[") ||
		    is_p(buf, l, i, "{")) {
			i = tok_match(buf, l, i) + 1;
			continue;
		}
		if (is_p(buf, l, i, ";") || is_p(buf, l, i, ",") ||
		    is_p(buf, l, i, ")") || is_p(buf, l, i, "}"))
			break;
		i++;
	}
	return i < limit ? i : limit;
}

/*
 * Is [b, e) a cast to a plain (non-volatile) pointer type of memory
 * reached through another object: "(T *)&x->f", "(T *)x->buf", "(T *)&a[i]"?
 */
static int aims_at_shared(const char *buf, const struct token_list *l,
			  size_t b, size_t e)
{
	int cast = 0, reach = 0;

	for (size_t i = b; i < e; i++) {
		if (is_p(buf, l, i, "(")) {
			size_t m = tok_match(buf, l, i), k = i + 1;
			int idents = 0, is_volatile = 0;

			while (k < m && l->tok[k].kind == TOK_IDENT) {
				if (tok_ident(buf, l, k, "volatile") ||
				    tok_ident(buf, l, k, "__volatile__"))
					is_volatile = 1;
				idents++;
				k++;
			}
			if (idents && k < m && is_p(buf, l, k, "*")) {
				while (k < m && is_p(buf, l, k, "*"))
					k++;
				if (k == m && !is_volatile)
					cast = 1;
			}
		} else if (is_p(buf, l, i, "->") || is_p(buf, l, i, "[")) {
			reach = 1;
		} else if (l->tok[i].kind == TOK_IDENT &&
			   (tok_ident(buf, l, i, "READ_ONCE") ||
			    tok_ident(buf, l, i, "kmalloc") ||
			    tok_ident(buf, l, i, "kzalloc") ||
			    tok_ident(buf, l, i, "malloc"))) {
			return 0; /* a marked read or private memory */
		}
	}
	return cast && reach;
}

static void report(const struct lexical_options *o, const char *path,
		   const char *buf, const struct token_list *l,
		   struct type_index *ti, size_t first, size_t second,
		   size_t name, struct finding_list *out)
{
	struct strbuf msg = STRBUF_INIT, n = STRBUF_INIT;
	struct type_answer ty;
	struct finding f;
	int known = type_index_expr(ti, buf, l,
				    (struct tok_range){ second, second + 2 }, &ty);

	(void)o;
	token_spelling(buf, &l->tok[name], &n);
	strbuf_addf(&msg, "'*%s' is read again through the plain pointer '%s' "
		    "(first read at %u:%u) into memory reached through a cast; "
		    "the two reads may differ: read it once with READ_ONCE(*%s) "
		    "and use that value", n.buf, n.buf, l->tok[first].line,
		    l->tok[first].col, n.buf);
	memset(&f, 0, sizeof(f));
	f.rule = RULE_DOUBLE_FETCH;
	f.path = (char *)path;
	f.line = l->tok[second].line;
	f.col = l->tok[second].col;
	f.end_line = l->tok[second + 1].line;
	f.end_col = l->tok[second + 1].col + (unsigned)l->tok[second + 1].len;
	f.message = msg.buf;
	if (known) {
		f.type_spelled = ty.spelled;
		f.type_canonical = ty.canonical;
	}
	finding_list_add(out, &f);
	strbuf_release(&msg);
	strbuf_release(&n);
}

static void check_function(const struct lexical_options *o, const char *path,
			   const char *buf, const struct token_list *l,
			   struct type_index *ti, struct tok_range body,
			   struct finding_list *out)
{
	struct candidate *c = NULL;
	size_t nr = 0, alloc = 0;

	for (size_t i = body.begin + 1; i < body.end; i++) {
		const struct token *t = &l->tok[i];
		struct candidate *cd = NULL;
		int deref;

		if (t->kind != TOK_IDENT || (t->flags & TF_DIRECTIVE))
			continue;
		if (is_p(buf, l, i + 1, "(") || is_p(buf, l, i - 1, ".") ||
		    is_p(buf, l, i - 1, "->"))
			continue;
		for (size_t k = 0; k < nr; k++)
			if (same_name(buf, &l->tok[c[k].name], t))
				cd = &c[k];
		deref = is_p(buf, l, i - 1, "*") &&
			!operand_before(buf, l, ti, i - 1, body.begin);

		if (!deref && is_p(buf, l, i + 1, "=")) {
			/* P = expr (or T *P = expr) */
			size_t e = rhs_end(buf, l, i + 2, body.end);
			int aimed = aims_at_shared(buf, l, i + 2, e);

			if (!cd && aimed) {
				struct type_answer ty;

				if (!type_index_expr(ti, buf, l,
						     (struct tok_range){ i, i + 1 }, &ty) ||
				    ty.cls != TC_POINTER || ty.is_volatile ||
				    ty.volatile_base)
					continue;
				ALLOC_GROW(c, nr + 1, alloc);
				cd = &c[nr++];
				memset(cd, 0, sizeof(*cd));
				cd->name = i;
			}
			if (cd) {
				/* P gets a new value: what P reached before is
				 * no longer read through it.  Its right-hand
				 * side computes an address, it reads no *P. */
				cd->aimed = aimed;
				cd->first_read = 0;
				cd->reported = 0;
				i = e - 1 > i ? e - 1 : i;
			}
			/* Any other "a = ..." goes on into its right-hand
			 * side, where "a = *P" reads *P. */
			continue;
		}
		if (!cd || !cd->aimed)
			continue;
		if (!deref) {
			/* P++, P += n, &P, f(P): P may change or escape */
			if (is_p(buf, l, i + 1, "++") || is_p(buf, l, i + 1, "--") ||
			    is_p(buf, l, i - 1, "++") || is_p(buf, l, i - 1, "--") ||
			    is_p(buf, l, i + 1, "+=") || is_p(buf, l, i + 1, "-=") ||
			    is_p(buf, l, i - 1, "&"))
				cd->aimed = 0;
			continue;
		}
		/* *P: a store resets, a read counts */
		if (is_p(buf, l, i + 1, "=") ||
		    (i >= 3 && tok_ident(buf, l, i - 3, "READ_ONCE")) ||
		    (i >= 2 && tok_ident(buf, l, i - 2, "READ_ONCE"))) {
			cd->first_read = 0;
			continue;
		}
		if (in_sizeof(buf, l, i - 1))
			continue; /* sizeof(*p) reads nothing */
		{
			struct tok_range whole = { i - 1, i + 1 };
			enum once_use u = once_use_classify(buf, l, whole.begin,
							    whole.end);
			struct type_answer ty;

			if (u != ONCE_READ) {
				cd->first_read = 0;
				continue;
			}
			/* Only scalars: *p of a struct is a copy, and p->f
			 * is not this rule's shape. */
			if (!type_index_expr(ti, buf, l, whole, &ty) ||
			    ty.cls != TC_SCALAR)
				continue;
		}
		if (!cd->first_read) {
			cd->first_read = i - 1;
		} else if (!cd->reported) {
			report(o, path, buf, l, ti, cd->first_read, i - 1, i, out);
			cd->reported = 1;
		}
	}
	free(c);
}

void double_fetch_file(const struct lexical_options *o, const char *path,
		       const char *buf, const struct token_list *l,
		       struct type_index *ti, struct finding_list *out)
{
	size_t n = type_index_nr_functions(ti);

	for (size_t k = 0; k < n; k++) {
		struct tok_range body = type_index_function(ti, k);

		if (body.end >= l->nr - 1)
			continue; /* an unterminated body */
		check_function(o, path, buf, l, ti, body, out);
		double_fetch_checked(o, path, buf, l, ti, body, out);
	}
}
