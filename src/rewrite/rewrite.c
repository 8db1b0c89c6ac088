/*
 * The conversions of `rwonce fix` (see rewrite.h).  Everything here works
 * on tokens and decides from the tokens around a site whether the site is
 * a read, a whole-statement write, or something that cannot be converted.
 * When in doubt the site is left and the note says what was in the way.
 */
#include "rewrite/rewrite.h"
#include "rewrite/macro-roles.h"
#include "cfront/cast-exact.h"
#include "cfront/macro-uses.h"
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
	free(res->sites);
	memset(res, 0, sizeof(*res));
}

struct tok_key {
	size_t tok, site;
};

static int tok_key_order(const void *a, const void *b)
{
	const struct tok_key *x = a, *y = b;

	if (x->tok != y->tok)
		return x->tok < y->tok ? -1 : 1;
	return x->site < y->site ? -1 : x->site > y->site;
}

void rewrite_index_build(struct rewrite_index *x,
			 const struct rewrite_result *res)
{
	size_t n = res->sites_nr;
	/* sites are met in token order, except those inside an
	 * ACCESS_ONCE's argument, met after it: sort, do not assume */
	struct tok_key *keys = xcalloc(n + 1, sizeof(*keys));

	x->res = res;
	for (size_t k = 0; k < n; k++) {
		keys[k].tok = res->sites[k].tok;
		keys[k].site = k;
	}
	sane_qsort(keys, n, sizeof(*keys), tok_key_order);
	x->by_tok = xcalloc(n + 1, sizeof(*x->by_tok));
	for (size_t k = 0; k < n; k++)
		x->by_tok[k] = keys[k].site;
	free(keys);

	/* The edits by site: counted, then placed (the edits are sorted by
	 * offset, so each site's stay in offset order). */
	x->edit_start = xcalloc(n + 2, sizeof(*x->edit_start));
	x->edit_ids = xcalloc(res->edits.nr + 1, sizeof(*x->edit_ids));
	for (size_t e = 0; e < res->edits.nr; e++) {
		size_t s = res->edits.items[e].site;

		if (s && s <= n)
			x->edit_start[s]++; /* site s - 1, shifted by one */
	}
	for (size_t k = 1; k <= n + 1; k++)
		x->edit_start[k] += x->edit_start[k - 1];
	for (size_t e = 0; e < res->edits.nr; e++) {
		size_t s = res->edits.items[e].site;

		if (s && s <= n)
			x->edit_ids[x->edit_start[s - 1]++] = e;
	}
	/* each start moved to the next one's: shift back */
	memmove(x->edit_start + 1, x->edit_start, n * sizeof(*x->edit_start));
	x->edit_start[0] = 0;
}

void rewrite_index_release(struct rewrite_index *x)
{
	free(x->by_tok);
	free(x->edit_start);
	free(x->edit_ids);
	memset(x, 0, sizeof(*x));
}

const struct rewrite_site *rewrite_index_site(const struct rewrite_index *x,
					      size_t tok)
{
	const struct rewrite_result *res = x->res;
	size_t lo = 0, hi = res ? res->sites_nr : 0;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (res->sites[x->by_tok[mid]].tok < tok)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (res && lo < res->sites_nr && res->sites[x->by_tok[lo]].tok == tok)
		return &res->sites[x->by_tok[lo]];
	return NULL;
}

const size_t *rewrite_index_edits(const struct rewrite_index *x,
				  const struct rewrite_site *s, size_t *nr)
{
	size_t k = (size_t)(s - x->res->sites);

	*nr = x->edit_start[k + 1] - x->edit_start[k];
	return x->edit_ids + x->edit_start[k];
}

