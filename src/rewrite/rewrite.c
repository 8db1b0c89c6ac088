/*
 * The conversions of `rwonce fix` (see rewrite.h).  Everything here works
 * on tokens and decides from the tokens around a site whether the site is
 * a read, a whole-statement write, or something that cannot be converted.
 * When in doubt the site is left and the note says what was in the way.
 */
#include "rewrite/rewrite.h"
#include "cfront/defines.h"
#include "cfront/idioms.h"
#include "cfront/tokscan.h"
#include "cfront/typeindex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rewrite_opts_init(struct rewrite_opts *o)
{
	memset(o, 0, sizeof(*o));
	once_macros_init(&o->builtin);
	o->macros = &o->builtin;
	o->volatile_casts = 1;
	rewrite_opts_set_names(o, "READ_ONCE", "WRITE_ONCE");
}

void rewrite_opts_set_names(struct rewrite_opts *o, const char *read_name,
			    const char *write_name)
{
	free(o->read_open);
	free(o->write_open);
	free(o->read_open_deref);
	free(o->write_open_deref);
	o->read_name = read_name;
	o->write_name = write_name;
	o->read_open = xasprintf("%s(", read_name);
	o->write_open = xasprintf("%s(", write_name);
	o->read_open_deref = xasprintf("%s(*", read_name);
	o->write_open_deref = xasprintf("%s(*", write_name);
}

void rewrite_opts_release(struct rewrite_opts *o)
{
	once_macros_release(&o->builtin);
	free(o->read_open);
	free(o->write_open);
	free(o->read_open_deref);
	free(o->write_open_deref);
	o->read_open = o->write_open = NULL;
	o->read_open_deref = o->write_open_deref = NULL;
}

void rewrite_result_release(struct rewrite_result *res)
{
	edit_list_release(&res->edits);
	free(res->notes);
	res->notes = NULL;
	res->notes_nr = res->notes_alloc = 0;
	res->converted = 0;
}

/* Everything one file's scan needs, passed around as one pointer. */
struct scan {
	const char *buf;
	size_t len;
	const struct token_list *l;
	const struct rewrite_opts *opts;
	struct rewrite_result *res;
	/* Declared types of plain identifiers, looked up on demand. */
	struct decl_cache {
		char *name, *type; /* type NULL: unknown or contradictory */
	} *decls;
	size_t decls_nr, decls_alloc;
	/* The last token of the value of the last write converted: a write
	 * inside it (only in broken code) must not be converted too. */
	size_t value_last;
	/* The audit engine's type index, built on the first volatile cast
	 * whose operand is more than a plain variable. */
	struct type_index *ti;
	/* The tokens a site is classified within: the whole file, or the
	 * body of the #define it is in ([scope_begin, scope_end)). */
	size_t scope_begin, scope_end;
};

static const struct token *T(const struct scan *s, size_t i)
{
	return &s->l->tok[i];
}

static size_t eof_index(const struct scan *s)
{
	return s->l->nr - 1;
}

/*
 * The first-byte test rejects almost every token before tok_punct's
 * comparison; a two-byte token may be a digraph (<% is {), whose first
 * byte is not its bracket's.
 */
static int punct(const struct scan *s, size_t i, const char *p)
{
	const struct token *t = &s->l->tok[i];

	if (t->kind != TOK_PUNCT ||
	    (s->buf[t->off] != p[0] && !(t->flags & TF_SPLICED) && t->len != 2))
		return 0;
	return tok_punct(s->buf, s->l, i, p);
}

static int ident(const struct scan *s, size_t i, const char *p)
{
	const struct token *t = &s->l->tok[i];

	if (t->kind != TOK_IDENT ||
	    (s->buf[t->off] != p[0] && !(t->flags & TF_SPLICED)))
		return 0;
	return tok_ident(s->buf, s->l, i, p);
}

static int ident_in(const struct scan *s, size_t i, const char *const *set)
{
	for (; *set; set++)
		if (ident(s, i, *set))
			return 1;
	return 0;
}

static void note(struct scan *s, enum rule_id rule, size_t at,
		 const char *what, const char *reason)
{
	struct rewrite_result *r = s->res;

	ALLOC_GROW(r->notes, r->notes_nr + 1, r->notes_alloc);
	r->notes[r->notes_nr].rule = rule;
	r->notes[r->notes_nr].line = T(s, at)->line;
	r->notes[r->notes_nr].col = T(s, at)->col;
	r->notes[r->notes_nr].what = what;
	r->notes[r->notes_nr].reason = reason;
	r->notes_nr++;
}

/* A keyword that ends no operand: one before an operand (return, sizeof
 * ...) or before a parenthesised head (if, while ...): cfront/tokscan.h. */
static int not_operand_word(const struct scan *s, size_t i)
{
	return tok_is_operator_keyword(s->buf, s->l, i) ||
	       tok_is_condition_keyword(s->buf, s->l, i);
}

static int unevaluated_word(const struct scan *s, size_t i)
{
	return tok_is_unevaluated_keyword(s->buf, s->l, i);
}

static int ends_operand(const struct scan *s, size_t i)
{
	return tok_ends_operand(s->buf, s->l, i);
}

/*
 * The code token before i, skipping directive lines when i is not in one
 * (an #ifdef between two lines of code is not part of the expression).
 * Returns (size_t)-1 at the start of the file.
 */
#define NONE ((size_t)-1)
static size_t prev_code(const struct scan *s, size_t i)
{
	int in_dir = (T(s, i)->flags & TF_DIRECTIVE) != 0;

	while (i > s->scope_begin) {
		i--;
		if (in_dir || !(T(s, i)->flags & TF_DIRECTIVE))
			return i;
	}
	return NONE;
}

/* The '(' that matches the ')' at i, or NONE.  Code skips directive
 * lines; a ')' on a directive line is matched on that line only. */
static size_t match_back(const struct scan *s, size_t close)
{
	int in_dir = (T(s, close)->flags & TF_DIRECTIVE) != 0;
	size_t depth = 0;

	for (size_t i = close + 1; i-- > s->scope_begin;) {
		if (!in_dir && (T(s, i)->flags & TF_DIRECTIVE))
			continue;
		if (in_dir && !(T(s, i)->flags & TF_DIRECTIVE))
			return NONE;
		if (punct(s, i, ")") || punct(s, i, "]") || punct(s, i, "}")) {
			depth++;
		} else if (punct(s, i, "(") || punct(s, i, "[") ||
			   punct(s, i, "{")) {
			if (--depth == 0)
				return punct(s, i, "(") ? i : NONE;
		}
		if (in_dir && (T(s, i)->flags & TF_BOL))
			return NONE; /* the directive's '#' */
	}
	return NONE;
}

