/*
 * A once-access of a struct or union respelled on a scalar of the same
 * size (aggregate.h).  A site whose type has no such scalar, or whose
 * type is unknown, is answered with the reason and left.
 */
#include "rewrite/aggregate.h"
#include "cfront/tokscan.h"
#include "cfront/typeindex.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The tokens r of buf, as written (with the blanks between them). */
static void add_tokens(struct strbuf *sb, const char *buf,
		       const struct token_list *l, struct tok_range r)
{
	if (r.begin < r.end)
		strbuf_add(sb, buf + l->tok[r.begin].off,
			   l->tok[r.end - 1].off + l->tok[r.end - 1].len -
			   l->tok[r.begin].off);
}

/* Is r a chain of names, '.' and '->' (no parentheses needed)? */
static int plain_chain(const char *buf, const struct token_list *l,
		       struct tok_range r)
{
	for (size_t i = r.begin; i < r.end; i++)
		if (l->tok[i].kind != TOK_IDENT && !tok_punct(buf, l, i, ".") &&
		    !tok_punct(buf, l, i, "->"))
			return 0;
	return r.begin < r.end;
}

/* E, parenthesised unless it is a plain chain. */
static void add_operand(struct strbuf *sb, const char *buf,
			const struct token_list *l, struct tok_range r)
{
	int plain = plain_chain(buf, l, r);

	if (!plain)
		strbuf_addch(sb, '(');
	add_tokens(sb, buf, l, r);
	if (!plain)
		strbuf_addch(sb, ')');
}

/*
 * Is r a postfix expression as written -- a name or a parenthesised
 * group, then only '.'/'->' members and [...] subscripts -- so that
 * "r->s" and "r.s" mean r's member s?  ("*p" is not: *p->s is *(p->s).)
 */
static int postfix_operand(const char *buf, const struct token_list *l,
			   struct tok_range r)
{
	size_t i = r.begin;

	if (i >= r.end)
		return 0;
	if (tok_punct(buf, l, i, "("))
		i = tok_match(buf, l, i) + 1;
	else if (l->tok[i].kind == TOK_IDENT)
		i++;
	else
		return 0;
	while (i < r.end) {
		if (tok_punct(buf, l, i, "[")) {
			i = tok_match(buf, l, i) + 1;
		} else if ((tok_punct(buf, l, i, ".") ||
			    tok_punct(buf, l, i, "->")) &&
			   i + 1 < r.end && l->tok[i + 1].kind == TOK_IDENT) {
			i += 2;
		} else {
			return 0;
		}
	}
	return i == r.end;
}

/* How the site is rewritten. */
struct alias_plan {
	char scalar[64];   /* the member read or written instead */
	char member[64];   /* the enclosing case: the aggregate's own name */
	struct tok_range outer; /* ... and the object around it (P) */
	int arrow;         /* P->member rather than P.member */
};

/*
 * Is the call at tokens [name, close] the whole initializer of a
 * declared object -- "T v = NAME(E);" -- so that a braced initializer
 * can stand for it, as a maintainer writes it?  Two names before the
 * '=' (a type and the declarator: "union u v", "ticket_t t") and ';' or
 * ',' after the call; an assignment "v = ...", "p->v = ..." has one.
 */
static int whole_initializer(const char *buf, const struct token_list *l,
			     size_t name, size_t close)
{
	static const char *const not_types[] = {
		"return", "case", "goto", "else", "do", "sizeof",
	};

	if (name < 3 || !tok_punct(buf, l, name - 1, "=") ||
	    l->tok[name - 2].kind != TOK_IDENT ||
	    l->tok[name - 3].kind != TOK_IDENT ||
	    !(tok_punct(buf, l, close + 1, ";") ||
	      tok_punct(buf, l, close + 1, ",")))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(not_types); i++)
		if (tok_ident(buf, l, name - 3, not_types[i]))
			return 0;
	return 1;
}

/* E's scalar s as an lvalue: "P->s" for a plain "*P", else "(E).s". */
static void add_scalar_of(struct strbuf *sb, const char *buf,
			  const struct token_list *l, struct tok_range e,
			  const char *scalar)
{
	struct tok_range pointer = { e.begin + 1, e.end };

	/* *p.s is p->s, as it is written */
	if (tok_punct(buf, l, e.begin, "*") && plain_chain(buf, l, pointer)) {
		add_tokens(sb, buf, l, pointer);
		strbuf_addf(sb, "->%s", scalar);
	} else {
		/* E.s is E's member when E is a postfix expression:
		 * "rm_core[core].rm_state.raw" */
		if (postfix_operand(buf, l, e))
			add_tokens(sb, buf, l, e);
		else
			add_operand(sb, buf, l, e);
		strbuf_addf(sb, ".%s", scalar);
	}
}

