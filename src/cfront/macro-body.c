/* What a function-like macro's body does with once-accesses (macro-body.h). */
#include "cfront/macro-body.h"
#include "cfront/idioms.h"
#include "cfront/lexer.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* How far a local initialised from another local is followed. */
#define MAX_DEPTH 4

static int param_index(const struct once_body *b, const char *buf,
		       const struct token *t)
{
	for (size_t k = 0; k < b->nparams; k++)
		if (token_is(buf, t, b->params[k]))
			return (int)k;
	return -1;
}

static int after_member_op(const char *buf, const struct token_list *l,
			   size_t i, size_t begin)
{
	return i > begin && (tok_punct(buf, l, i - 1, ".") ||
			     tok_punct(buf, l, i - 1, "->"));
}

/*
 * The initialiser of the local that token id names, declared in body b
 * before token `before` (`typeof(_ptr) ptr = (_ptr);`): the tokens after
 * its '=' up to the ',' or ';' that ends the declarator.  0, or -1 when
 * the name is not initialised there (a parameter, a global, a member).
 */
static int local_init(const char *buf, const struct token_list *l,
		      struct tok_range b, size_t id, size_t before,
		      struct tok_range *init)
{
	struct strbuf name = STRBUF_INIT;
	int ret = -1;

	token_spelling(buf, &l->tok[id], &name);
	for (size_t k = b.begin; k + 2 < before; k++) {
		size_t e;
		int depth = 0;

		if (l->tok[k].kind != TOK_IDENT ||
		    !token_is(buf, &l->tok[k], name.buf) ||
		    !tok_punct(buf, l, k + 1, "=") ||
		    after_member_op(buf, l, k, b.begin))
			continue;
		for (e = k + 2; e < b.end; e++) {
			if (tok_punct(buf, l, e, "(") ||
			    tok_punct(buf, l, e, "[") || tok_punct(buf, l, e, "{"))
				depth++;
			else if (tok_punct(buf, l, e, ")") ||
				 tok_punct(buf, l, e, "]") ||
				 tok_punct(buf, l, e, "}")) {
				if (!depth)
					break;
				depth--;
			} else if (!depth && (tok_punct(buf, l, e, ",") ||
					      tok_punct(buf, l, e, ";")))
				break;
		}
		init->begin = k + 2;
		init->end = e;
		ret = e > k + 2 ? 0 : -1;
		break;
	}
	strbuf_release(&name);
	return ret;
}

/*
 * The text of tokens r of body b, each local of the body that r names
 * replaced by "(its initialiser)" -- so that what is left names only
 * parameters and globals, which a use can fill in.
 */
static void object_text(const char *buf, const struct token_list *l,
			struct tok_range b, struct tok_range r,
			const struct once_body *ob, int depth,
			struct strbuf *sb)
{
	struct strbuf tok = STRBUF_INIT;

	for (size_t i = r.begin; i < r.end; i++) {
		struct tok_range init;

		if (i > r.begin && (l->tok[i].flags & (TF_SPACE_BEFORE | TF_BOL)))
			strbuf_addch(sb, ' ');
		if (l->tok[i].kind == TOK_IDENT && depth < MAX_DEPTH &&
		    param_index(ob, buf, &l->tok[i]) < 0 &&
		    !after_member_op(buf, l, i, r.begin) &&
		    !local_init(buf, l, b, i, r.begin, &init)) {
			strbuf_addch(sb, '(');
			object_text(buf, l, b, init, ob, depth + 1, sb);
			strbuf_addch(sb, ')');
			continue;
		}
		strbuf_reset(&tok);
		token_spelling(buf, &l->tok[i], &tok);
		strbuf_add(sb, tok.buf, tok.len);
	}
	strbuf_release(&tok);
}

/* A loop in the body other than the do { ... } while (0) of a statement
 * macro: several identical accesses may be several iterations. */