enum paren_kind { PAREN_EXPR, PAREN_CAST, PAREN_AMBIGUOUS };

static const char *const type_words[] = {
	"int", "char", "short", "long", "float", "double", "void", "signed",
	"unsigned", "_Bool", "bool", "struct", "union", "enum", "const",
	"volatile", "__volatile__", "typeof", "__typeof__", NULL,
};

/*
 * What the parenthesised group ending at ')' `close` is: a cast when it
 * holds type keywords ("(int)", "(struct s *)"), an expression when it
 * holds anything no type has, and ambiguous when it is only identifiers
 * and '*' -- "(u32)" is a cast if u32 is a typedef and an expression if
 * it is a variable, which tokens alone cannot tell.
 */
static enum paren_kind paren_kind(const struct scan *s, size_t close)
{
	size_t open = match_back(s, close);
	int keyword = 0;

	if (open == NONE || open + 1 == close)
		return PAREN_EXPR;
	for (size_t i = open + 1; i < close; i++) {
		if (punct(s, i, "*"))
			continue;
		if (T(s, i)->kind != TOK_IDENT ||
		    not_operand_word(s, i))
			return PAREN_EXPR;
		keyword |= ident_in(s, i, type_words);
	}
	return keyword ? PAREN_CAST : PAREN_AMBIGUOUS;
}

/*
 * Is any token in [from, to] on a directive line when `from` is not, or,
 * when `from` is on one (a macro body), on another line or in code?
 */
static int crosses_directive(const struct scan *s, size_t from, size_t to)
{
	int in_dir = (T(s, from)->flags & TF_DIRECTIVE) != 0;

	for (size_t i = from; i <= to; i++) {
		unsigned f = T(s, i)->flags;

		if (in_dir ? i > from && ((f & TF_BOL) || !(f & TF_DIRECTIVE))
			   : (f & TF_DIRECTIVE) != 0)
			return 1;
	}
	return 0;
}

/* Are the bytes between tokens a and b (a < b) only spaces and tabs? */
static int blank_between(const struct scan *s, size_t a, size_t b)
{
	for (size_t o = T(s, a)->off + T(s, a)->len; o < T(s, b)->off; o++)
		if (s->buf[o] != ' ' && s->buf[o] != '\t')
			return 0;
	return 1;
}

/* Only white space (no comment, no splice) inside tokens [a, b]? */
static int plain_span(const struct scan *s, size_t a, size_t b)
{
	for (size_t i = a; i <= b; i++) {
		if (T(s, i)->flags & TF_SPLICED)
			return 0;
		if (i == b)
			break;
		for (size_t o = T(s, i)->off + T(s, i)->len;
		     o < T(s, i + 1)->off; o++)
			if (s->buf[o] != ' ' && s->buf[o] != '\t' &&
			    s->buf[o] != '\n' && s->buf[o] != '\r')
				return 0;
	}
	return 1;
}

/*
 * Does a statement start at token i?  Then an assignment there whose
 * value runs to the ';' is a whole expression statement, and WRITE_ONCE
 * (a statement in the kernel, do { } while (0)) can stand in for it.
 */
/* The identifier at i names an iterator macro: it contains "for_each". */
static int token_has_for_each(const struct scan *s, size_t i)
{
	const struct token *t = T(s, i);
	const char *w = s->buf + t->off;
	static const char key[] = "for_each";
	size_t n = sizeof(key) - 1;

	if (t->flags & TF_SPLICED)
		return 0;
	for (size_t k = 0; k + n <= t->len; k++)
		if (!memcmp(w + k, key, n))
			return 1;
	return 0;
}

static int statement_starts_at(const struct scan *s, size_t i)
{
	/* A loop, not recursion: iterator macros may be chained without
	 * limit ("for_each_a(x) for_each_b(y) ... z = v;"). */
	for (;;) {
		size_t p = prev_code(s, i), open, h;
		static const char *const heads[] = { "if", "while", "for",
						     "switch", NULL };

		if (p == NONE)
			return 1;
		if (punct(s, p, ";") || punct(s, p, "{") || punct(s, p, "}") ||
		    punct(s, p, ":"))
			return 1;
		if (ident(s, p, "else") || ident(s, p, "do"))
			return 1;
		if (!punct(s, p, ")") || (open = match_back(s, p)) == NONE ||
		    open == 0)
			return 0;
		h = prev_code(s, open);
		if (h == NONE || T(s, h)->kind != TOK_IDENT)
			return 0;
		if (ident_in(s, h, heads))
			return 1;
		/* An iterator macro, "for_each_rcu_flavor(rsp) x = v;",
		 * "list_for_each_entry(p, h, m) x = v;": a loop header by
		 * the kernel's naming, when it starts a statement itself. */
		if (!token_has_for_each(s, h))
			return 0;
		i = h;
	}
}

/*
 * The assigned value after the '=' at eq: tokens up to the ';' that ends
 * the statement.  Sets *last to the value's last token.  Returns NULL,
 * or why the statement is not a plain "LHS = value;".
 */
static const char *assigned_value(const struct scan *s, size_t eq,
				  size_t *last)
{
	size_t depth = 0;

	/* Statement keywords cannot be in an expression: broken code. */
	static const char *const stmt_words[] = {
		"if", "else", "for", "while", "do", "switch", "case", "default",
		"return", "goto", "break", "continue", NULL,
	};

	for (size_t i = eq + 1; i < eof_index(s); i++) {
		if (T(s, i)->kind == TOK_IDENT && ident_in(s, i, stmt_words))
			return "the assigned value is not an expression";
		/* ')' after it would become part of the literal. */
		if (T(s, i)->flags & TF_UNTERMINATED)
			return "an unterminated literal in the assigned value";
		/* "int g", "u32 g": a declaration, not an expression. */
		if (!depth && T(s, i)->kind == TOK_IDENT &&
		    T(s, i - 1)->kind == TOK_IDENT && i - 1 > eq &&
		    !unevaluated_word(s, i - 1))
			return "the assigned value is not an expression";
		if ((T(s, i)->flags & TF_DIRECTIVE) &&
		    !(T(s, eq)->flags & TF_DIRECTIVE))
			return "a preprocessor directive inside the statement";
		if ((T(s, i)->flags & TF_BOL) &&
		    (T(s, eq)->flags & TF_DIRECTIVE))
			break; /* the directive line ended first */
		if (punct(s, i, "(") || punct(s, i, "[") || punct(s, i, "{")) {
			depth++;
		} else if (punct(s, i, ")") || punct(s, i, "]") ||
			   punct(s, i, "}")) {
			if (!depth)
				return "the assignment is not a whole statement";
			depth--;
		} else if (!depth && punct(s, i, ",")) {
			return "the assignment is part of a comma expression";
		} else if (!depth && punct(s, i, ";")) {
			if (i == eq + 1)
				return "nothing is assigned";
			*last = i - 1;
			return NULL;
		}
	}
	if (T(s, eq)->flags & TF_DEFINE_BODY)
		return "the assignment ends the macro body without a ';': each "
		       "use decides whether its value is used, and "
		       "WRITE_ONCE() has none";
	return "the statement never ends";
}

