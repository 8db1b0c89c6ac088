/* Is a volatile cast exactly READ_ONCE/WRITE_ONCE? (cast-exact.h) */
#include "cfront/cast-exact.h"

#include <string.h>

static int qualifier_word(const char *p, size_t n)
{
	return (n == 8 && !memcmp(p, "volatile", 8)) ||
	       (n == 5 && !memcmp(p, "const", 5)) ||
	       (n == 10 && !memcmp(p, "__volatile", 10)) ||
	       (n == 12 && !memcmp(p, "__volatile__", 12)) ||
	       (n == 7 && !memcmp(p, "__const", 7));
}

void type_unqualified(const char *in, char *out, size_t size)
{
	size_t len = 0;

	if (!size)
		return;
	while (*in) {
		size_t n = strcspn(in, " ");

		if (n && !qualifier_word(in, n) && len + (len != 0) + n < size) {
			if (len)
				out[len++] = ' ';
			memcpy(out + len, in, n);
			len += n;
		}
		in += n;
		while (*in == ' ')
			in++;
	}
	out[len] = '\0';
}

static int same_type(const char *a, const char *b)
{
	char x[128], y[128];

	type_unqualified(a, x, sizeof(x));
	type_unqualified(b, y, sizeof(y));
	return x[0] && !strcmp(x, y);
}

/* The words of tokens r, qualifiers left out, single-spaced. */
static void spelled_words(const char *buf, const struct token_list *l,
			  struct tok_range r, char *out, size_t size)
{
	size_t len = 0;

	out[0] = '\0';
	for (size_t i = r.begin; i < r.end; i++) {
		const struct token *t = &l->tok[i];

		if (t->kind == TOK_IDENT && qualifier_word(buf + t->off, t->len))
			continue;
		if (len + 1 + t->len >= size) {
			out[0] = '\0'; /* too long to compare: unknown */
			return;
		}
		if (len)
			out[len++] = ' ';
		memcpy(out + len, buf + t->off, t->len);
		len += t->len;
	}
	out[len] = '\0';
}

static int same_tokens(const char *buf, const struct token_list *l,
		       struct tok_range a, struct tok_range b)
{
	if (a.end - a.begin != b.end - b.begin)
		return 0;
	for (size_t i = 0; i < a.end - a.begin; i++) {
		const struct token *x = &l->tok[a.begin + i];
		const struct token *y = &l->tok[b.begin + i];

		if (x->len != y->len || memcmp(buf + x->off, buf + y->off, x->len))
			return 0;
	}
	return 1;
}

/* "volatile typeof(X)" with X the very operand: the cast names its type. */
static int typeof_of(const char *buf, const struct token_list *l,
		     struct tok_range type, struct tok_range x)
{
	for (size_t i = type.begin; i + 1 < type.end; i++) {
		if (tok_is_typeof(buf, l, i) && tok_punct(buf, l, i + 1, "(")) {
			size_t m = tok_match(buf, l, i + 1);
			struct tok_range in = { i + 2, m };

			if (m < type.end &&
			    same_tokens(buf, l, tok_unparen(buf, l, in), x))
				return 1;
		}
	}
	return 0;
}

/* "typeof(*P) volatile" (or typeof(P[0])) with P the very operand: the
 * cast names the type of what P points to, whatever it is. */
static int typeof_deref_of(const char *buf, const struct token_list *l,
			   struct tok_range type, struct tok_range p)
{
	for (size_t i = type.begin; i + 1 < type.end; i++) {
		struct tok_range in;
		size_t m;

		if (!tok_is_typeof(buf, l, i) || !tok_punct(buf, l, i + 1, "("))
			continue;
		m = tok_match(buf, l, i + 1);
		if (m >= type.end)
			return 0;
		in = tok_unparen(buf, l, (struct tok_range){ i + 2, m });
		if (in.end > in.begin + 1 && tok_punct(buf, l, in.begin, "*") &&
		    same_tokens(buf, l, tok_unparen(buf, l,
			(struct tok_range){ in.begin + 1, in.end }), p))
			return 1;
		if (in.end > in.begin + 3 &&
		    tok_punct(buf, l, in.end - 3, "[") &&
		    tok_punct(buf, l, in.end - 1, "]") &&
		    l->tok[in.end - 2].len == 1 &&
		    buf[l->tok[in.end - 2].off] == '0' &&
		    same_tokens(buf, l, tok_unparen(buf, l,
			(struct tok_range){ in.begin, in.end - 3 }), p))
			return 1;
		i = m;
	}
	return 0;
}