static int body_loops(const char *buf, const struct token_list *l,
		      struct tok_range b)
{
	for (size_t k = b.begin; k < b.end; k++) {
		if (tok_ident(buf, l, k, "for"))
			return 1;
		if (tok_ident(buf, l, k, "while") &&
		    !(k + 3 < b.end && tok_punct(buf, l, k + 1, "(") &&
		      token_is(buf, &l->tok[k + 2], "0") &&
		      tok_punct(buf, l, k + 3, ")")))
			return 1;
	}
	return 0;
}

/*
 * Told by a '{' outside brackets that follows the ')' of a name other
 * than a statement keyword (`do {`, `if (c) {`, `struct s {`, `= {` are
 * not); the function may come after a struct and a variable, as in
 * DEFINE_BATCHED_ENTROPY.
 */
int macro_body_defines_function(const char *buf, const struct token_list *l,
				struct tok_range b)
{
	int depth = 0;

	for (size_t k = b.begin; k < b.end; k++) {
		size_t open;
		int inner = 0;

		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "["))
			depth++;
		else if (tok_punct(buf, l, k, ")") || tok_punct(buf, l, k, "]"))
			depth--;
		if (depth || !tok_punct(buf, l, k, "{") || k == b.begin ||
		    !tok_punct(buf, l, k - 1, ")"))
			continue;
		for (open = k - 1; open > b.begin; open--) {
			if (tok_punct(buf, l, open, ")"))
				inner++;
			else if (tok_punct(buf, l, open, "(") && !--inner)
				break;
		}
		if (open > b.begin && l->tok[open - 1].kind == TOK_IDENT &&
		    !tok_ident(buf, l, open - 1, "if") &&
		    !tok_ident(buf, l, open - 1, "while") &&
		    !tok_ident(buf, l, open - 1, "for") &&
		    !tok_ident(buf, l, open - 1, "switch"))
			return 1;
	}
	return 0;
}

static void add_primitive(struct strbuf *names, const char *name)
{
	const char *p = names->buf;
	size_t n = strlen(name);

	for (; p && (p = strstr(p, name)); p += n)
		if ((p == names->buf || p[-1] == ' ') && (!p[n] || p[n] == ','))
			return;
	if (names->len)
		strbuf_addstr(names, ", ");
	strbuf_addstr(names, name);
}

/* ---- the body as one once-access of its argument ---- */

/* The one once-access of a body, as the counting found it. */
struct one_access {
	size_t begin, end;       /* its tokens: M(...) or the cast's */
	const struct once_macro *macro; /* NULL: a volatile cast, or */
	size_t atomic;           /* ... when not 0: the name's token of a
				    single atomic load or store */
	int atomic_relaxed;      /* ... whose order is relaxed */
	int order_param;         /* ... or whose order is this parameter,
				    the caller's; else -1 */
	int arrow;               /* ((volatile T *)(p))->f: object is
				    (p)->f, object the tokens of p */
	struct volatile_cast vc;
	enum once_use use;
	struct tok_range object; /* the lvalue, or the pointer (deref) */
	int deref;               /* the object is *(object) */
	struct tok_range value;  /* a write's value; empty when unknown */
};

static void strip_parens(const char *buf, const struct token_list *l,
			 struct tok_range *r)
{
	*r = tok_unparen(buf, l, *r);
}

/* (T *)E -> E, and the parentheses around either: the pointer an
 * atomic builtin is given, without the cast that makes it atomic. */
static void strip_pointer_cast(const char *buf, const struct token_list *l,
			       struct tok_range *r)
{
	size_t close;

	strip_parens(buf, l, r);
	if (r->end - r->begin < 4 || !tok_punct(buf, l, r->begin, "("))
		return;
	close = tok_match(buf, l, r->begin);
	if (close + 1 >= r->end || !tok_punct(buf, l, close - 1, "*") ||
	    l->tok[r->begin + 1].kind != TOK_IDENT)
		return;
	r->begin = close + 1;
	strip_parens(buf, l, r);
}

/*
 * ((void)sizeof(*(DST) = (VAL)), (DST)): a comma expression whose
 * operands before the last are unevaluated (a sizeof, typeof or alignof,
 * cast to void or not) is its last operand -- ck's CK_PR_STORE_SAFE
 * checks the types that way and passes DST on.  *r becomes that operand.
 */