static const char *const compound_ops[] = {
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", NULL,
};

static int punct_in(const struct scan *s, size_t i, const char *const *set)
{
	for (; *set; set++)
		if (punct(s, i, *set))
			return 1;
	return 0;
}

enum use { USE_READ, USE_WRITE, USE_LEAVE };

static int is_access_macro(const struct scan *s, size_t i);

/*
 * Classify the access spanning tokens [a, b]: a read, a whole-statement
 * write (then *value_last is the assigned value's last token), or a use
 * to leave (then *why says why).
 */
static enum use classify(struct scan *s, size_t a, size_t b,
			 size_t *value_last, const char **why)
{
	size_t peeled = 0, prev, next;

	/* Grouping parentheses around the access change nothing. */
	for (;;) {
		size_t pa = prev_code(s, a), pp;

		if (pa == NONE || b + 1 >= s->scope_end || !punct(s, pa, "(") ||
		    !punct(s, b + 1, ")"))
			break;
		pp = prev_code(s, pa);
		/* f(x), if (x), (*fp)(x): the parentheses are not grouping. */
		if (pp != NONE && (T(s, pp)->kind == TOK_IDENT ||
				   punct(s, pp, ")") || punct(s, pp, "]")))
			break;
		a = pa;
		b = b + 1;
		peeled++;
	}
	prev = prev_code(s, a);
	next = b + 1;

	/*
	 * The whole argument of ACCESS_ONCE/READ_ONCE/WRITE_ONCE(x, ...):
	 * that x must stay an lvalue (the macro takes its address), so
	 * READ_ONCE(READ_ONCE(x)) would not compile.
	 */
	if (prev != NONE && punct(s, prev, "(") && next < s->scope_end &&
	    (punct(s, next, ")") || punct(s, next, ","))) {
		size_t pp = prev_code(s, prev);

		if (pp != NONE && T(s, pp)->kind == TOK_IDENT &&
		    (is_access_macro(s, pp) ||
		     ident(s, pp, s->opts->read_name) ||
		     ident(s, pp, s->opts->write_name) ||
		     ident(s, pp, "READ_ONCE") || ident(s, pp, "WRITE_ONCE"))) {
			*why = "operand of another once-access, which needs "
			       "an lvalue";
			return USE_LEAVE;
		}
	}

	if (prev != NONE && unevaluated_word(s, prev)) {
		*why = "operand of sizeof or typeof: not an access";
		return USE_LEAVE;
	}
	if (prev != NONE && punct(s, prev, "(")) {
		size_t pp = prev_code(s, prev);

		if (pp != NONE && unevaluated_word(s, pp)) {
			*why = "operand of sizeof or typeof: not an access";
			return USE_LEAVE;
		}
	}
	if (prev != NONE && (punct(s, prev, "++") || punct(s, prev, "--"))) {
		*why = "operand of ++ or --: READ_ONCE() is not an lvalue";
		return USE_LEAVE;
	}
	if (prev != NONE && punct(s, prev, "&")) {
		size_t pp = prev_code(s, prev);

		if (pp == NONE || !ends_operand(s, pp) ||
		    (punct(s, pp, ")") && paren_kind(s, pp) == PAREN_CAST)) {
			*why = "address taken: READ_ONCE() is not an lvalue";
			return USE_LEAVE;
		}
		if (punct(s, pp, ")") && paren_kind(s, pp) == PAREN_AMBIGUOUS) {
			*why = "after \"(name) &\": an address-of if name is a "
			       "type, which tokens alone cannot tell";
			return USE_LEAVE;
		}
	}
	if (next >= s->scope_end)
		return USE_READ;
	/* "x wide": no expression is followed by a word or a literal, so
	 * this is broken code, and the type index would read the two
	 * differently once x became READ_ONCE(x). */
	if (T(s, next)->kind == TOK_IDENT || T(s, next)->kind == TOK_NUMBER ||
	    T(s, next)->kind == TOK_STRING || T(s, next)->kind == TOK_CHAR) {
		*why = "followed by a word or a literal: not an expression";
		return USE_LEAVE;
	}
	if (punct(s, next, "++") || punct(s, next, "--")) {
		*why = "operand of ++ or --: READ_ONCE() is not an lvalue";
		return USE_LEAVE;
	}
	if (punct_in(s, next, compound_ops)) {
		*why = "compound assignment: READ_ONCE() is not an lvalue and "
		       "WRITE_ONCE() has no value; write "
		       "WRITE_ONCE(x, READ_ONCE(x) OP v) by hand if one read "
		       "and one write is what is meant";
		return USE_LEAVE;
	}
	if (punct(s, next, ".")) {
		*why = "member of a volatile object: READ_ONCE() would read the "
		       "whole object instead of one field";
		return USE_LEAVE;
	}
	if (punct(s, next, "[")) {
		*why = "subscripted: exact only when the operand is a pointer, "
		       "which a lexical scan cannot tell";
		return USE_LEAVE;
	}
	if (punct(s, next, "=")) {
		if (peeled) {
			*why = "parenthesised assignment target";
			return USE_LEAVE;
		}
		if (!statement_starts_at(s, a)) {
			size_t p = prev_code(s, a);

			*why = p != NONE && punct(s, p, ")") ?
				"not known to be a whole statement: it follows "
				"a ')' that closes no if/while/for/switch "
				"header or *for_each* macro (another loop "
				"macro?); WRITE_ONCE() has no value" :
				"the assignment's value is used, and "
				"WRITE_ONCE() has none";
			return USE_LEAVE;
		}
		if ((*why = assigned_value(s, next, value_last)))
			return USE_LEAVE;
		/* Two writes ending at one ';' (broken code: "x = a: y = b;")
		 * would both insert ')' there. */
		if (s->value_last != NONE && *value_last == s->value_last) {
			*why = "inside the value of another assignment";
			return USE_LEAVE;
		}
		s->value_last = *value_last;
		return USE_WRITE;
	}
	return USE_READ;
}

