/* The macros of a build's headers, and the readings of an expression
 * they allow (header-macros.h). */
#include "cfront/header-macros.h"
#include "cfront/lexer.h"
#include "cfront/macro-expand.h"
#include "lib/strbuf.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Names whose choices are multiplied out, at most. */
#define MAX_NAMES 8
/* Rounds of "the readings name another macro": a chain this deep. */
#define MAX_ROUNDS 8

void header_macros_add(struct header_macros *h, const char *name,
		       const char *text, size_t len, const char *alias_of)
{
	struct header_macro *m;

	ALLOC_GROW(h->items, h->nr + 1, h->alloc);
	m = &h->items[h->nr++];
	m->name = xstrdup(name);
	m->text = alias_of ? NULL : xstrndup(text, len);
	m->alias_of = alias_of ? xstrdup(alias_of) : NULL;
	h->sorted = 0;
}

static int by_name(const void *a, const void *b)
{
	const struct header_macro *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	/* one order whatever the order they were added in (threads) */
	c = strcmp(x->text ? x->text : "", y->text ? y->text : "");
	return c ? c : strcmp(x->alias_of ? x->alias_of : "",
			      y->alias_of ? y->alias_of : "");
}

void header_macros_finish(struct header_macros *h)
{
	if (h->nr > 1)
		sane_qsort(h->items, h->nr, sizeof(*h->items), by_name);
	h->sorted = 1;
}

void header_macros_release(struct header_macros *h)
{
	for (size_t i = 0; i < h->nr; i++) {
		free(h->items[i].name);
		free(h->items[i].text);
		free(h->items[i].alias_of);
	}
	free(h->items);
	memset(h, 0, sizeof(*h));
}

/* The definitions of name[0..n): *first and the count. */
static size_t find(const struct header_macros *h, const char *name, size_t n,
		   size_t *first)
{
	size_t lo = 0, hi = h->nr, k;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strncmp(h->items[mid].name, name, n);

		if (!c && h->items[mid].name[n])
			c = 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < h->nr && !strncmp(h->items[k].name, name, n) &&
	     !h->items[k].name[n]; k++)
		;
	*first = lo;
	return k - lo;
}

/* Definition m as the expander takes it; 0, or -1 when it is not one. */
static int read_def(const struct header_macro *m, struct macro_def *d)
{
	struct token_list l = TOKEN_LIST_INIT;
	size_t hash = 0;
	int ret;

	memset(d, 0, sizeof(*d));
	if (m->alias_of) {
		d->name = xstrdup(m->name);
		d->body = xstrdup(m->alias_of);
		d->object_like = 1;
		return 0;
	}
	lex_buffer(m->text, strlen(m->text), &l);
	while (hash + 1 < l.nr && l.tok[hash].kind != TOK_HASH)
		hash++;
	ret = macro_def_read(m->text, &l, hash, d);
	token_list_release(&l);
	return ret;
}

static int ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

struct involved {
	char *name;
	size_t first, count;
};

/* Add to names[] each identifier of text that has definitions. */
static int add_names(const struct header_macros *h, const char *text,
		     struct involved *names, size_t *nnames)
{
	for (const char *p = text; *p;) {
		const char *q = p;
		size_t first, count, k;

		if (!ident_start(*p) || (p > text && ident_char(p[-1]))) {
			p++;
			continue;
		}
		while (ident_char(*q))
			q++;
		count = find(h, p, (size_t)(q - p), &first);
		for (k = 0; count && k < *nnames; k++)
			if (strlen(names[k].name) == (size_t)(q - p) &&
			    !strncmp(names[k].name, p, (size_t)(q - p)))
				break;
		if (count && k == *nnames) {
			if (*nnames == MAX_NAMES)
				return -1;
			names[*nnames].name = xstrndup(p, (size_t)(q - p));
			names[*nnames].first = first;
			names[(*nnames)++].count = count;
		}
		p = q;
	}
	return 0;
}

/* The reading of expr with choice[i] (count: none) for names[i]. */
static int one_reading(const struct header_macros *h, const char *expr,
		       const struct involved *names, size_t nnames,
		       const size_t *choice, struct strbuf *out)
{
	struct macro_set s = MACRO_SET_INIT;
	int ret = 0;

	for (size_t i = 0; i < nnames && !ret; i++) {
		struct macro_def d;

		if (choice[i] == names[i].count)
			continue;
		if (read_def(&h->items[names[i].first + choice[i]], &d)) {
			macro_def_release(&d);
			ret = -1;
			break;
		}
		macro_set_define(&s, &d);
	}
	strbuf_reset(out);
	if (!ret)
		ret = macro_expand_text(&s, expr, strlen(expr), out);
	macro_set_release(&s);
	return ret;
}

size_t header_macros_readings(const struct header_macros *h, const char *expr,
			      size_t max, struct strlist *out)
{
	struct involved names[MAX_NAMES];
	size_t nnames = 0, have = 0, result = 0;
	struct strbuf sb = STRBUF_INIT;
	struct strset seen = STRSET_INIT;
	struct strlist readings = STRLIST_INIT;

	if (add_names(h, expr, names, &nnames))
		goto done;
	if (!nnames) {
		strlist_push(out, expr);
		result = 1;
		goto done;
	}
	for (int round = 0; round < MAX_ROUNDS && have != nnames; round++) {
		size_t choice[MAX_NAMES], combos = 1;

		have = nnames;
		for (size_t i = 0; i < have; i++) {
			combos *= names[i].count + 1;
			if (combos > max * 4)
				goto done;
		}
		strlist_clear(&readings);
		strset_release(&seen);
		memset(choice, 0, sizeof(choice));
		for (size_t c = 0; c < combos; c++) {
			size_t rest = c;

			for (size_t i = 0; i < have; i++) {
				choice[i] = rest % (names[i].count + 1);
				rest /= names[i].count + 1;
			}
			if (one_reading(h, expr, names, have, choice, &sb))
				goto done;
			if (strset_add(&seen, sb.buf))
				strlist_push(&readings, sb.buf);
			/* a definition's body names another macro: its
			 * choices too, next round */
			if (add_names(h, sb.buf, names, &nnames))
				goto done;
		}
	}
	if (have != nnames || readings.nr > max)
		goto done;
	for (size_t i = 0; i < readings.nr; i++)
		strlist_push(out, readings.items[i]);
	result = readings.nr;
done:
	for (size_t i = 0; i < nnames; i++)
		free(names[i].name);
	strbuf_release(&sb);
	strset_release(&seen);
	strlist_clear(&readings);
	return result;
}
