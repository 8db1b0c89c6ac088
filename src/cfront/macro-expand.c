/* A small expander of function-like macros (macro-expand.h). */
#include "cfront/macro-expand.h"
#include "cfront/tokscan.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Beyond these the expansion is no generator's: given up. */
#define MAX_DEPTH 16
#define MAX_TEXT (1u << 20)
#define MAX_HIDDEN MAX_DEPTH

void macro_def_release(struct macro_def *d)
{
	for (size_t k = 0; k < d->nparams; k++)
		free(d->params[k]);
	free(d->params);
	free(d->name);
	free(d->body);
	memset(d, 0, sizeof(*d));
}

/* Token k's text (splices removed) appended to *sb. */
static void add_token(const char *buf, const struct token *t,
		      struct strbuf *sb)
{
	if (t->flags & TF_SPLICED)
		token_spelling(buf, t, sb);
	else
		strbuf_add(sb, buf + t->off, t->len);
}

static void add_param(struct macro_def *d, const char *s, size_t n)
{
	d->params = xrealloc(d->params, (d->nparams + 1) * sizeof(char *));
	d->params[d->nparams++] = xstrndup(s, n);
}

int macro_def_read(const char *buf, const struct token_list *l, size_t hash,
		   struct macro_def *d)
{
	size_t eof = l->nr - 1, k;

	memset(d, 0, sizeof(*d));
	if (hash + 3 >= eof || l->tok[hash].kind != TOK_HASH ||
	    !tok_ident(buf, l, hash + 1, "define") ||
	    l->tok[hash + 2].kind != TOK_IDENT ||
	    !tok_punct(buf, l, hash + 3, "(") ||
	    (l->tok[hash + 3].flags & (TF_DEFINE_BODY | TF_BOL | TF_SPACE_BEFORE)))
		return -1;
	for (k = hash + 4; k < eof && !(l->tok[k].flags & TF_BOL) &&
	     !tok_punct(buf, l, k, ")"); k++) {
		const struct token *t = &l->tok[k];

		if (t->kind == TOK_IDENT &&
		    !tok_punct(buf, l, k + 1, "...")) {
			add_param(d, buf + t->off, t->len);
		} else if (tok_punct(buf, l, k, "...")) {
			if (k > hash + 4 && l->tok[k - 1].kind == TOK_IDENT)
				add_param(d, buf + l->tok[k - 1].off,
					  l->tok[k - 1].len); /* args... */
			else
				add_param(d, "__VA_ARGS__", 11);
		} else if (!tok_punct(buf, l, k, ",")) {
			macro_def_release(d);
			return -1;
		}
	}
	if (k >= eof || !tok_punct(buf, l, k, ")")) {
		macro_def_release(d);
		return -1;
	}
	d->name = xstrndup(buf + l->tok[hash + 2].off, l->tok[hash + 2].len);
	{
		struct strbuf body = STRBUF_INIT;

		for (k++; k < eof && (l->tok[k].flags & TF_DEFINE_BODY) &&
		     !(l->tok[k].flags & TF_BOL); k++) {
			if (body.len)
				strbuf_addch(&body, ' ');
			add_token(buf, &l->tok[k], &body);
		}
		d->body = strbuf_detach(&body);
	}
	return 0;
}

static size_t name_hash(const char *name, size_t n)
{
	size_t h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)name[i]) * 16777619u;
	return h;
}

static int named(const struct macro_def *d, const char *name, size_t n)
{
	return !strncmp(d->name, name, n) && !d->name[n];
}

/* The index slot of the item named so, or of the empty slot where it
 * would go. */
static size_t slot_of(const struct macro_set *s, const char *name, size_t n)
{
	size_t h = name_hash(name, n) & (s->index_size - 1);

	while (s->index[h] && !named(&s->items[s->index[h] - 1], name, n))
		h = (h + 1) & (s->index_size - 1);
	return h;
}

