/*
 * Declarations a file writes through a macro of its headers
 * (decl-macros.h): which parameter a macro declares, of which type, read
 * from every definition of it; then the file's uses, added to its type
 * index as plain declarations.
 */
#include "cfront/decl-macros.h"
#include "cfront/header-macros.h"
#include "cfront/macro-expand.h"
#include "cfront/tokscan.h"
#include "cfront/typeindex.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <string.h>

#define MAX_DEFS 8     /* definitions of one name read (#if sides) */
#define MAX_DEPTH 4    /* macros passed on through */
#define MAX_ARGS 8

/* What a definition does with its parameter n. */
enum role {
	ROLE_UNSURE,   /* names it some other way: nothing is certain */
	ROLE_NOT,      /* never a whole token: it declares no n */
	ROLE_DECL,     /* ends in `T n`: declares n of type param T */
};

static const char *const storage_words[] = {
	"extern", "static", "_Thread_local", "__thread", "thread_local",
};

static int storage_word(const char *buf, const struct token *t)
{
	for (size_t k = 0; k < ARRAY_SIZE(storage_words); k++)
		if (t->kind == TOK_IDENT && token_is(buf, t, storage_words[k]))
			return 1;
	return 0;
}

/* The parameter token i of body l names, or -1. */
static int param_at(const struct macro_def *d, const char *buf,
		    const struct token_list *l, size_t i)
{
	if (l->tok[i].kind != TOK_IDENT)
		return -1;
	for (size_t p = 0; p < d->nparams; p++)
		if (token_is(buf, &l->tok[i], d->params[p]))
			return (int)p;
	return -1;
}

/* Is token i of the body pasted (## beside it) or stringified (#)? */
static int pasted(const char *buf, const struct token_list *l, size_t i)
{
	return (i > 0 && (tok_punct(buf, l, i - 1, "##") ||
			  tok_punct(buf, l, i - 1, "#") ||
			  l->tok[i - 1].kind == TOK_HASH)) ||
	       (i + 1 < l->nr && tok_punct(buf, l, i + 1, "##"));
}

static enum role param_role(const struct header_macros *h, const char *name,
			    size_t len, int n, int depth, int *type_param,
			    int *plain);

/*
 * The body only passes its parameters on: OTHER(p0, p1, ...), each
 * argument one parameter.  The role of parameter n is OTHER's role of
 * the argument it is, with OTHER's type parameter mapped back.
 */
static enum role forwarded_role(const struct header_macros *h,
				const struct macro_def *d, const char *buf,
				const struct token_list *l, int n, int depth,
				int *type_param, int *plain)
{
	struct tok_range args[MAX_ARGS];
	int map[MAX_ARGS];
	size_t nargs, close;
	int at = -1, t;
	enum role r;

	if (depth >= MAX_DEPTH || l->nr < 4 || l->tok[0].kind != TOK_IDENT ||
	    tok_call_args(buf, l, 0, args, MAX_ARGS, &nargs, &close) ||
	    nargs > MAX_ARGS || close + 2 != l->nr)
		return ROLE_UNSURE;
	for (size_t k = 0; k < nargs; k++) {
		if (args[k].end != args[k].begin + 1)
			return ROLE_UNSURE;
		map[k] = param_at(d, buf, l, args[k].begin);
		if (map[k] < 0)
			return ROLE_UNSURE;
		if (map[k] == n) {
			if (at >= 0)
				return ROLE_UNSURE; /* passed twice */
			at = (int)k;
		}
	}
	if (at < 0)
		return ROLE_NOT;
	r = param_role(h, buf + l->tok[0].off, l->tok[0].len, at, depth + 1,
		       &t, plain);
	if (r == ROLE_DECL) {
		if (t < 0 || (size_t)t >= nargs)
			return ROLE_UNSURE;
		*type_param = map[t];
	}
	return r;
}

/* The role of parameter n in definition d. */
static enum role def_role(const struct header_macros *h,
			  const struct macro_def *d, int n, int depth,
			  int *type_param, int *plain)
{
	struct token_list l = TOKEN_LIST_INIT;
	const char *buf = d->body;
	size_t whole = 0, last = 0, end;
	enum role r = ROLE_UNSURE;

	lex_buffer(buf, strlen(buf), &l);
	for (size_t i = 0; i + 1 < l.nr; i++)
		if (param_at(d, buf, &l, i) == n && !pasted(buf, &l, i)) {
			whole++;
			last = i;
		}
	if (!whole) {
		r = ROLE_NOT;
		goto out;
	}
	if (l.tok[0].kind == TOK_IDENT && param_at(d, buf, &l, 0) < 0 &&
	    l.nr > 1 && tok_punct(buf, &l, 1, "(")) {
		r = forwarded_role(h, d, buf, &l, n, depth, type_param, plain);
		goto out;
	}
	/* [words] T n, or [words] T n = ...: n once, last or before '=' */
	end = l.nr - 1;
	if (whole != 1 || last < 1 ||
	    (last + 1 != end && !tok_punct(buf, &l, last + 1, "=")))
		goto out;
	*type_param = param_at(d, buf, &l, last - 1);
	if (*type_param < 0 || *type_param == n || pasted(buf, &l, last - 1))
		goto out;
	*plain = 1;
	for (size_t i = 0; i + 1 < last; i++) {
		if (param_at(d, buf, &l, i) >= 0 || l.tok[i].kind == TOK_HASH ||
		    tok_punct(buf, &l, i, "#") || tok_punct(buf, &l, i, "##"))
			goto out;
		if (!storage_word(buf, &l.tok[i]))
			*plain = 0;
	}
	r = ROLE_DECL;
out:
	token_list_release(&l);
	return r;
}