/*
 * The edits that turn "LHS = value;" into "WRITE_ONCE(LHS, value);" once
 * the opening "WRITE_ONCE(" is done: "LHS_END =" becomes "," (or, with a
 * comment in between, the ')' / '=' are edited separately so the comment
 * stays), and ")" goes after the value.
 */
static void write_tail(struct scan *s, size_t lhs_last, int drop_lhs_last,
		       size_t eq, size_t value_last)
{
	struct edit_list *e = &s->res->edits;
	const struct token *lt = T(s, lhs_last), *et = T(s, eq);
	const struct token *vt = T(s, value_last);

	if (blank_between(s, lhs_last, eq)) {
		size_t from = drop_lhs_last ? lt->off : lt->off + lt->len;

		edit_list_add(e, from, et->off + et->len - from, ",");
	} else {
		if (drop_lhs_last)
			edit_list_add(e, lt->off, lt->len, "");
		edit_list_add(e, et->off, et->len, ",");
	}
	edit_list_add(e, vt->off + vt->len, 0, ")");
}

static int is_access_macro(const struct scan *s, size_t i)
{
	const struct token *t = T(s, i);
	const struct once_macro *m;

	if (t->kind != TOK_IDENT)
		return 0;
	m = once_macros_find(s->opts->macros, s->buf + t->off, t->len);
	/* converted like ACCESS_ONCE(x): ACCESS_ONCE and --macro names
	 * (what audit's access-once rule reports), and only when the
	 * argument is the object: atomic_read(v) -> READ_ONCE(v) would
	 * read the pointer */
	return m && m->kind == OMK_ACCESS &&
	       !(m->flags & (OMF_RWONCE | OMF_DISCOVERED)) && m->object_arg == 0;
}

static const char *const decl_words[] = {
	"int", "char", "short", "long", "float", "double", "void", "signed",
	"unsigned", "_Bool", "bool", "struct", "union", "enum", "static",
	"extern", "const", "volatile", "register", "inline", "__inline",
	"__inline__", "__thread", "_Thread_local", "auto", NULL,
};

/*
 * Is the macro named by token `name` a once-primitive (READ_ONCE,
 * WRITE_ONCE, ASSIGN_ONCE, __READ_ONCE ...: any name ending in _ONCE, the
 * names fix writes, an ACCESS_ONCE-style macro)?  Its body is its
 * implementation: converting it would define the macro by itself.
 */
static int is_once_primitive(const struct scan *s, size_t name)
{
	const struct token *t = T(s, name);
	static const char tail[] = "_ONCE";

	if (t->len >= sizeof(tail) - 1 &&
	    !memcmp(s->buf + t->off + t->len - (sizeof(tail) - 1), tail,
		    sizeof(tail) - 1))
		return 1;
	return ident(s, name, s->opts->read_name) ||
	       ident(s, name, s->opts->write_name) || is_access_macro(s, name);
}

/*
 * ACCESS_ONCE(...) spanning [i, close] in the body d of a #define: NULL
 * when the body itself decides whether it is a read or a write ("(ACCESS_ONCE(x)
 * == 0)", "do { ...; ACCESS_ONCE(x) = v; } while (0)"), so the site is
 * classified like code; otherwise why each use of the macro decides.
 */
static const char *macro_body_unfixed(const struct scan *s,
				      const struct define_span *d,
				      size_t i, size_t close)
{
	size_t a = i, b = close;

	if (is_once_primitive(s, d->name))
		return "in the definition of a once-primitive, which stays as "
		       "it is";
	/* Grouping parentheses: "(ACCESS_ONCE(x))" is still the access. */
	while (a > d->body.begin && b + 1 < d->body.end &&
	       punct(s, a - 1, "(") && punct(s, b + 1, ")") &&
	       (a - 1 == d->body.begin || !(T(s, a - 2)->kind == TOK_IDENT ||
					    punct(s, a - 2, ")") ||
					    punct(s, a - 2, "]")))) {
		a--;
		b++;
	}
	if (a == d->body.begin && b + 1 == d->body.end)
		return "inside a macro body that is the access itself: whether "
		       "it is a read or a write depends on each place the "
		       "macro is used";
	if ((a > d->body.begin &&
	     (punct(s, a - 1, "#") || punct(s, a - 1, "##"))) ||
	    (b + 1 < d->body.end &&
	     (punct(s, b + 1, "#") || punct(s, b + 1, "##"))))
		return "next to # or ## in a macro body";
	/* No expression has a word before an operand except keywords
	 * (return, case ...): in a macro body it is a parameter or a macro,
	 * which may stand for ++ or &. */
	if (a > d->body.begin && T(s, a - 1)->kind == TOK_IDENT &&
	    !not_operand_word(s, a - 1))
		return "after a word in a macro body (a parameter or a macro "
		       "that may be an operator): each use decides";
	return NULL;
}

static size_t access_once_in_scope(struct scan *s, size_t i,
				   const struct define_span *body);

/*
 * A site in the body of a #define is looked at within the body only:
 * what lies outside it is not around the access once the macro is
 * expanded.  Returns 1 (and *d) when token i is in a body, scope set;
 * leave_body() restores the whole file.
 */
static int enter_body(struct scan *s, size_t i, struct define_span *d)
{
	if (!(T(s, i)->flags & TF_DEFINE_BODY) ||
	    define_span_at(s->buf, s->l, i, d) < 0)
		return 0;
	s->scope_begin = d->body.begin;
	s->scope_end = d->body.end;
	return 1;
}

static void leave_body(struct scan *s)
{
	s->scope_begin = 0;
	s->scope_end = eof_index(s);
}