/* Everything one file's scan needs, passed around as one pointer. */
struct scan {
	const char *buf;
	size_t len;
	const struct token_list *l;
	const struct rewrite_opts *opts;
	struct rewrite_result *res;
	/* The last token of the value of the last write converted: a write
	 * inside it (only in broken code) must not be converted too. */
	size_t value_last;
	/* The file's type index (with its local headers when the path is
	 * known), built on the first volatile cast; owned when built here. */
	struct type_index *ti;
	int own_ti;
	const char *path;
	/* The tokens a site is classified within: the whole file, or the
	 * body of the #define it is in ([scope_begin, scope_end)). */
	size_t scope_begin, scope_end;
	/* count_prefixes(): built on first need */
	size_t *dir_before, *stmt_before;
	/* the edits added before the last site was recorded: those after
	 * it are the next site's (each site adds its edits, then is
	 * recorded) */
	size_t edits_mark;
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

static void add_site(struct scan *s, enum rule_id rule, size_t at,
		     const char *reason)
{
	struct rewrite_result *r = s->res;

	ALLOC_GROW(r->sites, r->sites_nr + 1, r->sites_alloc);
	r->sites[r->sites_nr].tok = at;
	r->sites[r->sites_nr].rule = rule;
	r->sites[r->sites_nr].converted = reason == NULL;
	r->sites[r->sites_nr].reason = reason;
	for (size_t k = s->edits_mark; k < r->edits.nr; k++)
		r->edits.items[k].site = r->sites_nr + 1;
	s->edits_mark = r->edits.nr;
	r->sites_nr++;
}

/* One note of the result: a site fix left (converted 0) or what decided
 * a conversion (converted 1). */
static void push_note(struct scan *s, enum rule_id rule, size_t at,
		      const char *what, const char *reason, int converted)
{
	struct rewrite_result *r = s->res;

	ALLOC_GROW(r->notes, r->notes_nr + 1, r->notes_alloc);
	r->notes[r->notes_nr].rule = rule;
	r->notes[r->notes_nr].line = T(s, at)->line;
	r->notes[r->notes_nr].col = T(s, at)->col;
	r->notes[r->notes_nr].what = what;
	r->notes[r->notes_nr].reason = reason;
	r->notes[r->notes_nr].converted = converted;
	r->notes_nr++;
}

/* A site left, and why. */
static void note(struct scan *s, enum rule_id rule, size_t at,
		 const char *what, const char *reason)
{
	push_note(s, rule, at, what, reason, 0);
	s->res->left++;
	add_site(s, rule, at, reason);
	if (rule == RULE_ACCESS_ONCE)
		s->res->access_left++;
}

/* A note about a site that was converted (what decided it). */
static void note_converted(struct scan *s, enum rule_id rule, size_t at,
			   const char *what, const char *because)
{
	push_note(s, rule, at, what, because, 1);
}

/* The site at token `at` was converted to a read or a write. */
static void converted(struct scan *s, enum rule_id rule, size_t at,
		      int write)
{
	s->res->converted++;
	if (write)
		s->res->writes++;
	else
		s->res->reads++;
	add_site(s, rule, at, NULL);
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
	size_t open = tok_match_back(s->buf, s->l, close);

	if (open >= eof_index(s) || open < s->scope_begin ||
	    !punct(s, open, "("))
		return NONE;
	return open;
}

enum paren_kind { PAREN_EXPR, PAREN_CAST, PAREN_AMBIGUOUS, PAREN_HEAD };

/* (not the typeof family: an operator keyword, so a group holding it is
 * an expression to paren_kind() before the words are looked at) */
static const char *const type_words[] = {
	"int", "char", "short", "long", "float", "double", "void", "signed",
	"unsigned", "_Bool", "bool", "struct", "union", "enum", "const",
	"volatile", "__volatile__", NULL,
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
	/* if (c), while (p != q): the head of a statement, not an operand
	 * -- what follows starts the statement, so a '*' or '&' there is
	 * unary, as after a cast (musl: "if (next != head) *(volatile void
	 * *volatile *)(...) = prev;") */
	{
		size_t kw = prev_code(s, open);

		if (kw != NONE && T(s, kw)->kind == TOK_IDENT &&
		    tok_is_condition_keyword(s->buf, s->l, kw))
			return PAREN_HEAD;
	}
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
 * How many tokens before i are on directive lines, and how many are ';'
 * or '{' in code: counted once per file, so that the tests below take
 * the same time for an argument of any length (deeply nested input).
 */
static void count_prefixes(struct scan *s)
{
	size_t n = s->l->nr, dir = 0, stmt = 0;

	s->dir_before = xmalloc((n + 1) * sizeof(*s->dir_before));
	s->stmt_before = xmalloc((n + 1) * sizeof(*s->stmt_before));
	for (size_t i = 0; i < n; i++) {
		s->dir_before[i] = dir;
		s->stmt_before[i] = stmt;
		dir += (T(s, i)->flags & TF_DIRECTIVE) != 0;
		stmt += punct(s, i, ";") || punct(s, i, "{");
	}
	s->dir_before[n] = dir;
	s->stmt_before[n] = stmt;
}

/* Is a ';' or '{' among tokens [from, to)? */
static int holds_statement(struct scan *s, size_t from, size_t to)
{
	if (!s->dir_before)
		count_prefixes(s);
	return s->stmt_before[to] != s->stmt_before[from];
}

/*
 * Is any token in [from, to] on a directive line when `from` is not, or,
 * when `from` is on one (a macro body), on another line or in code?
 */
static int crosses_directive(struct scan *s, size_t from, size_t to)
{
	int in_dir = (T(s, from)->flags & TF_DIRECTIVE) != 0;

	if (!in_dir) {
		if (!s->dir_before)
			count_prefixes(s);
		return s->dir_before[to + 1] != s->dir_before[from];
	}
	for (size_t i = from + 1; i <= to; i++) {
		unsigned f = T(s, i)->flags;

		if ((f & TF_BOL) || !(f & TF_DIRECTIVE))
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
static const char asm_operand_why[] =
	"an operand of an asm statement: the asm makes the access through "
	"the operand's address, and READ_ONCE() is a value (gcc would hand "
	"the asm a copy on the stack, clang refuses it)";

static enum use classify(struct scan *s, size_t a, size_t b,
			 size_t *value_last, const char **why)
{
	size_t peeled = 0, prev, next;

	/* "m" (*(volatile u32 *)p): the asm makes the access with the
	 * operand's address; READ_ONCE(*p) is a value, which gcc copies to
	 * the stack (the asm then works on the copy) and clang refuses. */
	if (once_in_asm_operand(s->buf, s->l, a)) {
		*why = asm_operand_why;
		return USE_LEAVE;
	}
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
		    (punct(s, pp, ")") && (paren_kind(s, pp) == PAREN_CAST ||
					   paren_kind(s, pp) == PAREN_HEAD))) {
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

/* converted like ACCESS_ONCE(x): ACCESS_ONCE and --macro names (what
 * audit's access-once rule reports), and only when the argument is the
 * object: atomic_read(v) -> READ_ONCE(v) would read the pointer.  A
 * built-in name the tree defines with its object elsewhere (libuv's
 * ACCESS_ONCE(type, var)) is still looked at, and its calls named as
 * left */
static int converts_like_access(const struct once_macro *m)
{
	return m && m->kind == OMK_ACCESS &&
	       !(m->flags & (OMF_RWONCE | OMF_DISCOVERED)) &&
	       (m->object_arg == 0 || (m->flags & OMF_BUILTIN));
}

static int is_access_macro(const struct scan *s, size_t i)
{
	const struct token *t = T(s, i);

	if (t->kind != TOK_IDENT)
		return 0;
	return converts_like_access(once_macros_find(s->opts->macros,
						     s->buf + t->off, t->len));
}

/*
 * ACCESS_\<newline>ONCE(x): a call all the same (audit reports it), but
 * left with a note.  Its name rewritten would lose the splice, and each
 * line below would move up one (__LINE__, the compiler's messages).
 */
static int is_spliced_access_macro(const struct scan *s, size_t i)
{
	const struct token *t = T(s, i);

	return t->kind == TOK_IDENT && (t->flags & TF_SPLICED) &&
	       converts_like_access(once_macros_find_token(s->opts->macros,
							   s->buf, t));
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
	if (ident(s, name, s->opts->read_name) ||
	    ident(s, name, s->opts->write_name) || is_access_macro(s, name))
		return 1;
	/* a once-macro the user named (--macro), or a name like one
	 * (__READ_ONCE_SIZE): audit does not look into these either */
	{
		const struct once_macro *m =
			once_macros_find(s->opts->macros, s->buf + t->off,
					 t->len);
		enum once_macro_kind k;

		return (m && !(m->flags & OMF_DISCOVERED)) ||
		       once_macro_name_implies(s->buf + t->off, t->len, &k);
	}
}

/* Does the macro named by token `name` implement a once-access: a
 * once-primitive, any once-macro of the table (discovered ones too), a
 * name like one (__READ_ONCE_SIZE)? */
static int is_once_impl(const struct scan *s, size_t name)
{
	const struct token *t = T(s, name);

	return is_once_primitive(s, name) ||
	       once_macros_find(s->opts->macros, s->buf + t->off, t->len);
}

static const char body_is_access[] =
	"inside a macro body that is the access itself: whether it is a read "
	"or a write depends on each place the macro is used";

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
		return body_is_access;
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

/* A parameter name the macro does not use yet, for the value a write
 * macro takes: with its texts for the edits. */
static const struct value_param {
	const char *name, *after_params, *tail;
} value_params[] = {
	{ "value", ", value", ", value)" },
	{ "value_", ", value_", ", value_)" },
	{ "once_value", ", once_value", ", once_value)" },
	{ "once_value_", ", once_value_", ", once_value_)" },
};

static const struct value_param *free_value_param(const struct scan *s,
						  const struct define_span *d)
{
	for (size_t k = 0; k < ARRAY_SIZE(value_params); k++) {
		int used = 0;

		for (size_t t = d->name; t < d->body.end && !used; t++)
			used = ident(s, t, value_params[k].name);
		if (!used)
			return &value_params[k];
	}
	return NULL;
}

/*
 * The ACCESS_ONCE(arg) at [i, close] is the whole body of macro d, and m
 * says what its uses in the tree do: all read -- READ_ONCE; all write
 * whole statements -- the macro takes the value and does WRITE_ONCE (its
 * uses are rewritten where they are, use_site()); else left.
 */
static size_t body_by_uses(struct scan *s, size_t i, size_t close,
			   struct tok_range arg, const struct define_span *d,
			   const struct macro_role *m)
{
	const char *what = "ACCESS_ONCE()";
	struct edit_list *e = &s->res->edits;
	enum macro_use_role role = macro_role_decision(m);
	const struct value_param *vp;
	size_t params_close;

	if (role == MR_READ && s->opts->leave_reads) {
		note(s, RULE_ACCESS_ONCE, i, what, s->opts->leave_reads);
		return i + 2;
	}
	if (role == MR_WRITE && s->opts->leave_writes) {
		note(s, RULE_ACCESS_ONCE, i, what, s->opts->leave_writes);
		return i + 2;
	}
	if (role == MR_READ) {
		edit_list_add(e, T(s, i)->off, T(s, i)->len,
			      s->opts->read_name);
		converted(s, RULE_ACCESS_ONCE, i, 0);
		note_converted(s, RULE_ACCESS_ONCE, i, what, m->note);
		return i + 2;
	}
	if (role == MR_WRITE && d->function_like &&
	    (params_close = tok_match(s->buf, s->l, d->name + 1)) <
		    d->body.begin &&
	    (vp = free_value_param(s, d))) {
		const struct token *pc = T(s, params_close);

		/* NAME(p) -> NAME(p, value); (ACCESS_ONCE(x)) ->
		 * WRITE_ONCE(x, value): no grouping parentheses around
		 * a statement */
		edit_list_add(e, pc->off, 0, params_close == d->name + 2 ?
			      vp->name : vp->after_params);
		edit_list_add(e, T(s, d->body.begin)->off,
			      T(s, arg.begin)->off - T(s, d->body.begin)->off,
			      s->opts->write_open);
		edit_list_add(e, T(s, arg.end - 1)->off + T(s, arg.end - 1)->len,
			      T(s, d->body.end - 1)->off +
			      T(s, d->body.end - 1)->len -
			      (T(s, arg.end - 1)->off + T(s, arg.end - 1)->len),
			      vp->tail);
		converted(s, RULE_ACCESS_ONCE, i, 1);
		note_converted(s, RULE_ACCESS_ONCE, i, what, m->note);
		return close + 1;
	}
	note(s, RULE_ACCESS_ONCE, i, what, m->note);
	return i + 2;
}

/*
 * A use of a macro whose every use is a whole-statement write (m), at
 * token i: "NAME(a) = v;" becomes "NAME(a, v);", as its definition now
 * takes the value.  Returns the next token to look at.
 */
static size_t use_site(struct scan *s, size_t i, const struct macro_role *m)
{
	struct tok_range args[1];
	size_t nargs, close, last = 0, prev = prev_code(s, i);
	const char *why = NULL;
	struct define_span d;
	int in_body;

	if ((prev != NONE && (punct(s, prev, ".") || punct(s, prev, "->"))) ||
	    ((T(s, i)->flags & TF_DIRECTIVE) &&
	     !(T(s, i)->flags & TF_DEFINE_BODY)) ||
	    tok_call_args(s->buf, s->l, i, args, 1, &nargs, &close) < 0)
		return i + 1;
	in_body = enter_body(s, i, &d);
	if (classify(s, i, close, &last, &why) == USE_WRITE &&
	    !crosses_directive(s, i, last)) {
		struct edit_list *e = &s->res->edits;

		if (nargs == 1 && args[0].begin == args[0].end) {
			/* "NAME() = v;" -> "NAME(v);" */
			edit_list_add(e, T(s, i + 1)->off + 1,
				      T(s, close + 2)->off -
				      (T(s, i + 1)->off + 1), "");
			edit_list_add(e, T(s, last)->off + T(s, last)->len, 0,
				      ")");
		} else {
			write_tail(s, close, 1, close + 1, last);
		}
		s->res->uses_rewritten++;
	}
	(void)m;
	if (in_body)
		leave_body(s);
	return i + 1;
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
	/* Statements, or "int g" outside any parentheses (casts and sizeof
	 * keep their type names inside them); nested groups are jumped
	 * over, so nesting costs nothing. */
	for (size_t k = arg.begin; k < arg.end; k++) {
		if (holds_statement(s, arg.begin, arg.end) ||
		    (k > arg.begin && T(s, k)->kind == TOK_IDENT &&
		     T(s, k - 1)->kind == TOK_IDENT &&
		     !unevaluated_word(s, k - 1))) {
			note(s, RULE_ACCESS_ONCE, i, what,
			     "the argument is not an expression");
			return i + 1;
		}
		if (punct(s, k, "(") || punct(s, k, "[")) {
			size_t m = tok_match(s->buf, s->l, k);

			if (m >= arg.end)
				break; /* unbalanced: seen as a whole above */
			k = m;
		}
	}
	if (body && (why = macro_body_unfixed(s, body, i, close))) {
		const struct macro_role *m = NULL;

		if (why == body_is_access && s->opts->roles)
			m = macro_roles_find(s->opts->roles,
					     s->buf + T(s, body->name)->off,
					     T(s, body->name)->len);
		if (m)
			return body_by_uses(s, i, close, arg, body, m);
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
		if (!why)
			why = s->opts->leave_writes;
		if (why) {
			note(s, RULE_ACCESS_ONCE, i, what, why);
			break;
		}
		edit_list_add(&s->res->edits, t->off, t->len,
			      s->opts->write_name);
		write_tail(s, close, 1, close + 1, last);
		converted(s, RULE_ACCESS_ONCE, i, 1);
		break;
	case USE_READ:
		if (s->opts->leave_reads) {
			note(s, RULE_ACCESS_ONCE, i, what,
			     s->opts->leave_reads);
			break;
		}
		edit_list_add(&s->res->edits, t->off, t->len,
			      s->opts->read_name);
		converted(s, RULE_ACCESS_ONCE, i, 0);
		break;
	case USE_LEAVE:
		note(s, RULE_ACCESS_ONCE, i, what, why);
		break;
	}
	/* The argument may hold more sites: look inside it next. */
	return i + 2;
}

static size_t volatile_cast_in_scope(struct scan *s, size_t i,
				     const struct define_span *body);

/* "*(volatile T *)..." at token i (the '*'), or "((volatile T *)E)->f"
 * and "[...]" at their outer '('. */
static size_t volatile_cast_site(struct scan *s, size_t i)
{
	struct define_span d;
	size_t next;

	if (!enter_body(s, i, &d))
		return volatile_cast_in_scope(s, i, NULL);
	next = volatile_cast_in_scope(s, i, &d);
	leave_body(s);
	return next;
}

static struct type_index *index_of(struct scan *s)
{
	if (!s->ti) {
		s->ti = type_index_build(s->buf, s->l);
		if (s->path)
			type_index_add_local_headers(s->ti, s->path);
		s->own_ti = 1;
	}
	return s->ti;
}

/*
 * *(volatile void **)p at token i: the pointer read is a plain load
 * (cfront/idioms.h).  "volatile" goes before the cast's last '*', on the
 * object read; the value's type stays what it was (a read drops the
 * qualifiers of the object read), so the code around it is unchanged.
 */
static size_t wrong_level_in_scope(struct scan *s, size_t i,
				   const struct define_span *body)
{
	const char *what = "volatile on the wrong level";
	size_t prev = prev_code(s, i), fix_at;
	struct volatile_cast vc;
	const struct token *ft;
	char before;

	if (!find_wrong_level_volatile(s->buf, s->l, i, &vc, &fix_at) ||
	    vc.end > s->scope_end)
		return i + 1;
	/* "a * (volatile T **)p" is a product, not a dereference */
	if (prev != NONE && ends_operand(s, prev) &&
	    !(punct(s, prev, ")") && paren_kind(s, prev) != PAREN_EXPR))
		return i + 1;
	if ((T(s, i)->flags & TF_DIRECTIVE) && !(T(s, i)->flags & TF_DEFINE_BODY))
		return i + 1;
	if (once_in_asm_operand(s->buf, s->l, i)) {
		note(s, RULE_VOLATILE_WRONG_LEVEL, i, what, asm_operand_why);
		return i + 1;
	}
	if (body) {
		note(s, RULE_VOLATILE_WRONG_LEVEL, i, what,
		     "inside a macro body: a use may take its address or "
		     "its typeof, whose type the qualifier would change");
		return i + 1;
	}
	if (crosses_directive(s, i, vc.end - 1)) {
		note(s, RULE_VOLATILE_WRONG_LEVEL, i, what,
		     "a preprocessor directive inside the expression");
		return i + 1;
	}
	ft = T(s, fix_at);
	before = ft->off ? s->buf[ft->off - 1] : ' ';
	/* "const*" becomes "const volatile *", never "constvolatile" */
	edit_list_add(&s->res->edits, ft->off, 0,
		      (before == '_' || (before >= 'a' && before <= 'z') ||
		       (before >= 'A' && before <= 'Z') ||
		       (before >= '0' && before <= '9') || (before & 0x80)) ?
		      " volatile " : "volatile ");
	s->res->converted++; /* no READ_ONCE/WRITE_ONCE: nothing to include */
	add_site(s, RULE_VOLATILE_WRONG_LEVEL, i, NULL);
	return i + 1;
}

/* Is the access vc all of the macro body (within grouping
 * parentheses)?  Then each use decides what it is; else the body does
 * (LLVM_BUILTIN_TRAP's "*(volatile int *)0x11 = 0" is a write). */
static int vc_is_whole_body(const struct scan *s,
			    const struct volatile_cast *vc,
			    const struct define_span *body)
{
	size_t a = vc->begin, b = vc->end - 1;

	while (a > body->body.begin && b + 1 < body->body.end &&
	       punct(s, a - 1, "(") && punct(s, b + 1, ")")) {
		a--;
		b++;
	}
	return a == body->body.begin && b + 1 == body->body.end;
}

static size_t volatile_cast_in_scope(struct scan *s, size_t i,
				     const struct define_span *body)
{
	const char *what = "volatile cast", *why = NULL;
	size_t prev = prev_code(s, i), last = 0, obj_first, obj_last;
	struct volatile_cast vc;
	struct cast_exactness ex;
	enum use use;

	if (!find_volatile_cast(s->buf, s->l, i, &vc)) {
		size_t name;
		int function_like;
		struct macro_use_kinds k;

		/* #define UART_REG(x) ((volatile u32 *)(B + (x))): its uses
		 * dereference it, each a volatile access (audit reports the
		 * definition with them) */
		if (body && find_volatile_pointer_body(s->buf, s->l, i, &vc,
						       &name, &function_like)) {
			macro_use_kinds(s->buf, s->l, name, function_like, 1,
					&k);
			if (k.total > k.count[MACRO_USE_ASM]) {
				note(s, RULE_VOLATILE_CAST, i, what,
				     "a macro that gives a volatile pointer: "
				     "each use that dereferences it is a "
				     "volatile access, READ_ONCE or "
				     "WRITE_ONCE of it at that use");
				return vc.end;
			}
		}
		return wrong_level_in_scope(s, i, body);
	}
	if (vc.end > s->scope_end)
		return i + 1;
	if (vc.form == VC_DEREF) {
		/* "a * (volatile T *)p" is a product, not a dereference */
		if (prev != NONE && ends_operand(s, prev) &&
		    !(punct(s, prev, ")") && paren_kind(s, prev) != PAREN_EXPR))
			return i + 1;
	} else if (prev != NONE && T(s, prev)->kind == TOK_IDENT &&
		   !not_operand_word(s, prev)) {
		return i + 1; /* f((volatile T *)p)->x: a call's parentheses */
	}
	if (prev != NONE && punct(s, prev, ")") &&
	    paren_kind(s, prev) == PAREN_AMBIGUOUS) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     vc.form == VC_DEREF ?
		     "after \"(name) *\": a dereference if name is a type, a "
		     "multiplication if not, which tokens alone cannot tell" :
		     "after \"(name)\": a cast if name is a type, a call if "
		     "not, which tokens alone cannot tell");
		return i + 1;
	}
	if (T(s, i)->flags & TF_DIRECTIVE) {
		if (!(T(s, i)->flags & TF_DEFINE_BODY))
			return i + 1;
		/* the volatile cast that implements a once-macro is not a
		 * site (audit does not report it either) */
		if (body && is_once_impl(s, body->name))
			return i + 1;
		/* #define ADDR(x) "m" (*(volatile T *)(x)): an asm operand */
		if (once_in_asm_operand(s->buf, s->l, i)) {
			note(s, RULE_VOLATILE_CAST, i, what, asm_operand_why);
			return i + 1;
		}
		note(s, RULE_VOLATILE_CAST, i, what,
		     body && vc_is_whole_body(s, &vc, body) ?
		     "inside a macro body: whether it is a read or a write, "
		     "and of which type, depends on each place the macro is "
		     "used" :
		     "inside a macro body: fix rewrites code, not the "
		     "definitions of macros, which each use expands in its "
		     "own place");
		return i + 1;
	}
	if (crosses_directive(s, i, vc.end - 1)) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "a preprocessor directive inside the expression");
		return i + 1;
	}
	if (T(s, vc.end - 1)->flags & TF_UNTERMINATED) {
		note(s, RULE_VOLATILE_CAST, i, what, "an unterminated literal");
		return i + 1;
	}
	volatile_cast_exactness(index_of(s), s->buf, s->l, &vc, &ex);
	if (!ex.exact) {
		/* a store's reason names WRITE_ONCE; classify() only asked
		 * (it keeps the value's end of a write it will convert) */
		size_t keep = s->value_last;
		int write = classify(s, i, vc.end - 1, &last, &why) == USE_WRITE;

		s->value_last = keep;
		note(s, RULE_VOLATILE_CAST, i, what,
		     cast_exactness_why(&ex, write));
		return i + 1;
	}
	/* The operand's text as written: after '&' for "&X", the whole
	 * pointer expression for "P" (grouping parentheses kept). */
	obj_first = vc.operand.begin + (ex.address ? 1 : 0);
	obj_last = vc.operand.end - 1;
	if (obj_first > obj_last ||
	    !plain_span(s, i, ex.address ? vc.operand.begin :
				vc.operand.begin - 1) ||
	    (vc.end - 1 > obj_last && !plain_span(s, obj_last, vc.end - 1))) {
		note(s, RULE_VOLATILE_CAST, i, what,
		     "a comment or line splice inside the cast");
		return i + 1;
	}
	use = classify(s, i, vc.end - 1, &last, &why);
	if (use == USE_LEAVE) {
		note(s, RULE_VOLATILE_CAST, i, what, why);
		return i + 1;
	}
	if (!s->opts->volatile_casts)
		return i + 1;
	if ((why = use == USE_READ ? s->opts->leave_reads :
				     s->opts->leave_writes)) {
		note(s, RULE_VOLATILE_CAST, i, what, why);
		return i + 1;
	}
	{
		struct edit_list *e = &s->res->edits;
		const struct token *st = T(s, i), *ot = T(s, obj_last);
		size_t upto = T(s, obj_first)->off;
		char before = st->off ? s->buf[st->off - 1] : ' ';

		/* "return*(volatile int *)&x": keep "return" a word of its own. */
		if (before == '_' || (before >= 'a' && before <= 'z') ||
		    (before >= 'A' && before <= 'Z') ||
		    (before >= '0' && before <= '9') || (before & 0x80))
			edit_list_add(e, st->off, 0, " ");
		/* "*(volatile T *) p": no blank between '*' and p after it. */
		if (!ex.address && !blank_between(s, obj_first - 1, obj_first))
			upto = T(s, obj_first - 1)->off +
			       T(s, obj_first - 1)->len;
		edit_list_add(e, st->off, upto - st->off,
			      !ex.address ? (use == USE_READ ?
					     s->opts->read_open_deref :
					     s->opts->write_open_deref) :
			      use == USE_READ ? s->opts->read_open :
						s->opts->write_open);
		/* "*((volatile T *)&x)": the outer ')' closes the call */
		if (use == USE_READ && vc.end - 1 == obj_last)
			edit_list_add(e, ot->off + ot->len, 0, ")");
		else if (use == USE_WRITE)
			write_tail(s, vc.end - 1, vc.end - 1 != obj_last, vc.end,
				   last);
		converted(s, RULE_VOLATILE_CAST, i, use == USE_WRITE);
	}
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

int rewrite_file(const char *path, struct type_index *ti, const char *buf,
		 size_t len, const struct token_list *toks,
		 const struct rewrite_opts *opts, struct rewrite_result *res)
{
	struct scan s;
	int ret = 0;

	memset(&s, 0, sizeof(s));
	s.buf = buf;
	s.len = len;
	s.l = toks;
	s.opts = opts;
	s.res = res;
	s.value_last = NONE;
	s.ti = ti;
	s.path = path;
	s.scope_end = toks->nr - 1;
	for (size_t i = 0; i < eof_index(&s);) {
		const struct token *t = T(&s, i);

		const struct macro_role *m;

		if (t->kind == TOK_IDENT && is_access_macro(&s, i))
			i = access_once_site(&s, i);
		else if (is_spliced_access_macro(&s, i) &&
			 i + 1 < eof_index(&s) && punct(&s, i + 1, "(") &&
			 !((t->flags & TF_DIRECTIVE) &&
			   !(t->flags & TF_DEFINE_BODY))) {
			note(&s, RULE_ACCESS_ONCE, i, "ACCESS_ONCE()",
			     "a line splice inside the macro's name");
			i++;
		}
		else if (t->kind == TOK_IDENT && opts->roles &&
			 (m = macro_roles_find(opts->roles, buf + t->off,
					       t->len)) &&
			 macro_role_decision(m) == MR_WRITE &&
			 !(T(&s, i)->flags & TF_DIRECTIVE &&
			   !(T(&s, i)->flags & TF_DEFINE_BODY)))
			i = use_site(&s, i, m);
		else if (t->kind == TOK_PUNCT &&
			 opts->volatile_casts &&
			 (punct(&s, i, "*") || punct(&s, i, "(")))
			i = volatile_cast_site(&s, i);
		else
			i++;
	}
	if (edit_list_sort(&res->edits) < 0) {
		/* Never half a rewrite: drop them all, keep the file. */
		res->edits.nr = 0;
		res->converted = 0;
		res->reads = res->writes = 0;
		for (size_t k = 0; k < res->sites_nr; k++)
			if (res->sites[k].converted) {
				res->sites[k].converted = 0;
				res->sites[k].reason = "overlapping edits (an "
						       "internal error)";
			}
		ret = -1;
	}
	if (res->notes_nr > 1)
		sane_qsort(res->notes, res->notes_nr, sizeof(*res->notes),
		      note_order);
	if (s.own_ti)
		type_index_free(s.ti);
	free(s.dir_before);
	free(s.stmt_before);
	return ret;
}

int rewrite_buffer(const char *buf, size_t len, const struct token_list *toks,
		   const struct rewrite_opts *opts, struct rewrite_result *res)
{
	return rewrite_file(NULL, NULL, buf, len, toks, opts, res);
}

/* ---- macros whose body is the access, and their uses ---- */

static void scan_init(struct scan *s, const char *buf, size_t len,
		      const struct token_list *l,
		      const struct rewrite_opts *opts,
		      struct rewrite_result *res)
{
	memset(s, 0, sizeof(*s));
	s->buf = buf;
	s->len = len;
	s->l = l;
	s->opts = opts;
	s->res = res;
	s->value_last = NONE;
	s->scope_end = l->nr - 1;
}

static void scan_release(struct scan *s)
{
	if (s->own_ti)
		type_index_free(s->ti);
	free(s->dir_before);
	free(s->stmt_before);
}

void rewrite_access_bodies(const char *buf, size_t len,
			   const struct token_list *l,
			   const struct rewrite_opts *opts,
			   void (*fn)(void *ctx, const char *name, size_t n,
				      int function_like),
			   void *ctx)
{
	struct rewrite_result res = REWRITE_RESULT_INIT;
	struct scan s;

	scan_init(&s, buf, len, l, opts, &res);
	for (size_t i = 0; i + 1 < l->nr; i++) {
		struct define_span d;
		struct tok_range arg;
		size_t nargs, close;

		if (!(T(&s, i)->flags & TF_DEFINE_BODY) ||
		    T(&s, i)->kind != TOK_IDENT || !is_access_macro(&s, i) ||
		    define_span_at(buf, l, i, &d) < 0)
			continue;
		if (tok_call_args(buf, l, i, &arg, 1, &nargs, &close) == 0 &&
		    nargs == 1 && close < d.body.end &&
		    macro_body_unfixed(&s, &d, i, close) == body_is_access)
			fn(ctx, buf + T(&s, d.name)->off, T(&s, d.name)->len,
			   d.function_like);
		i = d.body.end - 1;
	}
	scan_release(&s);
	rewrite_result_release(&res);
}

/* A word before "NAME(" outside an expression: a declaration or a
 * definition of a function of that name ("static int atomic_read(..."). */
static int declared_here(const struct scan *s, size_t i)
{
	size_t p = prev_code(s, i);

	return p != NONE && T(s, p)->kind == TOK_IDENT && !not_operand_word(s, p);
}

void rewrite_macro_uses(const char *buf, size_t len,
			const struct token_list *l,
			const struct rewrite_opts *opts,
			const struct macro_roles *roles,
			void (*fn)(void *ctx, const struct macro_role *m,
				   int role, const char *why, unsigned line),
			void (*forward)(void *ctx, const struct macro_role *m,
					const char *name, size_t n,
					int function_like),
			void *ctx)
{
	struct rewrite_result res = REWRITE_RESULT_INIT;
	struct scan s;

	scan_init(&s, buf, len, l, opts, &res);
	for (size_t i = 0; i + 1 < l->nr; i++) {
		const struct token *t = T(&s, i);
		const struct macro_role *m;
		struct define_span d;
		size_t prev, end = i, last = 0;
		const char *why = NULL;
		int in_body, role;

		if (t->kind != TOK_IDENT ||
		    !(m = macro_roles_find(roles, buf + t->off, t->len)))
			continue;
		prev = prev_code(&s, i);
		/* not uses: a member of that name, the name in #define,
		 * #undef, #ifdef, defined(), a function declared so */
		if ((prev != NONE && (punct(&s, prev, ".") ||
				      punct(&s, prev, "->"))) ||
		    ((t->flags & TF_DIRECTIVE) && !(t->flags & TF_DEFINE_BODY)) ||
		    (prev != NONE && ident(&s, prev, "defined")) ||
		    (i >= 2 && ident(&s, i - 2, "defined") &&
		     punct(&s, i - 1, "(")) ||
		    declared_here(&s, i))
			continue;
		/* a function-like macro's name alone is no use of it (a
		 * variable of that name: perf's session_done) */
		if (m->function_like && !punct(&s, i + 1, "("))
			continue;
		in_body = enter_body(&s, i, &d);
		if (m->function_like) {
			struct tok_range arg;
			size_t nargs;

			if (tok_call_args(buf, l, i, &arg, 1, &nargs, &end) < 0 ||
			    end >= s.scope_end)
				why = "its parenthesis is never closed";
		}
		if (!why && in_body) {
			/* in another macro's body: that macro's uses decide,
			 * unless the body decides the role itself */
			why = macro_body_unfixed(&s, &d, i, end);
			if (why == body_is_access && forward) {
				/* "#define b43_status(w) atomic_read(...)":
				 * its uses are this macro's uses */
				forward(ctx, m, buf + T(&s, d.name)->off,
					T(&s, d.name)->len, d.function_like);
				leave_body(&s);
				continue;
			}
			if (why == body_is_access)
				why = "the whole body of another macro, whose "
				      "uses decide";
		}
		if (!why) {
			enum use u = classify(&s, i, end, &last, &why);

			role = u == USE_READ ? MR_READ :
			       u == USE_WRITE ? MR_WRITE : MR_OTHER;
		} else {
			role = MR_OTHER;
		}
		fn(ctx, m, role, role == MR_OTHER ? why : NULL, t->line);
		if (in_body)
			leave_body(&s);
	}
	scan_release(&s);
	rewrite_result_release(&res);
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