static void skip_unevaluated(const char *buf, const struct token_list *l,
			     struct tok_range *r)
{
	struct tok_range in = *r;
	size_t start;

	strip_parens(buf, l, &in);
	start = in.begin;
	for (size_t k = in.begin; k < in.end; k++) {
		size_t op = start;

		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[") ||
		    tok_punct(buf, l, k, "{")) {
			k = tok_match(buf, l, k);
			continue;
		}
		if (!tok_punct(buf, l, k, ","))
			continue;
		/* the operand [start, k): (void) sizeof(...) */
		if (op + 3 < k && tok_punct(buf, l, op, "(") &&
		    tok_ident(buf, l, op + 1, "void") &&
		    tok_punct(buf, l, op + 2, ")"))
			op += 3;
		if (!tok_is_unevaluated_keyword(buf, l, op) || op + 1 >= k ||
		    !tok_punct(buf, l, op + 1, "(") ||
		    tok_match(buf, l, op + 1) != k - 1)
			return;
		start = k + 1;
	}
	if (start > in.begin && start < in.end) {
		r->begin = start;
		r->end = in.end;
	}
}

/* Is every identifier of text a parameter, or a member after . or ->? */
static int spelled_in_params(const struct once_body *b, const char *text)
{
	for (const char *p = text; *p;) {
		const char *q = p;
		size_t k;

		if (!(isalpha((unsigned char)*p) || *p == '_')) {
			p++;
			continue;
		}
		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		for (k = 0; k < b->nparams; k++)
			if (strlen(b->params[k]) == (size_t)(q - p) &&
			    !strncmp(b->params[k], p, (size_t)(q - p)))
				break;
		if (k == b->nparams) {
			const char *s = p;

			while (s > text && s[-1] == ' ')
				s--;
			if (!(s > text && (s[-1] == '.' ||
					   (s - text >= 2 && s[-1] == '>' &&
					    s[-2] == '-'))))
				return 0;
		}
		p = q;
	}
	return 1;
}

/* The parameter that tokens r are, inside any parentheses; or -1. */
static int range_param(const char *buf, const struct token_list *l,
		       const struct once_body *b, struct tok_range r)
{
	strip_parens(buf, l, &r);
	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return -1;
	return param_index(b, buf, &l->tok[r.begin]);
}

/* Does the cast's type name its object's own type (typeof(x),
 * __typeof__(x), __unqual_scalar_typeof(x), a project's own
 * typeof_strip_qual(x) ...)? */
static int cast_of_own_type(const char *buf, const struct token_list *l,
			    const struct volatile_cast *vc)
{
	size_t close = tok_match(buf, l, vc->cast_open);
	int own = 0;

	for (size_t k = vc->cast_open + 1; k < close && !own; k++)
		own = tok_names_typeof(buf, l, k);
	return own;
}

static int cast_is_const(const char *buf, const struct token_list *l,
			 const struct volatile_cast *vc)
{
	size_t close = tok_match(buf, l, vc->cast_open);

	for (size_t k = vc->cast_open + 1; k < close; k++)
		if (tok_ident(buf, l, k, "const") || tok_ident(buf, l, k, "__const") ||
		    tok_ident(buf, l, k, "__const__"))
			return 1;
	return 0;
}

/* Can token k start an operand (so that a '*' before it is unary)? */
static int before_operand(const char *buf, const struct token_list *l,
			  size_t k, size_t begin)
{
	const struct token *t;

	if (k <= begin)
		return 1;
	t = &l->tok[k - 1];
	if (t->kind == TOK_IDENT)
		return tok_is_operator_keyword(buf, l, k - 1);
	if (t->kind != TOK_PUNCT)
		return 0; /* a number, a string */
	return !(tok_punct(buf, l, k - 1, ")") || tok_punct(buf, l, k - 1, "]"));
}

