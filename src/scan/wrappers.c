/* Macros of a file whose body holds a once-access (wrappers.h). */
#include "scan/wrappers.h"
#include "cfront/defines.h"
#include "cfront/idioms.h"
#include "cfront/lexer.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* How far a local initialised from another local is followed. */
#define MAX_DEPTH 4

static const struct once_macro *once_macro_named(const struct lexical_options *m,
						 const char *buf,
						 const struct token *t)
{
	for (size_t k = 0; k < m->nr_macros; k++)
		if (token_is(buf, t, m->macros[k].name))
			return &m->macros[k];
	return NULL;
}

static int is_param(const struct once_wrapper *w, const char *buf,
		    const struct token *t)
{
	for (size_t k = 0; k < w->nparams; k++)
		if (token_is(buf, t, w->params[k]))
			return 1;
	return 0;
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
			const struct once_wrapper *w, int depth,
			struct strbuf *sb)
{
	struct strbuf tok = STRBUF_INIT;

	for (size_t i = r.begin; i < r.end; i++) {
		struct tok_range init;

		if (i > r.begin && (l->tok[i].flags & (TF_SPACE_BEFORE | TF_BOL)))
			strbuf_addch(sb, ' ');
		if (l->tok[i].kind == TOK_IDENT && depth < MAX_DEPTH &&
		    !is_param(w, buf, &l->tok[i]) &&
		    !after_member_op(buf, l, i, r.begin) &&
		    !local_init(buf, l, b, i, r.begin, &init)) {
			strbuf_addch(sb, '(');
			object_text(buf, l, b, init, w, depth + 1, sb);
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
 * Does body b define a function (the kernel's DEFINE_BATCHED_ENTROPY(),
 * x86's build_mmio_write())?  Then the code on a use's line is that of
 * a whole function, not of one use of the body's accesses: not a
 * wrapper.  Told by a '{' outside brackets that follows the ')' of a
 * name other than a statement keyword (`do {`, `if (c) {`, `struct s {`,
 * `= {` are not); the function may come after a struct and a variable,
 * as in DEFINE_BATCHED_ENTROPY.
 */
static int defines_function(const char *buf, const struct token_list *l,
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

/* Fill w from the once-accesses of body b; 0 when it has none. */
static int analyse_body(const char *buf, const struct token_list *l,
			const struct lexical_options *macros,
			struct tok_range b, struct once_wrapper *w)
{
	struct strbuf obj = STRBUF_INIT, first = STRBUF_INIT, names = STRBUF_INIT;
	struct strbuf name = STRBUF_INIT;
	int n = 0, spelled = 1;

	for (size_t k = b.begin; k < b.end; k++) {
		const struct once_macro *m = NULL;
		struct volatile_cast vc;
		struct tok_range r;
		enum once_use use;
		int deref = 0;

		if (l->tok[k].kind == TOK_IDENT &&
		    (m = once_macro_named(macros, buf, &l->tok[k]))) {
			struct tok_range args[2];
			size_t nargs, close, target;

			if (tok_call_args(buf, l, k, args, ARRAY_SIZE(args),
					  &nargs, &close) || close >= b.end)
				continue;
			strbuf_reset(&name);
			token_spelling(buf, &l->tok[k], &name);
			/* ASSIGN_ONCE(v, x): the value first, as sites.c */
			target = !strcmp(name.buf, "ASSIGN_ONCE") && nargs == 2;
			r = args[target];
			use = m->kind == MK_READ_ONCE ? ONCE_READ :
			      m->kind == MK_WRITE_ONCE ? ONCE_WRITE :
			      once_use_classify(buf, l, k, close + 1);
			add_primitive(&names, name.buf);
		} else if (l->tok[k].kind != TOK_IDENT &&
			   find_volatile_cast(buf, l, k, &vc) && vc.end <= b.end) {
			use = once_use_classify(buf, l, vc.begin, vc.end);
			deref = vc.form == VC_DEREF;
			if (deref) {
				r = vc.operand;
			} else { /* ->f, [i]: compared, not typed */
				r.begin = vc.begin;
				r.end = vc.end;
				spelled = 0;
			}
			add_primitive(&names, "volatile cast");
		} else {
			continue;
		}
		if (use == ONCE_READ)
			w->reads++;
		else if (use == ONCE_WRITE)
			w->writes++;
		else { /* ++, +=, &, .f: read and written, as sites.c */
			w->reads++;
			w->writes++;
		}
		strbuf_reset(&obj);
		if (deref)
			strbuf_addstr(&obj, "*(");
		object_text(buf, l, b, r, w, 0, &obj);
		if (deref)
			strbuf_addch(&obj, ')');
		if (!n++)
			strbuf_addstr(&first, obj.buf);
		else if (strcmp(first.buf, obj.buf))
			w->several = 1;
	}
	if (n) {
		w->access = !w->writes ? SITE_READ : !w->reads ? SITE_WRITE :
			    SITE_READ_WRITE;
		w->object = spelled && !w->several ? strbuf_detach(&first) : NULL;
		w->primitives = strbuf_detach(&names);
		w->loop = body_loops(buf, l, b);
	}
	strbuf_release(&obj);
	strbuf_release(&first);
	strbuf_release(&names);
	strbuf_release(&name);
	return n;
}

static void wrapper_release(struct once_wrapper *w)
{
	for (size_t k = 0; k < w->nparams; k++)
		free(w->params[k]);
	free(w->params);
	free(w->name);
	free(w->object);
	free(w->primitives);
}

void once_wrappers_find(const char *buf, const struct token_list *l,
			const struct lexical_options *macros,
			struct once_wrappers *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i + 1 < l->nr; i++) {
		struct define_span d;
		struct once_wrapper w;
		size_t k;

		if (!(l->tok[i].flags & TF_DEFINE_BODY) ||
		    define_span_at(buf, l, i, &d))
			continue;
		if (d.body.end > i + 1)
			i = d.body.end - 1; /* one visit per #define */
		if (!d.function_like ||
		    once_macro_named(macros, buf, &l->tok[d.name]) ||
		    defines_function(buf, l, d.body))
			continue;
		memset(&w, 0, sizeof(w));
		/* the parameters: identifiers between the '(' and the ')' */
		for (k = d.name + 2; k < d.body.begin &&
		     !tok_punct(buf, l, k, ")"); k++) {
			struct strbuf p = STRBUF_INIT;

			if (tok_punct(buf, l, k, "..."))
				strbuf_addstr(&p, "__VA_ARGS__");
			else if (l->tok[k].kind == TOK_IDENT)
				token_spelling(buf, &l->tok[k], &p);
			else
				continue;
			w.params = xrealloc(w.params,
					    (w.nparams + 1) * sizeof(char *));
			w.params[w.nparams++] = strbuf_detach(&p);
		}
		if (!analyse_body(buf, l, macros, d.body, &w)) {
			wrapper_release(&w);
			continue;
		}
		{
			struct strbuf nm = STRBUF_INIT;

			token_spelling(buf, &l->tok[d.name], &nm);
			w.name = strbuf_detach(&nm);
		}
		w.line = l->tok[d.name].line;
		ALLOC_GROW(out->items, out->nr + 1, out->alloc);
		out->items[out->nr++] = w;
	}
}

const struct once_wrapper *once_wrappers_lookup(const struct once_wrappers *w,
						const char *buf,
						const struct token *t)
{
	for (size_t k = 0; k < w->nr; k++)
		if (token_is(buf, t, w->items[k].name))
			return &w->items[k];
	return NULL;
}

void once_wrappers_release(struct once_wrappers *w)
{
	for (size_t k = 0; k < w->nr; k++)
		wrapper_release(&w->items[k]);
	free(w->items);
	memset(w, 0, sizeof(*w));
}