/* ACCESS_ONCE(x) at token i. Returns the next token index to look at. */
static size_t access_once_site(struct scan *s, size_t i)
{
	struct define_span d;
	size_t next;

	if (!(T(s, i)->flags & TF_DEFINE_BODY))
		return access_once_in_scope(s, i, NULL);
	if (!enter_body(s, i, &d)) {
		note(s, RULE_ACCESS_ONCE, i, "ACCESS_ONCE()",
		     "inside a directive that is not a #define");
		return i + 1;
	}
	next = access_once_in_scope(s, i, &d);
	leave_body(s);
	return next;
}

static size_t access_once_in_scope(struct scan *s, size_t i,
				   const struct define_span *body)
{
	struct tok_range arg;
	size_t nargs, close, prev = prev_code(s, i), last = 0;
	const char *what = "ACCESS_ONCE()", *why = NULL;
	const struct token *t = T(s, i);

	/* A member named so, or the name in #define/#undef/#ifdef lines. */
	if (prev != NONE && (punct(s, prev, ".") || punct(s, prev, "->")))
		return i + 1;
	if ((t->flags & TF_DIRECTIVE) && !(t->flags & TF_DEFINE_BODY))
		return i + 1;
	if (i + 1 >= eof_index(s) || !punct(s, i + 1, "("))
		return i + 1;
	if (prev != NONE && T(s, prev)->kind == TOK_IDENT &&
	    !not_operand_word(s, prev) &&
	    ident_in(s, prev, decl_words)) {
		note(s, RULE_ACCESS_ONCE, i, what,
		     "declares something named ACCESS_ONCE; not a use");
		return i + 1;
	}
	if (tok_call_args(s->buf, s->l, i, &arg, 1, &nargs, &close) < 0) {
		note(s, RULE_ACCESS_ONCE, i, what,
		     "the parenthesis is never closed");
		return i + 1;
	}
	if (crosses_directive(s, i, close)) {
		note(s, RULE_ACCESS_ONCE, i, what,
		     "a preprocessor directive inside the call");
		return i + 1;
	}
	if (nargs != 1 || arg.begin == arg.end) {
		note(s, RULE_ACCESS_ONCE, i, what,
		     "not called with exactly one argument");
		return i + 1;
	}
	for (size_t k = arg.begin, depth = 0; k < arg.end; k++) {
		if (punct(s, k, "(") || punct(s, k, "["))
			depth++;
		else if ((punct(s, k, ")") || punct(s, k, "]")) && depth)
			depth--;
		/* Statements, or "int g" outside any parentheses (casts and
		 * sizeof keep their type names inside them). */
		if (punct(s, k, ";") || punct(s, k, "{") ||
		    (!depth && k > arg.begin && T(s, k)->kind == TOK_IDENT &&
		     T(s, k - 1)->kind == TOK_IDENT &&
		     !unevaluated_word(s, k - 1))) {
			note(s, RULE_ACCESS_ONCE, i, what,
			     "the argument is not an expression");
			return i + 1;
		}
	}
	if (body && (why = macro_body_unfixed(s, body, i, close))) {
		note(s, RULE_ACCESS_ONCE, i, what, why);
		return i + 2;
	}

	switch (classify(s, i, close, &last, &why)) {
	case USE_WRITE:
		/* In a macro body, a value holding another ACCESS_ONCE or
		 * bytes that are no C token is left: the ')' closing the
		 * WRITE_ONCE would change how the next run reads it (fuzz
		 * find: not idempotent). */
		for (size_t k = close + 1; body && k <= last; k++)
			if (T(s, k)->kind == TOK_OTHER ||
			    (T(s, k)->kind == TOK_IDENT &&
			     (is_access_macro(s, k) ||
			      /* what this run makes of one (fuzz find:
			       * converted on the second run) */
			      ident(s, k, s->opts->read_name) ||
			      ident(s, k, s->opts->write_name))))
				why = "in a macro body, the assigned value holds "
				      "another ACCESS_ONCE or stray bytes";
		if (why) {
			note(s, RULE_ACCESS_ONCE, i, what, why);
			break;
		}
		edit_list_add(&s->res->edits, t->off, t->len,
			      s->opts->write_name);
		write_tail(s, close, 1, close + 1, last);
		s->res->converted++;
		break;
	case USE_READ:
		edit_list_add(&s->res->edits, t->off, t->len,
			      s->opts->read_name);
		s->res->converted++;
		break;
	case USE_LEAVE:
		note(s, RULE_ACCESS_ONCE, i, what, why);
		break;
	}
	/* The argument may hold more sites: look inside it next. */
	return i + 2;
}

/* ---- declared types of plain identifiers, for volatile casts ---- */

static const char *const dropped_words[] = {
	"const", "volatile", "__volatile__", "__volatile", "static", "extern",
	"register", "auto", "inline", "__inline", "__inline__", "__thread",
	"_Thread_local", "restrict", "__restrict", "__restrict__", NULL,
};

static int is_word(const char *w, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(w, *set))
			return 1;
	return 0;
}

/*
 * One spelling for a type given as words and '*'s: qualifiers and storage
 * classes dropped, the arithmetic keywords put in one order ("long
 * unsigned int" == "unsigned long").  Returns NULL when there is no type
 * name in it at all.  Caller frees.
 */
static char *normalize_type(char **words, size_t nr)
{
	static const char *const arith[] = { "char", "short", "int", "long",
					     "signed", "unsigned", "float",
					     "double", "_Bool", "void", NULL };
	struct strbuf sb = STRBUF_INIT;
	int n_long = 0, has[10] = { 0 }, other = 0, stars = 0;
	size_t i;

	for (i = 0; i < nr && strcmp(words[i], "*"); i++) {
		if (is_word(words[i], dropped_words))
			continue;
		if (is_word(words[i], arith)) {
			for (int k = 0; arith[k]; k++)
				if (!strcmp(words[i], arith[k]))
					has[k]++;
			n_long += !strcmp(words[i], "long");
		} else {
			if (other++)
				strbuf_addch(&sb, ' ');
			strbuf_addstr(&sb, words[i]);
		}
	}
	for (; i < nr; i++)
		stars += !strcmp(words[i], "*");

	int any_arith = 0;
	for (int k = 0; arith[k]; k++)
		any_arith |= has[k] != 0;
	if (any_arith) {
		const char *sign = has[5] ? "unsigned " :
				   (has[4] && has[0]) ? "signed " : "";
		const char *base;

		if (has[0])
			base = "char";
		else if (has[7])
			base = n_long ? "long double" : "double";
		else if (has[6])
			base = "float";
		else if (has[8])
			base = "_Bool";
		else if (has[9])
			base = "void";
		else if (has[1])
			base = "short";
		else
			base = n_long >= 2 ? "long long" :
			       n_long ? "long" : "int";
		if (other)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, sign);
		strbuf_addstr(&sb, base);
		other++;
	}
	if (!other) {
		strbuf_release(&sb);
		return NULL;
	}
	for (int k = 0; k < stars; k++)
		strbuf_addstr(&sb, " *");
	return strbuf_detach(&sb);
}