/*
 * The data models (LP64, 32-bit ARM, i386) on which the plan's scalar is
 * not the size of E, or not known to be, into on[0..n) ("": none).  The
 * member was chosen on scan's sizes, and one source is compiled for
 * every target: `unsigned long raw` in a union with an 8-byte struct is
 * 4 bytes on 32-bit ARM and i386, where one access of it reads half the
 * object.  The layouts are the type index's, as for the scalar view.
 */
static void scalar_differs_on(const struct type_index *ti, const char *buf,
			      const struct token_list *l, struct tok_range e,
			      const struct alias_plan *p, char *on, size_t n)
{
	struct tok_range holder = p->member[0] ? p->outer : e;
	size_t used = 0;

	on[0] = '\0';
	for (int dm = DM_LP64; dm < DM_NR; dm++) {
		struct type_layout obj, mem;
		const char *name;
		size_t w;

		if (type_index_expr_layout_in(ti, buf, l, e, dm, &obj) &&
		    type_index_member_layout_in(ti, buf, l, holder, p->scalar,
						dm, &mem) &&
		    !obj.attr && !mem.attr && obj.size == mem.size)
			continue;
		name = data_model_name(dm);
		w = strlen(name) + (used ? 2 : 0);
		if (used + w >= n)
			break;
		if (used)
			memcpy(on + used, ", ", 2);
		memcpy(on + used + w - strlen(name), name, strlen(name) + 1);
		used += w;
	}
}

/*
 * The guard of an access through a scalar that is not E's size on some
 * data model: the compiler stops the build there, loudly, instead of
 * reading or writing part of the object.  `lvalue`: the scalar as the
 * edit spells it.  No ';'.
 */
static void add_guard(struct strbuf *sb, const char *buf,
		      const struct token_list *l, struct tok_range e,
		      const char *lvalue, const char *scalar, const char *on,
		      const char *wrap)
{
	strbuf_addf(sb, "_Static_assert(sizeof(%s) == sizeof(", lvalue);
	add_tokens(sb, buf, l, e);
	strbuf_addf(sb, "),%s\"rwonce fix: %s is not the size of the object on "
		    "%s\")", wrap ? wrap : " ", scalar, on);
}

/* The replacement of NAME(E) / NAME(E, V) through plan p; `init`: the
 * whole initializer of a declaration (a braced initializer will do). */
static void spell_edit(struct strbuf *sb, const char *buf,
		       const struct token_list *l, const struct token *name,
		       struct tok_range e, const struct tok_range *value,
		       const struct alias_plan *p, int init,
		       const char *guard_on)
{
	struct strbuf macro = STRBUF_INIT, scalar = STRBUF_INIT,
		      type = STRBUF_INIT;

	strbuf_add(&macro, buf + name->off, name->len);
	/* The scalar lvalue, and the aggregate type holding it. */
	strbuf_addstr(&type, "__typeof__(");
	if (p->member[0]) {
		add_tokens(&scalar, buf, l, p->outer);
		strbuf_addf(&scalar, "%s%s", p->arrow ? "->" : ".", p->scalar);
		if (p->arrow)
			strbuf_addstr(&type, "*");
		add_operand(&type, buf, l, p->outer);
	} else {
		add_scalar_of(&scalar, buf, l, e, p->scalar);
		add_tokens(&type, buf, l, e);
	}
	strbuf_addch(&type, ')');

	if (!value && init && !p->member[0] && !guard_on[0]) {
		strbuf_addf(sb, "{ .%s = %s(%s) }", p->scalar, macro.buf,
			    scalar.buf);
	} else if (!value) {
		/* the guard, where one is needed, in a statement expression:
		 * it may stand wherever the call stood */
		if (guard_on[0]) {
			strbuf_addstr(sb, "({ ");
			add_guard(sb, buf, l, e, scalar.buf, p->scalar,
				  guard_on, NULL);
			strbuf_addstr(sb, "; ");
		}
		strbuf_addf(sb, "((%s){ .%s = %s(%s) })", type.buf, p->scalar,
			    macro.buf, scalar.buf);
		if (p->member[0])
			strbuf_addf(sb, ".%s", p->member);
		if (guard_on[0])
			strbuf_addstr(sb, "; })");
	} else {
		strbuf_addstr(sb, "({ ");
		if (guard_on[0]) {
			add_guard(sb, buf, l, e, scalar.buf, p->scalar,
				  guard_on, NULL);
			strbuf_addstr(sb, "; ");
		}
		strbuf_addf(sb, "%s __rwonce_v = ", type.buf);
		if (p->member[0])
			strbuf_addf(sb, "{ .%s = ", p->member);
		strbuf_addch(sb, '(');
		add_tokens(sb, buf, l, *value);
		strbuf_addch(sb, ')');
		if (p->member[0])
			strbuf_addstr(sb, " }");
		strbuf_addf(sb, "; %s(%s, __rwonce_v.%s); })", macro.buf,
			    scalar.buf, p->scalar);
	}
	strbuf_release(&macro);
	strbuf_release(&scalar);
	strbuf_release(&type);
}