/*
 * Does the body use parameter p as a pointer -- *p, *(p), p->f, (p)->f,
 * p[i]?  Then its object is a pointer, never a struct or union, whatever
 * a use passes (the kernel's rcu_dereference(p): typeof(*p)).
 */
static int param_is_pointer(const char *buf, const struct token_list *l,
			    struct tok_range body, const char *p)
{
	for (size_t k = body.begin; k < body.end; k++) {
		size_t first = k, last = k;

		if (!tok_ident(buf, l, k, p))
			continue;
		/* (p) as one operand */
		while (first > body.begin && last + 1 < body.end &&
		       tok_punct(buf, l, first - 1, "(") &&
		       tok_punct(buf, l, last + 1, ")") &&
		       !(first - 1 > body.begin &&
			 l->tok[first - 2].kind == TOK_IDENT &&
			 !tok_is_operator_keyword(buf, l, first - 2))) {
			first--;
			last++;
		}
		if (last + 1 < body.end && (tok_punct(buf, l, last + 1, "->") ||
					    tok_punct(buf, l, last + 1, "[")))
			return 1;
		if (first > body.begin && tok_punct(buf, l, first - 1, "*") &&
		    before_operand(buf, l, first - 1, body.begin))
			return 1;
	}
	return 0;
}

/* The parameter p of tokens r that are *p, *(p), (*(p)) ...; or -1. */
static int deref_of_param(const char *buf, const struct token_list *l,
			  const struct once_body *b, struct tok_range r)
{
	strip_parens(buf, l, &r);
	if (r.end - r.begin < 2 || !tok_punct(buf, l, r.begin, "*"))
		return -1;
	r.begin++;
	return range_param(buf, l, b, r);
}

/* The parameter p of an object spelled *(&(p)), parentheses and blanks
 * aside; or -1. */