static void free_words(char **w, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		free(w[i]);
	free(w);
}

/*
 * The type every declaration of identifier NAME in this file gives it, or
 * NULL when there is none or they disagree.  A declaration is recognised
 * as words and '*'s between a statement boundary and the name, followed
 * by ';', '=', ',' or ')'.  Anything that might be one but cannot be read
 * (an array, "int a, x;") makes the answer unknown: never a guess.
 */
static char *scan_decl_type(struct scan *s, const char *name)
{
	char *found = NULL;
	int poisoned = 0;
	struct strbuf sp = STRBUF_INIT;
	size_t name_len = strlen(name);

	for (size_t i = 0; i < eof_index(s) && !poisoned; i++) {
		size_t n, j, start;
		char **words;

		/* A whole-file scan per name: reject on the length first. */
		if (T(s, i)->kind != TOK_IDENT ||
		    (T(s, i)->len != name_len &&
		     !(T(s, i)->flags & TF_SPLICED)) ||
		    !ident(s, i, name) ||
		    (T(s, i)->flags & TF_DIRECTIVE))
			continue;
		n = i + 1;
		if (!(punct(s, n, ";") || punct(s, n, "=") ||
		      punct(s, n, ",") || punct(s, n, ")") ||
		      punct(s, n, "[")))
			continue;
		/* Walk back over words and stars. */
		j = i;
		while (j > 0 && !(T(s, j - 1)->flags & TF_DIRECTIVE) &&
		       (T(s, j - 1)->kind == TOK_IDENT || punct(s, j - 1, "*")))
			j--;
		start = j;
		if (start == i) {
			/* "int a, x;": a declaration we cannot read. */
			if (start > 0 && punct(s, start - 1, ",") &&
			    !punct(s, n, ")"))
				poisoned = 1;
			continue;
		}
		if (start > 0 && !(T(s, start - 1)->flags & TF_DIRECTIVE) &&
		    !(punct(s, start - 1, ";") || punct(s, start - 1, "{") ||
		      punct(s, start - 1, "}") || punct(s, start - 1, "(") ||
		      punct(s, start - 1, ",")))
			continue; /* an expression such as "y = a * x;" */
		if (not_operand_word(s, start))
			continue; /* "return x;", "else x = 1;" */
		words = xcalloc(i - start, sizeof(*words));
		for (j = start; j < i; j++) {
			strbuf_reset(&sp);
			token_spelling(s->buf, T(s, j), &sp);
			words[j - start] = xstrdup(strbuf_str(&sp));
		}
		char *type = normalize_type(words, i - start);
		free_words(words, i - start);
		if (!type || punct(s, n, "[") ||
		    (start > 0 && punct(s, start - 1, ",") && !punct(s, n, ")"))) {
			free(type);
			poisoned = 1;
		} else if (!found) {
			found = type;
		} else {
			if (strcmp(found, type))
				poisoned = 1;
			free(type);
		}
	}
	strbuf_release(&sp);
	if (poisoned) {
		free(found);
		return NULL;
	}
	return found;
}

static const char *decl_type(struct scan *s, size_t tok)
{
	struct strbuf sp = STRBUF_INIT;
	struct decl_cache *d;

	token_spelling(s->buf, T(s, tok), &sp);
	for (size_t k = 0; k < s->decls_nr; k++)
		if (!strcmp(s->decls[k].name, sp.buf)) {
			strbuf_release(&sp);
			return s->decls[k].type;
		}
	ALLOC_GROW(s->decls, s->decls_nr + 1, s->decls_alloc);
	d = &s->decls[s->decls_nr++];
	d->name = strbuf_detach(&sp);
	d->type = scan_decl_type(s, d->name);
	return d->type;
}

/*
 * The pointee type of the cast "( WORDS * )" at [open, close], normalised,
 * if it is volatile-qualified itself ("volatile int *", "int volatile *",
 * "u32 * volatile *" -- but not "volatile int **", a plain pointer to a
 * pointer to volatile).  NULL otherwise.
 */
static char *volatile_pointee(struct scan *s, size_t open, size_t close)
{
	size_t last_star = NONE, nr = 0;
	int vol = 0;
	char **words;
	struct strbuf sp = STRBUF_INIT;
	char *type;

	if (close < open + 3 || !punct(s, close - 1, "*"))
		return NULL;
	for (size_t i = open + 1; i < close - 1; i++) {
		if (punct(s, i, "*"))
			last_star = i;
		else if (T(s, i)->kind != TOK_IDENT)
			return NULL;
	}
	for (size_t i = last_star == NONE ? open + 1 : last_star + 1;
	     i < close - 1; i++)
		vol |= ident(s, i, "volatile") || ident(s, i, "__volatile__") ||
		       ident(s, i, "__volatile");
	if (!vol)
		return NULL;
	words = xcalloc(close - open, sizeof(*words));
	for (size_t i = open + 1; i < close - 1; i++) {
		strbuf_reset(&sp);
		token_spelling(s->buf, T(s, i), &sp);
		words[nr++] = xstrdup(strbuf_str(&sp));
	}
	strbuf_release(&sp);
	type = normalize_type(words, nr);
	free_words(words, nr);
	return type;
}

/*
 * The end (exclusive) of the unary-expression operand starting at i:
 * an identifier or a parenthesised expression, then any ., ->, [] and ().
 * NONE when there is none.
 */
static size_t operand_end(const struct scan *s, size_t i)
{
	size_t e;

	if (i >= eof_index(s))
		return NONE;
	if (T(s, i)->kind == TOK_IDENT && !not_operand_word(s, i))
		e = i + 1;
	else if (punct(s, i, "(") && (e = tok_match(s->buf, s->l, i)) <
					     eof_index(s))
		e = e + 1;
	else
		return NONE;
	for (;;) {
		if ((punct(s, e, ".") || punct(s, e, "->")) &&
		    T(s, e + 1)->kind == TOK_IDENT) {
			e += 2;
		} else if (punct(s, e, "[") || punct(s, e, "(")) {
			size_t m = tok_match(s->buf, s->l, e);

			if (m >= eof_index(s))
				return NONE;
			e = m + 1;
		} else {
			return e;
		}
	}
}