/* ---- a scalar view of the whole object ---- */

/* The unsigned scalar of `size` bytes on every ABI scan reads (char 1,
 * short 2, int 4, long long 8), or NULL. */
static const char *unsigned_of_size(unsigned size)
{
	switch (size) {
	case 1:
		return "unsigned char";
	case 2:
		return "unsigned short";
	case 4:
		return "unsigned int";
	case 8:
		return "unsigned long long";
	default:
		return NULL;
	}
}

/*
 * May E, of `size` bytes, be read or written through an unsigned scalar
 * of its size?  0 when it may; else 1 and the reason in why[0..n).  The
 * fixed source is compiled for every target, whichever one scan read, so
 * the layout must allow the view under each data model (LP64, 32-bit
 * ARM, i386): elsewhere the view's _Static_assert would stop the build
 * (an unsigned long bit-field pair is 8-byte aligned on LP64, 4-byte on
 * ARM; a u64 member 4-byte aligned on i386).
 */
static int view_refused(const struct type_index *ti, const char *buf,
			const struct token_list *l, struct tok_range e,
			unsigned size, char *why, size_t n)
{
	struct type_layout u;

	if (!unsigned_of_size(size)) {
		snprintf(why, n, "and no scalar is %u bytes (1, 2, 4 or 8) to "
			 "read it whole through", size);
		return 1;
	}
	for (int dm = DM_LP64; dm < DM_NR; dm++) {
		const char *on = data_model_name(dm);

		if (!type_index_expr_layout_in(ti, buf, l, e, dm, &u)) {
			snprintf(why, n, "and fix cannot lay it out on %s (a "
				 "member's type not known from the sources, an "
				 "array, a zero-width bit-field, a type whose "
				 "size a configuration chooses there), so its "
				 "alignment is not known", on);
			return 1;
		}
		if (u.attr) {
			snprintf(why, n, "and its definition carries an "
				 "attribute (packed, aligned, _Alignas ...) "
				 "whose layout fix does not model, so its "
				 "alignment is not known");
			return 1;
		}
		if (u.size != size) {
			snprintf(why, n, "and fix lays its members out in %u "
				 "bytes on %s, not the %u scan gives", u.size,
				 on, size);
			return 1;
		}
		if (u.align < size && dm == DM_LP64) {
			snprintf(why, n, "and it is only %u-byte aligned, so "
				 "one access of all %u bytes may be misaligned "
				 "(split, or a trap, where a misaligned access "
				 "is not one; making it %u-byte aligned, say in "
				 "a union with a scalar where it is declared, "
				 "changes a layout)", u.align, size, size);
			return 1;
		}
		if (u.align < size) {
			snprintf(why, n, "and on %s it is only %u-byte aligned, "
				 "so one access of all %u bytes may be "
				 "misaligned there (the source is compiled for "
				 "every target, and the view's _Static_assert "
				 "would stop the build there)", on, u.align,
				 size);
			return 1;
		}
	}
	return 0;
}

/* E's address: P for a plain "*P", else &E (&(E) unless E is a postfix
 * expression). */