static void index_rebuild(struct macro_set *s)
{
	size_t size = 16;

	while (size < 2 * s->nr + 2)
		size *= 2;
	if (size != s->index_size) {
		free(s->index);
		s->index = xcalloc(size, sizeof(*s->index));
		s->index_size = size;
	} else {
		memset(s->index, 0, size * sizeof(*s->index));
	}
	for (size_t i = 0; i < s->nr; i++)
		s->index[slot_of(s, s->items[i].name,
				 strlen(s->items[i].name))] = i + 1;
	s->index_writes += s->nr;
}

const struct macro_def *macro_set_find(const struct macro_set *s,
				       const char *name, size_t n)
{
	size_t k;

	if (!s->nr)
		return NULL;
	k = slot_of(s, name, n);
	return s->index[k] ? &s->items[s->index[k] - 1] : NULL;
}

/*
 * Empty slot h of the index and move up the entries after it that
 * could no longer be found (linear probing's deletion: an entry stays
 * where it is when its home slot lies cyclically in (h, j]).
 */
static void index_remove(struct macro_set *s, size_t h)
{
	size_t mask = s->index_size - 1, j = h;

	s->index[h] = 0;
	s->index_writes++;
	for (;;) {
		const char *name;
		size_t home;

		j = (j + 1) & mask;
		if (!s->index[j])
			return;
		name = s->items[s->index[j] - 1].name;
		home = name_hash(name, strlen(name)) & mask;
		if (h <= j ? (h < home && home <= j) :
			     (h < home || home <= j))
			continue;
		s->index[h] = s->index[j];
		s->index[j] = 0;
		s->index_writes += 2;
		h = j;
	}
}

/*
 * The last item moves into the place of the one taken out, as before;
 * the index is mended where it changed instead of rebuilt, which made
 * discovery's thousands of pasting macros, each defined again by every
 * architecture, quadratic (issue #35).
 */
void macro_set_undef(struct macro_set *s, const char *name, size_t n)
{
	size_t k, i, last;

	if (!s->nr)
		return;
	k = slot_of(s, name, n);
	if (!s->index[k])
		return;
	i = s->index[k] - 1;
	index_remove(s, k);
	macro_def_release(&s->items[i]);
	last = --s->nr;
	if (i == last)
		return;
	s->items[i] = s->items[last];
	k = slot_of(s, s->items[i].name, strlen(s->items[i].name));
	s->index[k] = i + 1; /* it said last + 1 */
	s->index_writes++;
}

void macro_set_define(struct macro_set *s, struct macro_def *d)
{
	macro_set_undef(s, d->name, strlen(d->name));
	ALLOC_GROW(s->items, s->nr + 1, s->alloc);
	s->items[s->nr++] = *d;
	memset(d, 0, sizeof(*d));
	if (s->index_size < 2 * s->nr + 2) {
		index_rebuild(s);
	} else {
		s->index[slot_of(s, s->items[s->nr - 1].name,
				 strlen(s->items[s->nr - 1].name))] = s->nr;
		s->index_writes++;
	}
}

void macro_set_release(struct macro_set *s)
{
	for (size_t i = 0; i < s->nr; i++)
		macro_def_release(&s->items[i]);
	free(s->items);
	free(s->index);
	memset(s, 0, sizeof(*s));
}

/*
 * Lex a piece of text that is no file: after a ';' of its own, so that a
 * '#' first in it (a stringified parameter) is no directive.  Token 0 is
 * that ';'; the offsets are into sb.
 */
static void lex_piece(struct strbuf *sb, const char *text, size_t len,
		      struct token_list *l)
{
	strbuf_reset(sb);
	strbuf_addstr(sb, "; ");
	strbuf_add(sb, text, len);
	lex_buffer(sb->buf, sb->len, l);
}

struct expander {
	const struct macro_set *s;
	void (*looked)(const char *name, size_t n, void *arg);
	void *looked_arg;
	const struct macro_def *hidden[MAX_HIDDEN];
	size_t nhidden;
	int failed;
};