/*
 * The role of parameter n over every definition of name[0..len): DECL
 * when one declares it and the rest name it only pasted, with one type
 * parameter; NOT when none names it; else UNSURE.  *plain: only storage
 * classes before T in every declaring one.
 */
static enum role param_role(const struct header_macros *h, const char *name,
			    size_t len, int n, int depth, int *type_param,
			    int *plain)
{
	struct macro_def defs[MAX_DEFS];
	size_t nr = header_macros_defs(h, name, len, defs, MAX_DEFS);
	enum role all = nr ? ROLE_NOT : ROLE_UNSURE;

	*type_param = -1;
	*plain = 1;
	for (size_t k = 0; k < nr; k++) {
		int t = -1, p = 1;
		enum role r = (size_t)n < defs[k].nparams ?
			def_role(h, &defs[k], n, depth, &t, &p) : ROLE_UNSURE;

		if (r == ROLE_UNSURE ||
		    (r == ROLE_DECL && *type_param >= 0 && t != *type_param))
			all = ROLE_UNSURE;
		if (all == ROLE_UNSURE)
			continue;
		if (r == ROLE_DECL) {
			all = ROLE_DECL;
			*type_param = t;
			*plain &= p;
		}
	}
	for (size_t k = 0; k < nr; k++)
		macro_def_release(&defs[k]);
	return all;
}


/* Does the type argument r start with a scalar keyword, which a word
 * before it in the body might lengthen (long int)? */
static int scalar_start(const char *buf, const struct token_list *l,
			struct tok_range r)
{
	static const char *const words[] = {
		"char", "short", "int", "long", "signed", "unsigned", "float",
		"double", "_Bool", "__int128", "_Complex", "__signed__",
		"__signed",
	};

	for (size_t i = r.begin; i < r.end; i++) {
		if (l->tok[i].kind != TOK_IDENT)
			return 0;
		for (size_t k = 0; k < ARRAY_SIZE(words); k++)
			if (token_is(buf, &l->tok[i], words[k]))
				return 1;
		/* const, volatile ... before it */
		if (!token_is(buf, &l->tok[i], "const") &&
		    !token_is(buf, &l->tok[i], "volatile"))
			return 0;
	}
	return 0;
}

/* Does a declaration start right before token i: the file's start, a
 * ';' or '}', a directive line, or storage classes after one? */
static int at_declaration_start(const char *buf, const struct token_list *l,
				size_t i)
{
	while (i > 0 && storage_word(buf, &l->tok[i - 1]) &&
	       !(l->tok[i - 1].flags & TF_DIRECTIVE))
		i--;
	return i == 0 || (l->tok[i - 1].flags & TF_DIRECTIVE) ||
	       l->tok[i - 1].kind == TOK_HASH ||
	       tok_punct(buf, l, i - 1, ";") || tok_punct(buf, l, i - 1, "}");
}

size_t decl_macros_declare(struct type_index *ti, const char *buf,
			   const struct token_list *l,
			   const struct header_macros *h)
{
	struct strbuf text = STRBUF_INIT;
	size_t depth = 0, linkage = 0, count = 0;

	if (!h)
		return 0;
	for (size_t i = 0; i + 1 < l->nr; i++) {
		const struct token *t = &l->tok[i];
		struct tok_range args[MAX_ARGS];
		size_t nargs, close;
		int n, type = -1, plain = 1;

		if (t->flags & TF_DIRECTIVE)
			continue;
		if (tok_punct(buf, l, i, "{")) {
			/* extern "C" { (under #ifdef __cplusplus) keeps
			 * file scope */
			if (!depth && i >= 2 &&
			    l->tok[i - 1].kind == TOK_STRING &&
			    tok_ident(buf, l, i - 2, "extern"))
				linkage++;
			else
				depth++;
			continue;
		}
		if (tok_punct(buf, l, i, "}")) {
			if (depth)
				depth--;
			else if (linkage)
				linkage--;
			continue;
		}
		if (depth || t->kind != TOK_IDENT ||
		    !tok_punct(buf, l, i + 1, "(") ||
		    !at_declaration_start(buf, l, i) ||
		    tok_call_args(buf, l, i, args, MAX_ARGS, &nargs, &close) ||
		    nargs > MAX_ARGS || close + 1 >= l->nr ||
		    !tok_punct(buf, l, close + 1, ";"))
			continue;
		for (n = 0; (size_t)n < nargs; n++)
			if (param_role(h, buf + t->off, t->len, n, 0, &type,
				       &plain) == ROLE_DECL)
				break;
		if ((size_t)n < nargs && type >= 0 && (size_t)type < nargs &&
		    args[n].end == args[n].begin + 1 &&
		    l->tok[args[n].begin].kind == TOK_IDENT &&
		    args[type].end > args[type].begin &&
		    (plain || !scalar_start(buf, l, args[type]))) {
			struct token_list dl = TOKEN_LIST_INIT;
			const struct token *a = &l->tok[args[type].begin];
			const struct token *z = &l->tok[args[type].end - 1];
			const struct token *v = &l->tok[args[n].begin];
			struct type_index *d;

			strbuf_reset(&text);
			strbuf_addf(&text, "extern %.*s %.*s;",
				    (int)(z->off + z->len - a->off),
				    buf + a->off, (int)v->len, buf + v->off);
			lex_buffer(text.buf, text.len, &dl);
			d = type_index_build(text.buf, &dl);
			type_index_merge(ti, d);
			type_index_free(d);
			token_list_release(&dl);
			count++;
		}
		i = close + 1;
	}
	strbuf_release(&text);
	return count;
}