static void add_address(struct strbuf *sb, const char *buf,
			const struct token_list *l, struct tok_range e)
{
	struct tok_range pointer = { e.begin + 1, e.end };

	if (tok_punct(buf, l, e.begin, "*") && plain_chain(buf, l, pointer)) {
		add_tokens(sb, buf, l, pointer);
		return;
	}
	strbuf_addch(sb, '&');
	if (postfix_operand(buf, l, e))
		add_tokens(sb, buf, l, e);
	else
		add_operand(sb, buf, l, e);
}

/*
 * NAME(E) or NAME(E, V) on the unsigned scalar u of `size` bytes laid
 * over E: the value carried by a union of E's type and u, the access
 * through a may_alias u (the object is of another type), and a
 * _Static_assert that E is `size` bytes and at least as aligned -- the
 * layout fix read from the sources, checked by the compiler.
 */
/* A compiler barrier: no instruction, no access (spell_view says why). */
#define VIEW_BARRIER "__asm__ __volatile__(\"\" ::: \"memory\");"

static void spell_view(struct strbuf *sb, const char *buf,
		       const struct token_list *l, const struct token *name,
		       struct tok_range e, const struct tok_range *value,
		       unsigned size)
{
	const char *u = unsigned_of_size(size);
	struct strbuf layout = STRBUF_INIT, ex = STRBUF_INIT;

	add_tokens(&ex, buf, l, e);
	strbuf_addf(&layout, "union { __typeof__(%s) __rwonce_a; %s "
		    "__rwonce_s; _Static_assert(sizeof(%s) == %u && "
		    "__alignof__(%s) >= %u, \"rwonce fix: accessed as %s, "
		    "which needs %u bytes, %u-byte aligned\"); }", ex.buf, u,
		    ex.buf, size, ex.buf, size, u, size, size);
	/*
	 * The scalar access of the struct's bytes is type-punned, and the
	 * may_alias on its pointer does not survive a macro that retypes
	 * its argument (__typeof__(x), Linux's __unqual_scalar_typeof: a
	 * _Generic): with -fstrict-aliasing gcc 12 -O2 moved the program's
	 * own stores to the struct's members past the read (32-bit ARM:
	 * the fixed program read 0).  A compiler barrier on each side
	 * keeps every other access of memory on its side of the once-access,
	 * whatever the macro does; it makes no access of its own.
	 */
	if (!value) {
		strbuf_addf(sb, "({ %s __rwonce_v; " VIEW_BARRIER
			    " __rwonce_v.__rwonce_s = ", layout.buf);
		strbuf_add(sb, buf + name->off, name->len);
		strbuf_addf(sb, "(*(const %s __attribute__((__may_alias__)) *)",
			    u);
		add_address(sb, buf, l, e);
		strbuf_addstr(sb, "); " VIEW_BARRIER " __rwonce_v.__rwonce_a; })");
	} else {
		strbuf_addf(sb, "({ %s __rwonce_v = { .__rwonce_a = (",
			    layout.buf);
		add_tokens(sb, buf, l, *value);
		strbuf_addstr(sb, ") }; " VIEW_BARRIER " ");
		strbuf_add(sb, buf + name->off, name->len);
		strbuf_addf(sb, "(*(%s __attribute__((__may_alias__)) *)", u);
		add_address(sb, buf, l, e);
		strbuf_addstr(sb, ", __rwonce_v.__rwonce_s); " VIEW_BARRIER
			      " })");
	}
	strbuf_release(&layout);
	strbuf_release(&ex);
}

/* ---- an assignment statement around a read ---- */

#define MAX_TARGETS 8

/* "A = NAME(E);" or "A = B = ... = NAME(E);": the targets, leftmost
 * first, and the tokens the edit spans (A's first to the ';'). */
struct assignment {
	struct tok_range target[MAX_TARGETS];
	size_t nr;
	size_t first, semi;
	const char *why; /* the statement may not be respelled whole */
};

/* Only blanks between tokens a and b -- no comment, no backslash-newline
 * that an edit of the span would drop? */
static int blanks_between(const char *buf, const struct token_list *l,
			  size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		for (size_t k = l->tok[i].off + l->tok[i].len;
		     k < l->tok[i + 1].off; k++)
			if (!isspace((unsigned char)buf[k]) || buf[k] == '\f')
				return 0;
	return 1;
}

/* The plain lvalue that ends just before token `end` -- NAME, then
 * .NAME or ->NAME any number of times -- into *r; 0 when none. */