static int is_hidden(const struct expander *x, const struct macro_def *m)
{
	for (size_t i = 0; i < x->nhidden; i++)
		if (x->hidden[i] == m)
			return 1;
	return 0;
}

static void expand(struct expander *x, const char *text, size_t len,
		   int depth, struct strbuf *out);

/* The argument's text as a string literal (#param). */
static void stringify(const char *s, size_t n, struct strbuf *out)
{
	strbuf_addch(out, '"');
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"' || s[i] == '\\')
			strbuf_addch(out, '\\');
		strbuf_addch(out, s[i]);
	}
	strbuf_addch(out, '"');
}

static int param_of(const struct macro_def *m, const char *buf,
		    const struct token *t)
{
	if (t->kind != TOK_IDENT)
		return -1;
	for (size_t k = 0; k < m->nparams; k++)
		if (strlen(m->params[k]) == t->len &&
		    !memcmp(m->params[k], buf + t->off, t->len))
			return (int)k;
	return -1;
}

/* m's body with the arguments raw[] put in, into *out. */
static void substitute(struct expander *x, const struct macro_def *m,
		       struct strbuf *raw, size_t nraw, int depth,
		       struct strbuf *out)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct strbuf piece = STRBUF_INIT;
	struct strbuf *done = xcalloc(nraw ? nraw : 1, sizeof(*done));
	char *have = xcalloc(nraw ? nraw : 1, 1);
	int paste = 0;

	lex_piece(&piece, m->body, strlen(m->body), &l);
	for (size_t j = 1; j + 1 < l.nr; j++) {
		const struct token *t = &l.tok[j];
		int p = param_of(m, piece.buf, t);
		int next_pastes = j + 2 < l.nr && tok_punct(piece.buf, &l, j + 1, "##");

		if (tok_punct(piece.buf, &l, j, "##")) {
			while (out->len && out->buf[out->len - 1] == ' ')
				out->buf[--out->len] = '\0';
			paste = 1;
			continue;
		}
		if (!paste && out->len)
			strbuf_addch(out, ' ');
		if (t->kind == TOK_PUNCT && token_is(piece.buf, t, "#") &&
		    j + 2 < l.nr && (p = param_of(m, piece.buf, &l.tok[j + 1])) >= 0 &&
		    (size_t)p < nraw) {
			stringify(raw[p].buf, raw[p].len, out);
			j++;
		} else if (p >= 0 && (size_t)p < nraw) {
			if (paste || next_pastes) {
				strbuf_add(out, raw[p].buf, raw[p].len);
			} else {
				/* an argument is expanded before it is put in */
				if (!have[p]) {
					expand(x, raw[p].buf, raw[p].len,
					       depth + 1, &done[p]);
					have[p] = 1;
				}
				strbuf_add(out, done[p].buf, done[p].len);
			}
		} else {
			add_token(piece.buf, t, out);
		}
		paste = 0;
	}
	for (size_t k = 0; k < nraw; k++)
		strbuf_release(&done[k]);
	free(done);
	free(have);
	strbuf_release(&piece);
	token_list_release(&l);
}

/* The arguments of the invocation whose '(' is token open of l, as
 * texts; the index of its ')' in *close.  nraw: how many were read
 * (the variadic part, from param nparams - 1 on, is one).  -1 when the
 * '(' is not closed or the count does not fit m. */
