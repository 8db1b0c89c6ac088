/* Macros of a file whose body holds a once-access (wrappers.h). */
#include "scan/wrappers.h"
#include "cfront/defines.h"
#include "cfront/lexer.h"
#include "cfront/macro-body.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static void wrapper_release(struct once_wrapper *w)
{
	for (size_t k = 0; k < w->nparams; k++)
		free(w->params[k]);
	free(w->params);
	free(w->name);
	free(w->object);
	free(w->cast_type);
	free(w->primitives);
}

/* The wrapper of the #define whose body token i is in, if any. */
static void wrapper_at(const char *buf, const struct token_list *l,
		       const struct once_macros *macros, size_t i,
		       struct once_wrappers *out)
{
	struct define_span d;
	struct once_body b;
	struct once_wrapper w;
	struct strbuf nm = STRBUF_INIT;

	if (define_span_at(buf, l, i, &d) || !d.function_like ||
	    once_macros_find(macros, buf + l->tok[d.name].off,
			     l->tok[d.name].len) ||
	    macro_body_defines_function(buf, l, d.body) ||
	    !once_body_analyse(buf, l, &d, macros, &b))
		return;
	memset(&w, 0, sizeof(w));
	token_spelling(buf, &l->tok[d.name], &nm);
	w.name = strbuf_detach(&nm);
	w.line = l->tok[d.name].line;
	w.params = b.params;
	w.nparams = b.nparams;
	w.object = b.object;
	w.several = b.several;
	w.reads = b.reads;
	w.writes = b.writes;
	w.access = !b.writes ? SITE_READ : !b.reads ? SITE_WRITE :
		   SITE_READ_WRITE;
	w.loop = b.loop;
	w.primitives = b.primitives;
	w.cast_type = b.deref_cast;
	w.cast_type_tokens = b.deref_cast_type;
	b.deref_cast = NULL;
	b.params = NULL;
	b.nparams = 0;
	b.object = b.primitives = NULL;
	once_body_release(&b);
	ALLOC_GROW(out->items, out->nr + 1, out->alloc);
	out->items[out->nr++] = w;
}

/*
 * Only the first body token of a directive line need be tried: the
 * others of the line find the same '#' (define_span_at()), so they are
 * in the #define the first is in, or, when it is in none, in none.
 */
void once_wrappers_add_at(const char *buf, const struct token_list *l,
			  const struct once_macros *macros, size_t i,
			  struct once_wrappers *out)
{
	wrapper_at(buf, l, macros, i, out);
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