static int lvalue_before(const char *buf, const struct token_list *l,
			 size_t end, struct tok_range *r)
{
	size_t i = end;

	if (i == 0 || l->tok[i - 1].kind != TOK_IDENT)
		return 0;
	i--;
	while (i >= 2 && (tok_punct(buf, l, i - 1, ".") ||
			  tok_punct(buf, l, i - 1, "->")) &&
	       l->tok[i - 2].kind == TOK_IDENT)
		i -= 2;
	*r = (struct tok_range){ i, end };
	return 1;
}

/* Is token i a '}' that closes a block (not a record's or an
 * initializer's braces, nor a statement expression's)? */
static int closes_block(const char *buf, const struct token_list *l,
			size_t i)
{
	size_t open = tok_match_back(buf, l, i);

	if (!tok_punct(buf, l, i, "}") || open >= i || open == 0)
		return 0;
	return tok_punct(buf, l, open - 1, ")") ||
	       tok_punct(buf, l, open - 1, ";") ||
	       tok_punct(buf, l, open - 1, "{") ||
	       tok_punct(buf, l, open - 1, "}") ||
	       tok_punct(buf, l, open - 1, ":") ||
	       tok_ident(buf, l, open - 1, "else") ||
	       tok_ident(buf, l, open - 1, "do");
}

/*
 * Does a statement of its own start after token `prev`, so that one
 * statement may become two there?  After ';', '{', a block's '}', a
 * label's ':' (or at the start of the buffer).
 */
static int statement_after(const char *buf, const struct token_list *l,
			   size_t first)
{
	size_t prev = first - 1;

	if (first == 0)
		return 1;
	return tok_punct(buf, l, prev, ";") || tok_punct(buf, l, prev, "{") ||
	       tok_punct(buf, l, prev, ":") || closes_block(buf, l, prev);
}

/* Or the body of an if, a loop or an else, which is one statement: a
 * statement that stays one may stand there. */
static int body_after(const char *buf, const struct token_list *l,
		      size_t first)
{
	size_t prev = first - 1, open;

	if (statement_after(buf, l, first))
		return 1;
	if (tok_ident(buf, l, prev, "else") || tok_ident(buf, l, prev, "do"))
		return 1;
	if (!tok_punct(buf, l, prev, ")"))
		return 0;
	open = tok_match_back(buf, l, prev);
	return open < prev && open > 0 &&
	       tok_is_condition_keyword(buf, l, open - 1) &&
	       !tok_ident(buf, l, open - 1, "switch");
}

/*
 * The assignment statement whose value the call at [name, close] is:
 * targets that are plain lvalues, then ';'.  Its value is not used (an
 * expression statement, not the last of a statement expression, whose
 * value it would be).  1 and *a; 0 when the call is anything else.
 */
static int assignment_of(const char *buf, const struct token_list *l,
			 size_t name, size_t close, struct assignment *a)
{
	size_t k = name, semi = close + 1;

	memset(a, 0, sizeof(*a));
	if (!tok_punct(buf, l, semi, ";"))
		return 0;
	if (semi + 1 < l->nr && tok_punct(buf, l, semi + 1, "}")) {
		size_t open = tok_match_back(buf, l, semi + 1);

		if (open < semi && open > 0 && tok_punct(buf, l, open - 1, "("))
			return 0; /* ({ ...; A = NAME(E); }): the value */
	}
	while (k > 0 && tok_punct(buf, l, k - 1, "=")) {
		struct tok_range t;

		if (a->nr == MAX_TARGETS || !lvalue_before(buf, l, k - 1, &t))
			return 0;
		memmove(&a->target[1], &a->target[0],
			a->nr * sizeof(a->target[0]));
		a->target[0] = t;
		a->nr++;
		k = t.begin;
	}
	if (!a->nr)
		return 0;
	a->first = k;
	a->semi = semi;
	for (size_t i = a->first; i <= a->semi && !a->why; i++)
		if (l->tok[i].flags & (TF_DIRECTIVE | TF_DEFINE_BODY))
			a->why = "it is in a preprocessor directive (a #define "
				 "body)";
	if (!a->why && !blanks_between(buf, l, a->first, a->semi))
		a->why = "a comment or a line splice sits inside it, which "
			 "the edit would drop";
	return 1;
}

/* The blanks that start the line of token i, when i is the first token
 * of its line (else NULL): the indentation of a statement added after. */