static int read_args(const char *buf, const struct token_list *l, size_t open,
		     const struct macro_def *m, struct strbuf **raw,
		     size_t *nraw, size_t *close)
{
	int variadic = m->nparams &&
		!strcmp(m->params[m->nparams - 1], "__VA_ARGS__");
	size_t n = 0, depth = 0, k;
	struct strbuf *a = xcalloc(m->nparams + 1, sizeof(*a));

	for (k = open + 1; k + 1 < l->nr; k++) {
		const struct token *t = &l->tok[k];

		if (tok_punct(buf, l, k, "(") || tok_punct(buf, l, k, "[") ||
		    tok_punct(buf, l, k, "{"))
			depth++;
		else if (depth && (tok_punct(buf, l, k, ")") ||
				   tok_punct(buf, l, k, "]") ||
				   tok_punct(buf, l, k, "}")))
			depth--;
		else if (tok_punct(buf, l, k, ")"))
			break;
		else if (!depth && tok_punct(buf, l, k, ",") &&
			 !(variadic && n + 1 >= m->nparams)) {
			if (++n > m->nparams)
				break;
			continue;
		}
		if (n >= m->nparams + (m->nparams == 0))
			break;
		if (a[n].len && (t->flags & TF_SPACE_BEFORE))
			strbuf_addch(&a[n], ' ');
		add_token(buf, t, &a[n]);
	}
	*close = k;
	n++;
	if (k + 1 >= l->nr || !tok_punct(buf, l, k, ")") ||
	    !(n == m->nparams || (m->nparams == 0 && n == 1 && !a[0].len) ||
	      (variadic && n + 1 == m->nparams))) {
		for (size_t i = 0; i <= m->nparams; i++)
			strbuf_release(&a[i]);
		free(a);
		return -1;
	}
	*raw = a;
	*nraw = m->nparams;
	return 0;
}

static void expand(struct expander *x, const char *text, size_t len,
		   int depth, struct strbuf *out)
{
	struct token_list l = TOKEN_LIST_INIT;
	struct strbuf piece = STRBUF_INIT;

	if (depth > MAX_DEPTH || out->len > MAX_TEXT) {
		x->failed = 1;
		return;
	}
	lex_piece(&piece, text, len, &l);
	for (size_t k = 1; k + 1 < l.nr && !x->failed; k++) {
		const struct token *t = &l.tok[k];
		const struct macro_def *m = NULL;
		struct strbuf *raw = NULL, sub = STRBUF_INIT;
		size_t nraw = 0, close;

		if (out->len && out->buf[out->len - 1] != ' ')
			strbuf_addch(out, ' ');
		if (t->kind == TOK_IDENT && x->looked)
			x->looked(piece.buf + t->off, t->len, x->looked_arg);
		if (t->kind != TOK_IDENT ||
		    !(m = macro_set_find(x->s, piece.buf + t->off, t->len)) ||
		    is_hidden(x, m) || x->nhidden >= MAX_HIDDEN ||
		    (!m->object_like &&
		     (!tok_punct(piece.buf, &l, k + 1, "(") ||
		      read_args(piece.buf, &l, k + 1, m, &raw, &nraw, &close)))) {
			add_token(piece.buf, t, out);
			continue;
		}
		if (m->object_like) {
			raw = xcalloc(1, sizeof(*raw));
			close = k;
		}
		substitute(x, m, raw, nraw, depth, &sub);
		x->hidden[x->nhidden++] = m;
		expand(x, sub.buf ? sub.buf : "", sub.len, depth + 1, out);
		x->nhidden--;
		for (size_t i = 0; i <= m->nparams; i++)
			strbuf_release(&raw[i]);
		free(raw);
		strbuf_release(&sub);
		k = close;
	}
	if (out->len > MAX_TEXT)
		x->failed = 1;
	strbuf_release(&piece);
	token_list_release(&l);
}

int macro_expand_text(const struct macro_set *s, const char *text, size_t len,
		      struct strbuf *out)
{
	return macro_expand_text_looked(s, text, len, out, NULL, NULL);
}

int macro_expand_text_looked(const struct macro_set *s, const char *text,
			     size_t len, struct strbuf *out,
			     void (*looked)(const char *name, size_t n,
					    void *arg),
			     void *arg)
{
	struct expander x;

	memset(&x, 0, sizeof(x));
	x.s = s;
	x.looked = looked;
	x.looked_arg = arg;
	expand(&x, text, len, 0, out);
	return x.failed ? -1 : 0;
}

