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

void once_wrappers_find(const char *buf, const struct token_list *l,
			const struct once_macros *macros,
			struct once_wrappers *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i + 1 < l->nr; i++) {
		struct define_span d;
		struct once_body b;
		struct once_wrapper w;
		struct strbuf nm = STRBUF_INIT;

		if (!(l->tok[i].flags & TF_DEFINE_BODY) ||
		    define_span_at(buf, l, i, &d))
			continue;
		if (d.body.end > i + 1)
			i = d.body.end - 1; /* one visit per #define */
		if (!d.function_like ||
		    once_macros_find(macros, buf + l->tok[d.name].off,
				     l->tok[d.name].len) ||
		    macro_body_defines_function(buf, l, d.body) ||
		    !once_body_analyse(buf, l, &d, macros, &b))
			continue;
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