static int line_indent(const char *buf, const struct token *t,
		       size_t *from, size_t *len)
{
	size_t b = t->off;

	while (b > 0 && (buf[b - 1] == ' ' || buf[b - 1] == '\t'))
		b--;
	if (b > 0 && buf[b - 1] != '\n')
		return 0;
	*from = b;
	*len = t->off - b;
	return 1;
}

/*
 * "A.s = NAME(E.s);" and, for a chain, "B = A;" for each other target,
 * each on a line of its own at A's indentation (or after a blank when A
 * does not start its line).
 */
static void spell_assignment(struct strbuf *sb, const char *buf,
			     const struct token_list *l,
			     const struct token *name, struct tok_range e,
			     const char *scalar, const struct assignment *a,
			     const char *guard_on)
{
	size_t from = 0, len = 0;
	int own_line = line_indent(buf, &l->tok[a->first], &from, &len);

	if (guard_on[0]) {
		/* on a line of its own before the statement (guard_fits()) */
		struct strbuf lv = STRBUF_INIT;

		struct strbuf wrap = STRBUF_INIT;

		/* the message on a line of its own, under the '(' */
		strbuf_addch(&wrap, '\n');
		strbuf_add(&wrap, buf + from, len);
		strbuf_addstr(&wrap, "\t       ");
		add_scalar_of(&lv, buf, l, e, scalar);
		add_guard(sb, buf, l, e, lv.buf, scalar, guard_on, wrap.buf);
		strbuf_addstr(sb, ";\n");
		strbuf_add(sb, buf + from, len);
		strbuf_release(&lv);
		strbuf_release(&wrap);
	}
	add_tokens(sb, buf, l, a->target[0]);
	strbuf_addf(sb, ".%s = ", scalar);
	strbuf_add(sb, buf + name->off, name->len);
	strbuf_addch(sb, '(');
	add_scalar_of(sb, buf, l, e, scalar);
	strbuf_addstr(sb, ");");
	for (size_t i = 1; i < a->nr; i++) {
		if (own_line) {
			strbuf_addch(sb, '\n');
			strbuf_add(sb, buf + from, len);
		} else {
			strbuf_addch(sb, ' ');
		}
		add_tokens(sb, buf, l, a->target[i]);
		strbuf_addstr(sb, " = ");
		add_tokens(sb, buf, l, a->target[0]);
		strbuf_addch(sb, ';');
	}
}

/*
 * May a guard (a declaration) stand on a line of its own before the
 * assignment a?  Where a block item may: the statement starts its line
 * after ';', '{' or a block's '}' -- not after a label (a declaration is
 * no statement there before C23) nor as the body of an if or a loop.
 */
static int guard_fits(const char *buf, const struct token_list *l,
		      const struct assignment *a)
{
	size_t from, len, prev = a->first - 1;

	if (!line_indent(buf, &l->tok[a->first], &from, &len))
		return 0;
	return a->first == 0 || tok_punct(buf, l, prev, ";") ||
	       tok_punct(buf, l, prev, "{") || closes_block(buf, l, prev);
}

/*
 * May the assignment a be spelled on the member (spell_assignment)?
 * NULL when it may; else why not, for the note.  One target: when it
 * stands where its value is unused (an expression statement, a body
 * too).  A chain reads its first target A back (B = A): A must be a
 * local variable of automatic storage, a fresh object of this call (a
 * global or a function's static is one object every call and thread
 * shares, kept as a global is; another thread cannot have stored to an
 * automatic local in between without a data race on the chain's own
 * store) of a struct or union
 * type that is not volatile (reading it back is then no access of its
 * own), and the statement must stand alone, so that it can become two.
 */