static int deref_of_address(const char *t, const struct once_body *b)
{
	int open = 0;
	const char *name;
	size_t n;

	while (*t == ' ')
		t++;
	if (*t++ != '*')
		return -1;
	while (*t == ' ' || *t == '(')
		open += *t++ == '(';
	if (*t++ != '&')
		return -1;
	while (*t == ' ' || *t == '(')
		open += *t++ == '(';
	name = t;
	while ((*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') ||
	       (*t >= '0' && *t <= '9') || *t == '_')
		t++;
	n = (size_t)(t - name);
	while (*t == ' ' || (*t == ')' && open-- > 0))
		t++;
	if (!n || *t || open)
		return -1;
	for (size_t k = 0; k < b->nparams; k++)
		if (strlen(b->params[k]) == n && !strncmp(b->params[k], name, n))
			return (int)k;
	return -1;
}

/* ((volatile T *)(p))->f with p a parameter and f one member: an
 * object reached through p, as (&(p)->f) is. */
static int arrow_of_param(const char *buf, const struct token_list *l,
			  const struct volatile_cast *vc,
			  const struct once_body *b)
{
	return vc->form == VC_ARROW &&
	       vc->member.end == vc->member.begin + 2 &&
	       l->tok[vc->member.begin + 1].kind == TOK_IDENT &&
	       range_param(buf, l, b, vc->operand) >= 0;
}

/* "->f" of an arrow cast, after its pointer's text. */
static void add_member(const char *buf, const struct token_list *l,
		       const struct volatile_cast *vc, struct strbuf *sb)
{
	strbuf_addstr(sb, "->");
	token_spelling(buf, &l->tok[vc->member.begin + 1], sb);
}

/* The type of a volatile cast without its qualifiers and its last '*':
 * "uint32_t" of (const volatile uint32_t *). */
static char *cast_type_text(const char *buf, const struct token_list *l,
			    const struct volatile_cast *vc)
{
	size_t close = tok_match(buf, l, vc->cast_open);

	if (close > vc->cast_open && tok_punct(buf, l, close - 1, "*"))
		close--;
	return tok_range_text(buf, l,
			      (struct tok_range){ vc->cast_open + 1, close }, 1);
}

/*
 * Does the body dereference the value the access reads: a '[' or '->'
 * after it and the parentheses that close around it, as ext4's
 * sbi_array_rcu_deref has ((typeof(_v)*)rcu_dereference((sbi)->field))
 * [index]; or does the once-macro it applies?
 */
static int value_dereferenced(const char *buf, const struct token_list *l,
			      struct tok_range body,
			      const struct one_access *a)
{
	size_t k = a->end;

	if (a->macro && (a->macro->flags & OMF_VALUE_DEREF))
		return 1;
	while (k < body.end && tok_punct(buf, l, k, ")"))
		k++;
	return k < body.end && (tok_punct(buf, l, k, "[") ||
				tok_punct(buf, l, k, "->"));
}

/*
 * Is the body's one once-access a once-access of an object spelled in
 * the parameters, read or written (not both: ++, += are read-modify-
 * writes, no once-macro)?  Fills the is_access fields of b.  The kind:
 * a read or write as the access is used; an ACCESS_ONCE-style lvalue
 * (a volatile cast without const, an access-once macro) that is the
 * whole body, in parentheses, stays an lvalue whose use decides.
 */
static void one_object_access(const char *buf, const struct token_list *l,
			      struct tok_range body, const struct one_access *a,
			      int pointer_args, struct once_body *b)
{
	struct tok_range whole = body;
	struct strbuf text = STRBUF_INIT;
	char *atomic_how = NULL;
	const char *how;
	int dp;

	/* ((volatile T *)(p))->f reaches its object through a pointer
	 * argument: a once-macro for scan only, as *(volatile T *)(p) is
	 * (audit reports the cast in the body) */
	if (a->arrow && !pointer_args)
		return;
	if (a->use == ONCE_WRITE)
		b->access_kind = OMK_WRITE;
	else if (a->use == ONCE_READ)
		b->access_kind = OMK_READ;
	else
		return;
	strip_parens(buf, l, &whole);
	if (!a->atomic && whole.begin == a->begin && whole.end == a->end &&
	    (a->macro ? a->macro->kind == OMK_ACCESS :
	     !cast_is_const(buf, l, &a->vc)))
		b->access_kind = OMK_ACCESS;
	/* *(volatile u32 *)(p), MY_ONCE(*(p)), LOAD_MO(p, 0): the object
	 * is what parameter p points to -- a pointer-argument once-macro */
	dp = !pointer_args || a->arrow ? -1 :
	     a->deref ? range_param(buf, l, b, a->object) :
	     deref_of_param(buf, l, b, a->object);
	/* *(volatile u32 *)(base + 4): a device register at an address
	 * computed, not a once-access of an object an argument names; its
	 * definition stays a hand-written volatile cast */
	if (a->deref && !a->macro && dp < 0)
		return;
	if (a->deref)
		strbuf_addstr(&text, "*(");
	object_text(buf, l, body, a->object, b, 0, &text);
	if (a->deref)
		strbuf_addch(&text, ')');
	if (a->arrow)
		add_member(buf, l, &a->vc, &text);
	if (!spelled_in_params(b, text.buf)) {
		strbuf_release(&text);
		return;
	}
	b->volatile_cast = a->macro ? (a->macro->flags & OMF_VOLATILE_CAST) != 0 :
			   !a->atomic && cast_of_own_type(buf, l, &a->vc);
	b->object_param = a->deref || a->arrow || dp >= 0 ? -1 :
			  range_param(buf, l, b, a->object);
	/* *((&(p))): the object through a local holding its address
	 * (liburcu's _rcu_dereference: __typeof__(p) *_________ptr = &(p);
	 * uatomic_load(_________ptr)) is p itself */
	if (b->object_param < 0 && dp < 0)
		b->object_param = deref_of_address(text.buf, b);
	b->deref_param = dp;
	b->value_deref = value_dereferenced(buf, l, body, a);
	if (dp >= 0 && a->macro && a->macro->cast_type)
		b->cast_type = xstrdup(a->macro->cast_type);
	else if (dp >= 0 && !a->macro && !a->atomic &&
		 !cast_of_own_type(buf, l, &a->vc))
		b->cast_type = cast_type_text(buf, l, &a->vc);
	if (b->object_param >= 0)
		b->pointer_object =
			(a->macro && (a->macro->flags & OMF_POINTER_OBJECT)) ||
			param_is_pointer(buf, l, body, b->params[b->object_param]);
	b->value_param = b->access_kind == OMK_WRITE && a->value.end > a->value.begin ?
			 range_param(buf, l, b, a->value) : -1;
	if (a->atomic) {
		struct strbuf name = STRBUF_INIT;

		token_spelling(buf, &l->tok[a->atomic], &name);
		atomic_how = a->order_param >= 0 ?
			xasprintf("%s (its order the argument '%s')",
				  name.buf, b->params[a->order_param]) :
			xasprintf("%s %s", a->atomic_relaxed ?
				  "a relaxed" : "an ordered", name.buf);
		strbuf_release(&name);
	}
	how = a->macro ? a->macro->name : a->atomic ? atomic_how : "a volatile cast";
	free(b->access_via);
	b->access_via = a->macro ? xstrdup(a->macro->name) : NULL;
	if (b->object_param >= 0)
		b->access_what = xasprintf("%s of its argument '%s'", how,
					   b->params[b->object_param]);
	else if (dp >= 0)
		b->access_what = xasprintf("%s of what its argument '%s' "
					   "points to", how, b->params[dp]);
	else
		b->access_what = xasprintf("%s of '%s'", how, text.buf);
	/* the object without the detour through its address: "x", not
	 * "*(&(x))" as the counting spells a cast's */
	free(b->object);
	b->object = strbuf_detach(&text);
	b->is_access = 1;
	b->order_param = a->order_param;
	free(atomic_how);
}

/* ---- the analysis ---- */

static void read_params(const char *buf, const struct token_list *l,
			const struct define_span *d, struct once_body *b)
{
	for (size_t k = d->name + 2; k < d->body.begin &&
	     !tok_punct(buf, l, k, ")"); k++) {
		struct strbuf p = STRBUF_INIT;

		if (tok_punct(buf, l, k, "..."))
			strbuf_addstr(&p, "__VA_ARGS__");
		else if (l->tok[k].kind == TOK_IDENT)
			token_spelling(buf, &l->tok[k], &p);
		else
			continue;
		b->params = xrealloc(b->params, (b->nparams + 1) * sizeof(char *));
		b->params[b->nparams++] = strbuf_detach(&p);
	}
}
/*
 * An atomic's order that is one of the macro's parameters, as written
 * (Open vSwitch's atomic_read_explicit(SRC, DST, ORDER) is
 * (*(DST) = atomic_load_explicit(SRC, ORDER), (void) 0)): its number,
 * or -1.  The caller's order then decides whether a use is one access.
 */
static int order_of_param(const char *buf, const struct token_list *l,
			  const struct once_body *b, struct tok_range order)
{
	struct tok_range r = tok_unparen(buf, l, order);

	if (r.end != r.begin + 1 || l->tok[r.begin].kind != TOK_IDENT)
		return -1;
	for (size_t k = 0; k < b->nparams; k++)
		if (strlen(b->params[k]) == l->tok[r.begin].len &&
		    !memcmp(b->params[k], buf + l->tok[r.begin].off,
			    l->tok[r.begin].len))
			return (int)k;
	return -1;
}

/* A call of m, an accessor whose order is the caller's: is its order
 * argument one name that means an order of one access for m's kind? */
static int order_single(const char *buf, const struct token_list *l,
			const struct once_macro *m,
			const struct tok_range *args, size_t nargs)
{
	struct tok_range r;

	if ((size_t)m->order_arg >= nargs || m->order_arg >= 3)
		return 0;
	r = tok_unparen(buf, l, args[m->order_arg]);
	return r.end == r.begin + 1 && l->tok[r.begin].kind == TOK_IDENT &&
	       mem_order_single((enum mem_order)once_macro_order_meant(m,
				buf + l->tok[r.begin].off, l->tok[r.begin].len),
				m->kind == OMK_WRITE);
}


size_t once_body_analyse(const char *buf, const struct token_list *l,
			 const struct define_span *d,
			 const struct once_macros *t, struct once_body *b)
{
	struct strbuf obj = STRBUF_INIT, first = STRBUF_INIT, names = STRBUF_INIT;
	struct strbuf name = STRBUF_INIT;
	struct tok_range body = d->body;
	size_t n = 0;
	int spelled = 1, other_access = 0;
	char *deref_cast = NULL; /* the T of every *(volatile T *)E */
	struct one_access one;

	memset(b, 0, sizeof(*b));
	memset(&one, 0, sizeof(one));
	one.order_param = -1;
	b->object_param = b->value_param = b->deref_param = -1;
	b->order_param = -1;
	read_params(buf, l, d, b);
	for (size_t k = body.begin; k < body.end; k++) {
		const struct once_macro *m = NULL;
		struct volatile_cast vc;
		struct atomic_access aa;
		struct tok_range r;
		enum once_use use;
		int deref = 0, arrow = 0, oa_found, order_p = -1;

		if (l->tok[k].kind == TOK_IDENT &&
		    (m = once_macros_find(t, buf + l->tok[k].off, l->tok[k].len))) {
			struct tok_range args[3];
			size_t nargs, close;
			int oa;

			if (tok_call_args(buf, l, k, args, ARRAY_SIZE(args),
					  &nargs, &close) || close >= body.end)
				continue;
			/* an accessor whose order is the caller's: a
			 * once-access only in a constant order of one
			 * access (jemalloc's log_do_begin calls
			 * atomic_load_u(&(v).state, ATOMIC_RELAXED)) */
			if (m->order_arg >= 0 && !order_single(buf, l, m, args,
							       nargs))
				continue;
			oa = once_macro_object_arg(m, nargs);
			/* a --macro name too, once its definition is known
			 * to take a pointer (fold in once-discover.c) */
			if (m->deref_arg >= 0 &&
			    (size_t)m->deref_arg < nargs) {
				/* LOAD_MO(addr, 0): the object is *(addr) */
				oa = m->deref_arg;
				deref = 1;
			}
			if (oa < 0 || (size_t)oa >= ARRAY_SIZE(args))
				continue;
			r = args[oa];
			skip_unevaluated(buf, l, &r);
			use = m->kind == OMK_READ ? ONCE_READ :
			      m->kind == OMK_WRITE ? ONCE_WRITE :
			      once_use_classify(buf, l, k, close + 1);
			add_primitive(&names, m->name);
			other_access = 1;
			if (!n) {
				one.begin = k;
				one.end = close + 1;
				one.macro = m;
				if (m->kind == OMK_WRITE && m->value_arg >= 0 &&
				    (size_t)m->value_arg < nargs &&
				    (size_t)m->value_arg < ARRAY_SIZE(args))
					one.value = args[m->value_arg];
				else if (use == ONCE_WRITE)
					once_assigned_value(buf, l, close + 1,
							    &one.value);
			}
		} else if ((oa_found = find_atomic_access(buf, l, k, &aa)) &&
			   aa.close < body.end &&
			   (oa_found == 1 ||
			    (order_p = order_of_param(buf, l, b, aa.order)) >= 0)) {
			/* __atomic_load_n(P, __ATOMIC_RELAXED), or an acquire
			 * load or release store (idioms.h: the orders of one
			 * access): a once-access of *P; P's own cast,
			 * (_Atomic __typeof__(x) *)&(x) as liburing spells
			 * it, is no part of the object */
			use = aa.store ? ONCE_WRITE : ONCE_READ;
			deref = 1;
			r = aa.ptr;
			strip_pointer_cast(buf, l, &r);
			add_primitive(&names, aa.relaxed ? "relaxed atomic" :
						     "ordered atomic");
			other_access = 1;
			if (!n) {
				one.begin = k;
				one.end = aa.close + 1;
				one.atomic = k;
				one.atomic_relaxed = aa.relaxed;
				one.order_param = oa_found == 1 ? -1 : order_p;
				one.value = aa.value;
			}
			k = aa.close;
		} else if (l->tok[k].kind != TOK_IDENT &&
			   find_volatile_cast(buf, l, k, &vc) && vc.end <= body.end) {
			use = once_use_classify(buf, l, vc.begin, vc.end);
			deref = vc.form == VC_DEREF;
			if (deref && !cast_of_own_type(buf, l, &vc)) {
				char *t = cast_type_text(buf, l, &vc);

				if (!deref_cast && !n) {
					deref_cast = t;
					b->deref_cast_type.begin = vc.cast_open + 1;
					b->deref_cast_type.end =
						tok_match(buf, l, vc.cast_open) - 1;
				}
				else {
					if (!deref_cast || strcmp(deref_cast, t))
						other_access = 1;
					free(t);
				}
			} else {
				other_access = 1;
			}
			if (deref) {
				r = vc.operand;
			} else if (arrow_of_param(buf, l, &vc, b)) {
				/* ((volatile T *)(p))->f: the member f of what
				 * parameter p points to, spelled (p)->f as
				 * (&(p)->f) of an atomic is (nsync's clang
				 * helper NSYNC_ATOMIC_UINT32_LOAD_) */
				r = vc.operand;
				arrow = 1;
			} else { /* ->f, [i]: compared, not typed */
				r.begin = vc.begin;
				r.end = vc.end;
				spelled = 0;
			}
			add_primitive(&names, "volatile cast");
			if (!n) {
				one.begin = vc.begin;
				one.end = vc.end;
				one.vc = vc;
				if (use == ONCE_WRITE)
					once_assigned_value(buf, l, vc.end,
							    &one.value);
			}
		} else {
			continue;
		}
		if (!n) {
			one.use = use;
			one.deref = deref;
			one.arrow = arrow;
			one.object = r;
			if (deref && r.end > r.begin + 1) {
				/* *(volatile T *)&x: the object is x */
				struct tok_range in = r;

				strip_parens(buf, l, &in);
				if (tok_punct(buf, l, in.begin, "&")) {
					one.object.begin = in.begin + 1;
					one.object.end = in.end;
					one.deref = 0;
				}
			}
		}
		if (use == ONCE_READ)
			b->reads++;
		else if (use == ONCE_WRITE)
			b->writes++;
		else { /* ++, +=, &, .f: read and written */
			b->reads++;
			b->writes++;
		}
		strbuf_reset(&obj);
		if (deref)
			strbuf_addstr(&obj, "*(");
		object_text(buf, l, body, r, b, 0, &obj);
		if (deref)
			strbuf_addch(&obj, ')');
		if (arrow)
			add_member(buf, l, &vc, &obj);
		if (!n++)
			strbuf_addstr(&first, obj.buf);
		else if (strcmp(first.buf, obj.buf))
			b->several = 1;
	}
	if (n) {
		b->object = spelled && !b->several ? strbuf_detach(&first) : NULL;
		b->primitives = strbuf_detach(&names);
		b->loop = body_loops(buf, l, body);
		if (n == 1 && !b->loop && spelled)
			one_object_access(buf, l, body, &one, t->pointer_args, b);
		if (!other_access && !b->several) {
			b->deref_cast = deref_cast;
			deref_cast = NULL;
		} else {
			b->deref_cast_type.begin = b->deref_cast_type.end = 0;
		}
	} else {
		once_body_release(b);
	}
	free(deref_cast);
	strbuf_release(&obj);
	strbuf_release(&first);
	strbuf_release(&names);
	strbuf_release(&name);
	return n;
}

void once_body_release(struct once_body *b)
{
	for (size_t k = 0; k < b->nparams; k++)
		free(b->params[k]);
	free(b->params);
	free(b->object);
	free(b->primitives);
	free(b->access_what);
	free(b->access_via);
	free(b->cast_type);
	free(b->deref_cast);
	memset(b, 0, sizeof(*b));
	b->object_param = b->value_param = b->deref_param = -1;
	b->order_param = -1;
}