/* The last token of the directive whose '#' is token k. */
static size_t directive_end(const struct token_list *l, size_t k)
{
	while (k + 2 < l->nr && (l->tok[k + 1].flags & TF_DIRECTIVE) &&
	       !(l->tok[k + 1].flags & TF_BOL))
		k++;
	return k;
}

void macro_def_copy(struct macro_def *to, const struct macro_def *d)
{
	memset(to, 0, sizeof(*to));
	to->name = xstrdup(d->name);
	to->body = xstrdup(d->body);
	to->object_like = d->object_like;
	to->nparams = d->nparams;
	to->params = xcalloc(d->nparams + 1, sizeof(char *));
	for (size_t k = 0; k < d->nparams; k++)
		to->params[k] = xstrdup(d->params[k]);
}

void macro_expand_invocations(const char *buf, const struct token_list *l,
			      void (*fn)(const char *text, size_t len,
					 unsigned line, const char *invocation,
					 void *ctx),
			      void *ctx)
{
	macro_expand_invocations_with(buf, l, NULL, fn, ctx);
}

void macro_expand_invocations_with(const char *buf,
				   const struct token_list *l,
				   const struct macro_set *base,
				   void (*fn)(const char *text, size_t len,
					      unsigned line,
					      const char *invocation,
					      void *ctx),
				   void *ctx)
{
	struct macro_set s = MACRO_SET_INIT;
	struct strbuf call = STRBUF_INIT, out = STRBUF_INIT;
	int braces = 0;

	for (size_t k = 0; base && k < base->nr; k++) {
		struct macro_def d;

		macro_def_copy(&d, &base->items[k]);
		macro_set_define(&s, &d);
	}

	for (size_t k = 0; k + 1 < l->nr; k++) {
		const struct token *t = &l->tok[k];
		const struct macro_def *m;
		size_t close;

		if (t->kind == TOK_HASH && (t->flags & TF_BOL)) {
			struct macro_def d;

			if (!macro_def_read(buf, l, k, &d))
				macro_set_define(&s, &d);
			else if (k + 2 < l->nr &&
				 (tok_ident(buf, l, k + 1, "undef") ||
				  tok_ident(buf, l, k + 1, "define")) &&
				 l->tok[k + 2].kind == TOK_IDENT)
				macro_set_undef(&s, buf + l->tok[k + 2].off,
						l->tok[k + 2].len);
			k = directive_end(l, k);
			continue;
		}
		if (t->flags & TF_DIRECTIVE)
			continue;
		/* extern "C" { is no function's body */
		if (tok_punct(buf, l, k, "{") &&
		    !(k && l->tok[k - 1].kind == TOK_STRING)) {
			braces++;
			continue;
		}
		if (tok_punct(buf, l, k, "}")) {
			braces -= braces > 0;
			continue;
		}
		if (braces || t->kind != TOK_IDENT || !s.nr ||
		    !tok_punct(buf, l, k + 1, "(") ||
		    !(m = macro_set_find(&s, buf + t->off, t->len)))
			continue;
		close = tok_match(buf, l, k + 1);
		if (close >= l->nr - 1)
			break;
		strbuf_reset(&call);
		for (size_t j = k; j <= close; j++) {
			if (j > k && (l->tok[j].flags & TF_SPACE_BEFORE))
				strbuf_addch(&call, ' ');
			add_token(buf, &l->tok[j], &call);
		}
		strbuf_reset(&out);
		if (!macro_expand_text(&s, call.buf, call.len, &out) &&
		    memchr(out.buf, '{', out.len))
			fn(out.buf, out.len, t->line, call.buf, ctx);
		k = close;
	}
	strbuf_release(&call);
	strbuf_release(&out);
	macro_set_release(&s);
}