static const char *assignment_refused(const struct type_index *ti,
				      const char *buf,
				      const struct token_list *l,
				      const struct assignment *a)
{
	struct type_answer ty;
	struct tok_range first = a->target[0];

	if (a->why)
		return a->why;
	if (a->nr == 1)
		return body_after(buf, l, a->first) ? NULL :
		       "its target is not a statement of its own";
	if (!statement_after(buf, l, a->first))
		return "it is not a statement of its own (the body of an if, "
		       "a loop or an else), where one statement cannot "
		       "become two";
	if (first.end - first.begin != 1)
		return "its first target is not the name of a local variable, "
		       "and splitting the chain would read it back";
	switch (type_index_local_storage(ti, first.begin)) {
	case LOCAL_AUTOMATIC:
		break;
	case LOCAL_STATIC:
		return "its first target is declared static, extern or "
		       "thread-local in the function, one object every call "
		       "shares, and splitting the chain would read it back";
	case LOCAL_NONE:
		return "its first target is not the name of a local variable, "
		       "and splitting the chain would read it back";
	}
	if (!type_index_expr(ti, buf, l, first, &ty) ||
	    (ty.cls != TC_STRUCT && ty.cls != TC_UNION))
		return "the type of its first target is not known from the "
		       "sources";
	if (ty.is_volatile)
		return "its first target is volatile, and reading it back "
		       "would be an access of its own";
	return NULL;
}

/* ---- a read of which one member is used ---- */

/*
 * READ_ONCE(E).m, m a scalar or pointer member of 1, 2, 4 or 8 bytes of
 * a struct or union whose layout carries no attribute: the program uses
 * m alone, so m alone is read, in one access -- READ_ONCE(E.m).  The
 * other members' bytes were read and dropped.  1 and the edit in s; 0
 * when the read is not of that form.
 */
static int narrow_to_member(const struct type_index *ti, const char *buf,
			    const struct token_list *l,
			    struct aggregate_site *s, struct tok_range e)
{
	size_t m = s->close + 2;
	struct type_answer ty;
	struct type_layout lay;
	unsigned size;
	const struct token *name = &l->tok[s->name];

	if (s->write || m >= l->nr || !tok_punct(buf, l, s->close + 1, ".") ||
	    l->tok[m].kind != TOK_IDENT ||
	    l->tok[m].len >= sizeof(s->scalar) ||
	    !blanks_between(buf, l, s->close, m) ||
	    !type_index_expr_layout(ti, buf, l, e, &lay) || lay.attr ||
	    !type_index_member_of(ti, buf, l, e, m, &ty, &size) ||
	    (ty.cls != TC_SCALAR && ty.cls != TC_POINTER) ||
	    !unsigned_of_size(size))
		return 0;
	memcpy(s->scalar, buf + l->tok[m].off, l->tok[m].len);
	s->scalar[l->tok[m].len] = '\0';
	strbuf_reset(&s->text);
	strbuf_add(&s->text, buf + name->off, name->len);
	strbuf_addch(&s->text, '(');
	add_scalar_of(&s->text, buf, l, e, s->scalar);
	strbuf_addch(&s->text, ')');
	s->narrowed = size;
	s->off = name->off;
	s->len = l->tok[m].off + l->tok[m].len - s->off;
	return 1;
}

int aggregate_call_at(const char *buf, const struct token_list *l,
		      struct aggregate_site *s)
{
	size_t i = tok_at(l, s->line, s->col), nargs = 0;

	if (i == l->nr || l->tok[i].kind != TOK_IDENT ||
	    tok_call_args(buf, l, i, s->args, 2, &nargs, &s->close) < 0 ||
	    nargs > 2 || s->args[0].begin == s->args[0].end)
		return -1;
	s->name = i;
	s->write = nargs == 2;
	strbuf_reset(&s->call);
	add_tokens(&s->call, buf, l, (struct tok_range){ i, i + 1 });
	strbuf_addch(&s->call, '(');
	add_tokens(&s->call, buf, l, s->args[0]);
	strbuf_addch(&s->call, ')');
	return 0;
}

/* P.m or P->m: a scalar of size bytes in the union around m, into p. */
static int union_around(const struct type_index *ti, const char *buf,
			const struct token_list *l, struct tok_range e,
			unsigned size, struct alias_plan *p)
{
	size_t end = e.end;

	if (end - e.begin < 3 || l->tok[end - 1].kind != TOK_IDENT ||
	    l->tok[end - 1].len >= sizeof(p->member) ||
	    !(tok_punct(buf, l, end - 2, ".") || tok_punct(buf, l, end - 2, "->")))
		return 0;
	p->outer = (struct tok_range){ e.begin, end - 2 };
	p->arrow = tok_punct(buf, l, end - 2, "->");
	memcpy(p->member, buf + l->tok[end - 1].off, l->tok[end - 1].len);
	p->member[l->tok[end - 1].len] = '\0';
	if (postfix_operand(buf, l, p->outer) &&
	    type_index_scalar_alias(ti, buf, l, p->outer, p->member, size,
				    p->scalar, sizeof(p->scalar)))
		return 1;
	p->member[0] = '\0';
	return 0;
}

