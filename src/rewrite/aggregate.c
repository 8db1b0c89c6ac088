/*
 * A once-access of a struct or union respelled on a scalar of the same
 * size (aggregate.h).  A site whose type has no such scalar, or whose
 * type is unknown, is answered with the reason and left.
 */
#include "rewrite/aggregate.h"
#include "cfront/tokscan.h"
#include "cfront/typeindex.h"
#include "lib/util.h"

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

/* The replacement of NAME(E) / NAME(E, V) through plan p; `init`: the
 * whole initializer of a declaration (a braced initializer will do). */
static void spell_edit(struct strbuf *sb, const char *buf,
		       const struct token_list *l, const struct token *name,
		       struct tok_range e, const struct tok_range *value,
		       const struct alias_plan *p, int init)
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
		struct tok_range pointer = { e.begin + 1, e.end };

		/* *p.s is p->s, as it is written */
		if (tok_punct(buf, l, e.begin, "*") &&
		    plain_chain(buf, l, pointer)) {
			add_tokens(&scalar, buf, l, pointer);
			strbuf_addf(&scalar, "->%s", p->scalar);
		} else {
			add_operand(&scalar, buf, l, e);
			strbuf_addf(&scalar, ".%s", p->scalar);
		}
		add_tokens(&type, buf, l, e);
	}
	strbuf_addch(&type, ')');

	if (!value && init && !p->member[0]) {
		strbuf_addf(sb, "{ .%s = %s(%s) }", p->scalar, macro.buf,
			    scalar.buf);
	} else if (!value) {
		strbuf_addf(sb, "((%s){ .%s = %s(%s) })", type.buf, p->scalar,
			    macro.buf, scalar.buf);
		if (p->member[0])
			strbuf_addf(sb, ".%s", p->member);
	} else {
		strbuf_addf(sb, "({ %s __rwonce_v = ", type.buf);
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

enum aggregate_answer rewrite_aggregate(const char *path, const char *buf,
					const struct token_list *l,
					const struct tree_types *tt,
					struct aggregate_site *s)
{
	struct type_index *ti;
	struct type_answer ty;
	struct alias_plan p;
	enum aggregate_answer ret = AGGREGATE_EDITED;
	struct tok_range e = s->args[0];

	memset(&p, 0, sizeof(p));
	s->type[0] = '\0';
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
		ret = AGGREGATE_NO_SCALAR;
		goto out;
	}
	strbuf_reset(&s->text);
	spell_edit(&s->text, buf, l, &l->tok[s->name], e,
		   s->write ? &s->args[1] : NULL, &p,
		   whole_initializer(buf, l, s->name, s->close));
	memcpy(s->scalar, p.scalar, sizeof(s->scalar));
	s->via_union = p.member[0] != '\0';
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