static int is_step(const char *buf, const struct token_list *l, size_t i)
{
	return tok_punct(buf, l, i, "++") || tok_punct(buf, l, i, "--");
}

/* P without one ++ or -- before or after it (and its parentheses). */
static struct tok_range unstepped(const char *buf, const struct token_list *l,
				  struct tok_range p)
{
	if (p.end > p.begin + 1 && is_step(buf, l, p.end - 1))
		p.end--;
	else if (p.end > p.begin + 1 && is_step(buf, l, p.begin))
		p.begin++;
	else
		return p;
	return tok_unparen(buf, l, p);
}

static int scalar_or_pointer(enum type_class c)
{
	return c == TC_SCALAR || c == TC_POINTER;
}

/* Is the operand's type (out->type) the cast's: its canonical type when
 * known (tt), else its words as spelled? */
static int cast_type_is(const struct cast_exactness *out,
			const struct type_answer *tt, const char *cast_words)
{
	return (tt && same_type(tt->canonical, out->type.canonical)) ||
	       same_type(cast_words, out->type.spelled) ||
	       same_type(cast_words, out->type.canonical);
}

/* The last '*' inside the cast's type T (a pointer object's cast,
 * (void *volatile *): T is "void *volatile"), or type.end; not one in
 * parentheses (typeof(*p)). */
static size_t inner_star(const char *buf, const struct token_list *l,
			 struct tok_range type)
{
	size_t at = type.end;

	for (size_t k = type.begin; k < type.end; k++) {
		if (tok_punct(buf, l, k, "("))
			k = tok_match(buf, l, k);
		else if (tok_punct(buf, l, k, "*"))
			at = k;
	}
	return at;
}

/* A reason in two spellings, one naming READ_ONCE for a read, the other
 * WRITE_ONCE for a write (cast_exactness_why()). */
#define SAY(before, rd, wr, after)                                            \
	(out->why = before rd after, out->why_write = before wr after)
#define SAY_QUALIFIED_POINTEE()                                               \
	SAY("a pointer to a qualified type (the cast's or the object's): ",   \
	    "READ_ONCE()", "WRITE_ONCE()",                                    \
	    " of the pointer has the object's own type, and what is "         \
	    "accessed through it would change with the qualifier")
#define SAY_POINTER_UNKNOWN()                                                 \
	SAY("type of the pointer unknown or not T *: ", "READ_ONCE(*p)",      \
	    "WRITE_ONCE(*p, v)",                                              \
	    " is exact only if p points to the cast's type")

const char *cast_exactness_why(const struct cast_exactness *ex, int write)
{
	return write && ex->why_write ? ex->why_write : ex->why;
}

void volatile_cast_exactness(const struct type_index *ti, const char *buf,
			     const struct token_list *l,
			     const struct volatile_cast *vc,
			     struct cast_exactness *out)
{
	struct tok_range type = vc->type, op = vc->operand;
	struct type_answer tt, pt;
	char cast_words[128];
	size_t star;
	int tknown, qualified_pointee = 0, tdo;

	memset(out, 0, sizeof(*out));
	if (vc->form == VC_ARROW) {
		SAY("a member through a volatile struct pointer: ",
		    "READ_ONCE()", "WRITE_ONCE()",
		    " of the member needs a plain pointer, which is the "
		    "author's change");
		return;
	}
	if (vc->form == VC_INDEX) {
		SAY("an element through a volatile pointer: ",
		    "READ_ONCE(p[i])", "WRITE_ONCE(p[i], v)",
		    " needs p's own type, which is the author's change");
		return;
	}
	/* The cast's type T: its tokens before the final '*'. */
	type.end = tok_match(buf, l, vc->cast_open) - 1;
	for (size_t k = type.begin; k < type.end; k++)
		if (tok_ident(buf, l, k, "_Atomic")) {
			out->why = "an _Atomic type: READ_ONCE() or WRITE_ONCE() "
				   "would make a plain access of it, without "
				   "its atomicity and ordering";
			return;
		}
	tknown = type_index_type_name(ti, buf, l, type, &tt);
	spelled_words(buf, l, type, cast_words, sizeof(cast_words));
	/* (volatile void *volatile *): the qualifiers of what the pointer
	 * points to are part of its type, which READ_ONCE would not keep */
	star = inner_star(buf, l, type);
	for (size_t k = type.begin; k < star && star < type.end; k++)
		if (tok_is_qualifier(buf, l, k))
			qualified_pointee = 1;