/*
 * No scalar member of the object's size: the whole object through a
 * scalar laid over it (spell_view) where its layout allows, else the one
 * member the program uses (narrow_to_member), else no edit (s->why).
 */
static enum aggregate_answer without_member(const struct type_index *ti,
					    const char *buf,
					    const struct token_list *l,
					    struct aggregate_site *s,
					    struct tok_range e)
{
	if (view_refused(ti, buf, l, e, s->size, s->why, sizeof(s->why)))
		return narrow_to_member(ti, buf, l, s, e) ? AGGREGATE_EDITED :
							    AGGREGATE_NO_SCALAR;
	strbuf_reset(&s->text);
	spell_view(&s->text, buf, l, &l->tok[s->name], e,
		   s->write ? &s->args[1] : NULL, s->size);
	snprintf(s->scalar, sizeof(s->scalar), "%s",
		 unsigned_of_size(s->size));
	s->view = 1;
	s->off = l->tok[s->name].off;
	s->len = l->tok[s->close].off + 1 - s->off;
	return AGGREGATE_EDITED;
}

enum aggregate_answer rewrite_aggregate(const char *path, const char *buf,
					const struct token_list *l,
					const struct tree_types *tt,
					struct aggregate_site *s)
{
	struct type_index *ti;
	struct type_answer ty;
	struct alias_plan p;
	struct assignment asg;
	int init;
	enum aggregate_answer ret = AGGREGATE_EDITED;
	struct tok_range e = s->args[0];

	memset(&p, 0, sizeof(p));
	s->type[0] = '\0';
	s->targets = 0;
	s->kept = NULL;
	s->view = 0;
	s->narrowed = 0;
	s->why[0] = '\0';
	s->guard_on[0] = '\0';
	ti = tree_types_index_for(tt, path, buf, l, e);
	if (!ti || !type_index_expr(ti, buf, l, e, &ty)) {
		ret = AGGREGATE_TYPE_UNKNOWN;
		goto out;
	}
	snprintf(s->type, sizeof(s->type), "%s", ty.spelled);
	if (ty.cls != TC_STRUCT && ty.cls != TC_UNION) {
		ret = AGGREGATE_NOT_AGGREGATE;
		goto out;
	}
	if (!type_index_scalar_alias(ti, buf, l, e, NULL, s->size, p.scalar,
				     sizeof(p.scalar)) &&
	    !union_around(ti, buf, l, e, s->size, &p)) {
		ret = without_member(ti, buf, l, s, e);
		goto out;
	}
	strbuf_reset(&s->text);
	memcpy(s->scalar, p.scalar, sizeof(s->scalar));
	s->via_union = p.member[0] != '\0';
	scalar_differs_on(ti, buf, l, e, &p, s->guard_on,
			  sizeof(s->guard_on));
	init = whole_initializer(buf, l, s->name, s->close);
	if (!s->write && !init &&
	    assignment_of(buf, l, s->name, s->close, &asg)) {
		const char *why = p.member[0] ? "the scalar is in the union "
			"around the operand, not a member of the targets' type" :
			assignment_refused(ti, buf, l, &asg);

		if (!why && s->guard_on[0] && !guard_fits(buf, l, &asg))
			why = "the scalar is not the object's size on every "
			      "target, and the guard that says so cannot stand "
			      "before the statement";
		if (!why) {
			spell_assignment(&s->text, buf, l, &l->tok[s->name], e,
					 p.scalar, &asg, s->guard_on);
			s->targets = (unsigned)asg.nr;
			s->off = l->tok[asg.first].off;
			s->len = l->tok[asg.semi].off + 1 - s->off;
			goto out;
		}
		if (asg.nr > 1)
			s->kept = why;
	}
	spell_edit(&s->text, buf, l, &l->tok[s->name], e,
		   s->write ? &s->args[1] : NULL, &p, init, s->guard_on);
	s->off = l->tok[s->name].off;
	s->len = l->tok[s->close].off + 1 - s->off;
out:
	if (ti)
		type_index_free(ti);
	return ret;
}

void aggregate_site_release(struct aggregate_site *s)
{
	strbuf_release(&s->call);
	strbuf_release(&s->text);
}