/* A canonical type without const/volatile, words single-spaced. */
static void unqualified(const char *in, struct strbuf *out)
{
	const char *p = in;

	while (*p) {
		size_t n = strcspn(p, " ");

		if (n && !((n == 8 && !memcmp(p, "volatile", 8)) ||
			   (n == 5 && !memcmp(p, "const", 5)) ||
			   (n == 12 && !memcmp(p, "__volatile__", 12)))) {
			if (out->len)
				strbuf_addch(out, ' ');
			strbuf_add(out, p, n);
		}
		p += n;
		while (*p == ' ')
			p++;
	}
}

/* Does a type spelling name an aggregate (or something we cannot read)? */
static int aggregate_spelling(const char *t)
{
	return strstr(t, "struct") || strstr(t, "union") || strchr(t, '<') ||
	       strchr(t, '[') || strchr(t, '(');
}

/* Is the cast's normalised type the spelled or canonical type given? */
static int same_as(const char *cast_type, const char *type)
{
	struct strbuf u = STRBUF_INIT;
	int same;

	unqualified(type, &u);
	same = !strcmp(cast_type, strbuf_str(&u));
	strbuf_release(&u);
	return same;
}

/*
 * Does the type index show the cast's type (normalised, cast_type) to be
 * the operand's own?  For "&X" the operand X must have that type, spelled
 * the same way or after typedefs; for a pointer P (deref) P must point to
 * it.  Only scalars and pointers: READ_ONCE of an aggregate is not the
 * same access as a volatile one.
 */
static int exact_by_index(struct scan *s, const char *cast_type,
			  struct tok_range operand, int deref)
{
	struct type_answer ot;

	if (!s->ti)
		s->ti = type_index_build(s->buf, s->l);
	if (!type_index_expr(s->ti, s->buf, s->l, operand, &ot))
		return 0;
	if (deref) {
		size_t ns = strlen(ot.spelled), nc = strlen(ot.canonical);

		if (ot.cls != TC_POINTER || ns < 3 || nc < 3 ||
		    strcmp(ot.spelled + ns - 2, " *") ||
		    strcmp(ot.canonical + nc - 2, " *"))
			return 0;
		ot.spelled[ns - 2] = '\0';
		ot.canonical[nc - 2] = '\0';
		if (aggregate_spelling(ot.canonical))
			return 0;
	} else if (ot.cls != TC_SCALAR && ot.cls != TC_POINTER) {
		return 0;
	}
	return same_as(cast_type, ot.spelled) ||
	       same_as(cast_type, ot.canonical);
}

static size_t volatile_cast_in_scope(struct scan *s, size_t i);

/* "*(volatile T *)..." at token i (the '*'). */
static size_t volatile_cast_site(struct scan *s, size_t i)
{
	struct define_span d;
	size_t next;

	if (!enter_body(s, i, &d))
		return volatile_cast_in_scope(s, i);
	next = volatile_cast_in_scope(s, i);
	leave_body(s);
	return next;
}

static size_t volatile_cast_in_scope(struct scan *s, size_t i)
{
	const char *what = "volatile cast", *why = NULL;
	size_t prev = prev_code(s, i), close, amp, end, last = 0;
	char *cast_type;
	const char *var_type = NULL;
	enum use use;
	int deref;

	if (i + 1 >= eof_index(s) || !punct(s, i + 1, "("))
		return i + 1;
	if (prev != NONE && ends_operand(s, prev) &&
	    !(punct(s, prev, ")") && paren_kind(s, prev) != PAREN_EXPR))
		return i + 1; /* a multiplication */
	close = tok_match(s->buf, s->l, i + 1);
	if (close >= eof_index(s))
		return i + 1;
	cast_type = volatile_pointee(s, i + 1, close);
	if (!cast_type)
		return i + 1;
	if (prev != NONE && punct(s, prev, ")") &&
	    paren_kind(s, prev) == PAREN_AMBIGUOUS) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "after \"(name) *\": a dereference if name is a type, a "
		     "multiplication if not, which tokens alone cannot tell");
		goto out;
	}
	if (T(s, i)->flags & TF_DIRECTIVE) {
		if (T(s, i)->flags & TF_DEFINE_BODY)
			note(s, RULE_VOLATILE_CAST, i, what,
			     "inside a macro body: whether it is a read or a "
			     "write depends on each place the macro is used");
		goto out;
	}
	amp = close + 1;
	deref = !punct(s, amp, "&");
	if (deref) {
		/* *(volatile T *)P: READ_ONCE(*P) when P has type T *. */
		end = unary_expr_end(s->buf, s->l, close + 1);
		if (end == close + 1)
			end = NONE;
	} else {
		end = operand_end(s, amp + 1);
	}
	if (end == NONE || end > eof_index(s)) {
		note(s, RULE_VOLATILE_CAST, i, what, "operand not understood");
		goto out;
	}
	if (crosses_directive(s, i, end - 1)) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "a preprocessor directive inside the expression");
		goto out;
	}
	if (T(s, end - 1)->flags & TF_UNTERMINATED) {
		note(s, RULE_VOLATILE_CAST, i, what, "an unterminated literal");
		goto out;
	}
	if (!deref && end == amp + 2 && (var_type = decl_type(s, amp + 1)) &&
	    strcmp(var_type, cast_type)) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "the cast's type differs from the variable's: "
		     "READ_ONCE() would access it at another type or width");
		goto out;
	}
	if (!(!deref && end == amp + 2 && var_type) &&
	    !exact_by_index(s, cast_type,
			    (struct tok_range){ deref ? close + 1 : amp + 1,
						end }, deref)) {
		note(s, RULE_VOLATILE_CAST, i, what, deref ?
		     "type of the pointer unknown or not T *: READ_ONCE(*p) "
		     "is exact only if p points to the cast's type" :
		     "type of the operand unknown or not the cast's type: "
		     "exact only if it has the cast's type");
		goto out;
	}
	if (!plain_span(s, i, deref ? close : amp)) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "a comment or line splice inside the cast");
		goto out;
	}
	use = classify(s, i, end - 1, &last, &why);
	if (use == USE_LEAVE) {
		note(s, RULE_VOLATILE_CAST, i, what, why);
		goto out;
	}
	if (!s->opts->volatile_casts)
		goto out;
	{
		struct edit_list *e = &s->res->edits;
		const struct token *st = T(s, i), *at = T(s, amp);
		const struct token *ot = T(s, end - 1);
		size_t upto = at->off + at->len;
		char before = st->off ? s->buf[st->off - 1] : ' ';

		/* "return*(volatile int *)&x": keep "return" a word of its own. */
		if (before == '_' || (before >= 'a' && before <= 'z') ||
		    (before >= 'A' && before <= 'Z') ||
		    (before >= '0' && before <= '9') || (before & 0x80))
			edit_list_add(e, st->off, 0, " ");

		/* "*(volatile T *) p": no blank between '*' and p after it. */
		if (deref)
			upto = blank_between(s, close, close + 1) ?
				       T(s, close + 1)->off :
				       T(s, close)->off + T(s, close)->len;
		edit_list_add(e, st->off, upto - st->off,
			      deref ? (use == USE_READ ? s->opts->read_open_deref :
					      s->opts->write_open_deref) :
			      use == USE_READ ? s->opts->read_open :
						s->opts->write_open);
		if (use == USE_READ)
			edit_list_add(e, ot->off + ot->len, 0, ")");
		else
			write_tail(s, end - 1, 0, end, last);
		s->res->converted++;
	}