	out->address = tok_punct(buf, l, op.begin, "&");
	if (out->address) {
		struct tok_range x = tok_unparen(buf, l,
			(struct tok_range){ op.begin + 1, op.end });

		out->object = x;
		out->known = type_index_expr(ti, buf, l, x, &out->type);
		if (out->known && !scalar_or_pointer(out->type.cls)) {
			SAY("the operand is not a scalar: ", "READ_ONCE()",
			    "WRITE_ONCE()", " of it is not the volatile "
			    "access it replaces");
			return;
		}
		if (star < type.end && (qualified_pointee ||
					(out->known && out->type.volatile_base))) {
			SAY_QUALIFIED_POINTEE();
			return;
		}
		if (typeof_of(buf, l, type, x)) {
			out->exact = 1;
			return;
		}
		if (!out->known) {
			out->why = "type of the operand unknown: exact only "
				   "if it has the cast's type";
			return;
		}
		if (cast_type_is(out, tknown ? &tt : NULL, cast_words)) {
			out->exact = 1;
			return;
		}
		if (tknown || cast_words[0])
			SAY("the cast's type differs from the operand's: ",
			    "READ_ONCE()", "WRITE_ONCE()",
			    " would access it at another type or width");
		else
			out->why = "the cast's type unknown";
		return;
	}

	/* *(volatile T *)P: READ_ONCE(*P) when P is a T *. */
	op = tok_unparen(buf, l, op);
	out->object = op;
	/* p++, --p: the pointer stepped has p's type, and READ_ONCE(*p++)
	 * evaluates p++ once, as the cast did (rwonce.h takes &(x) once) */
	op = unstepped(buf, l, op);
	if (unary_expr_end(buf, l, op.begin) != op.end) {
		SAY("the pointer is an expression (pointer arithmetic "
		    "inside the cast): ", "READ_ONCE(*p)", "WRITE_ONCE(*p, v)",
		    " needs p alone");
		return;
	}
	tdo = typeof_deref_of(buf, l, type, op);
	if (!type_index_expr(ti, buf, l, op, &pt) || pt.cls != TC_POINTER) {
		/* typeof(*P): what P points to whatever P is; a struct
		 * would have been known through P's type */
		if (tdo) {
			out->exact = 1;
			return;
		}
		SAY_POINTER_UNKNOWN();
		return;
	}
	{
		/* *P's type: P's spelling minus its last " *" */
		size_t ns = strlen(pt.spelled), nc = strlen(pt.canonical);

		/* " *" to drop; a pointer object's cast: P is a "T **",
		 * *P a "T *" -- one '*' */
		size_t ds = 2, dc = 2;

		if (star < type.end && ns >= 3 && nc >= 3 &&
		    !strcmp(pt.spelled + ns - 2, "**") &&
		    !strcmp(pt.canonical + nc - 2, "**"))
			ds = dc = 1;
		if (ns < 3 || nc < 3 ||
		    (ds == 2 && (strcmp(pt.spelled + ns - 2, " *") ||
				 strcmp(pt.canonical + nc - 2, " *")))) {
			if (tdo) {
				out->exact = 1;
				return;
			}
			SAY_POINTER_UNKNOWN();
			return;
		}
		out->known = 1;
		out->type = pt;
		out->type.spelled[ns - ds] = '\0';
		out->type.canonical[nc - dc] = '\0';
		out->type.cls = strchr(out->type.canonical, '*') ? TC_POINTER :
				strstr(out->type.canonical, "struct") ? TC_STRUCT :
				strstr(out->type.canonical, "union") ? TC_UNION :
				tknown ? tt.cls : TC_UNKNOWN;
	}
	if (star < type.end && (qualified_pointee || pt.volatile_base)) {
		SAY_QUALIFIED_POINTEE();
		return;
	}
	if (out->type.cls == TC_STRUCT || out->type.cls == TC_UNION) {
		SAY("the pointed-to type is a struct or union: ",
		    "READ_ONCE()", "WRITE_ONCE()",
		    " of it is not the volatile access it replaces");
		return;
	}
	if (tdo) {
		out->exact = 1;
		return;
	}
	if (!(tknown && scalar_or_pointer(tt.cls)) &&
	    !scalar_or_pointer(out->type.cls)) {
		SAY("the pointed-to type is not known to be a scalar: ",
		    "READ_ONCE()", "WRITE_ONCE()",
		    " of a struct is not the volatile access it replaces");
		return;
	}
	if (cast_type_is(out, tknown ? &tt : NULL, cast_words)) {
		out->exact = 1;
		return;
	}
	SAY("the pointer does not point to the cast's type: ",
	    "READ_ONCE(*p)", "WRITE_ONCE(*p, v)",
	    " would access another type or width");
}