out:
	free(cast_type);
	return i + 1;
}

static int note_order(const void *a_, const void *b_)
{
	const struct rewrite_note *a = a_, *b = b_;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	return 0;
}

int rewrite_buffer(const char *buf, size_t len, const struct token_list *toks,
		   const struct rewrite_opts *opts, struct rewrite_result *res)
{
	struct scan s = { buf, len, toks, opts, res, NULL, 0, 0, NONE, NULL,
			  0, toks->nr - 1 };
	int ret = 0;

	for (size_t i = 0; i < eof_index(&s);) {
		const struct token *t = T(&s, i);

		if (t->kind == TOK_IDENT && is_access_macro(&s, i))
			i = access_once_site(&s, i);
		else if (t->kind == TOK_PUNCT && punct(&s, i, "*"))
			i = volatile_cast_site(&s, i);
		else
			i++;
	}
	if (edit_list_sort(&res->edits) < 0) {
		/* Never half a rewrite: drop them all, keep the file. */
		res->edits.nr = 0;
		res->converted = 0;
		ret = -1;
	}
	if (res->notes_nr > 1)
		qsort(res->notes, res->notes_nr, sizeof(*res->notes),
		      note_order);
	for (size_t k = 0; k < s.decls_nr; k++) {
		free(s.decls[k].name);
		free(s.decls[k].type);
	}
	free(s.decls);
	if (s.ti)
		type_index_free(s.ti);
	return ret;
}

/* ---- the token-preservation check ---- */

/* Does edit e touch old token t (overlap it, or insert strictly inside)? */
static int edit_touches(const struct text_edit *e, const struct token *t)
{
	if (e->len)
		return e->off < t->off + t->len && t->off < e->off + e->len;
	return e->off > t->off && e->off < t->off + t->len;
}

const char *rewrite_check_preserved(const char *old_buf, size_t old_len,
				    const struct token_list *old_toks,
				    const struct edit_list *edits,
				    const char *new_buf, size_t new_len,
				    const struct token_list *new_toks)
{
	static __thread char msg[160];
	size_t o_eof = old_toks->nr - 1, n_eof = new_toks->nr - 1;
	size_t ni = 0, ei = 0, pi = 0, nprod = 0;
	long long shift = 0, sh = 0;
	struct { size_t start, end; } *prod;

	(void)old_len;
	(void)new_len;
	/* Where each edit's replacement text lands in the new buffer. */
	prod = xcalloc(edits->nr + 1, sizeof(*prod));
	for (size_t k = 0; k < edits->nr; k++) {
		const struct text_edit *e = &edits->items[k];

		if (e->text_len) {
			prod[nprod].start = (size_t)((long long)e->off + sh);
			prod[nprod].end = prod[nprod].start + e->text_len;
			nprod++;
		}
		sh += (long long)e->text_len - (long long)e->len;
	}

	/*
	 * Every old token no edit touches must reappear, in order, at its
	 * shifted offset, with the same kind and bytes; the only new tokens
	 * allowed besides are those overlapping replacement text.
	 */
	for (size_t oi = 0; oi < o_eof; oi++) {
		const struct token *ot = &old_toks->tok[oi];
		int touched = 0;

		while (ei < edits->nr &&
		       edits->items[ei].off + edits->items[ei].len <= ot->off) {
			shift += (long long)edits->items[ei].text_len -
				 (long long)edits->items[ei].len;
			ei++;
		}
		for (size_t k = ei;
		     k < edits->nr && edits->items[k].off < ot->off + ot->len;
		     k++)
			touched |= edit_touches(&edits->items[k], ot);
		if (touched)
			continue;
		for (; ni < n_eof; ni++) {
			const struct token *nt = &new_toks->tok[ni];

			while (pi < nprod && prod[pi].end <= nt->off)
				pi++;
			if (pi >= nprod || prod[pi].start >= nt->off + nt->len)
				break;
		}
		if (ni >= n_eof) {
			snprintf(msg, sizeof(msg), "token at %u:%u is lost",
				 ot->line, ot->col);
			free(prod);
			return msg;
		}
		const struct token *nt = &new_toks->tok[ni];
		if ((long long)nt->off != (long long)ot->off + shift ||
		    nt->len != ot->len || nt->kind != ot->kind ||
		    memcmp(old_buf + ot->off, new_buf + nt->off, ot->len)) {
			snprintf(msg, sizeof(msg),
				 "token at %u:%u (\"%.*s\") is not preserved",
				 ot->line, ot->col,
				 (int)(ot->len > 40 ? 40 : ot->len),
				 old_buf + ot->off);
			free(prod);
			return msg;
		}
		ni++;
	}
	for (; ni < n_eof; ni++) {
		const struct token *nt = &new_toks->tok[ni];

		while (pi < nprod && prod[pi].end <= nt->off)
			pi++;
		if (pi >= nprod || prod[pi].start >= nt->off + nt->len) {
			snprintf(msg, sizeof(msg),
				 "the fixed file has an extra token at %u:%u",
				 nt->line, nt->col);
			free(prod);
			return msg;
		}
	}
	free(prod);
	return NULL;
}
