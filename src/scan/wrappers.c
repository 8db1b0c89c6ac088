/* Macros of a file whose body holds a once-access (wrappers.h). */
#include "scan/wrappers.h"
#include "cfront/defines.h"
#include "cfront/idioms.h"
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
	free(w->reg_access);
}

/*
 * Is an object-like #define's whole body, less grouping parentheses, one
 * *(volatile T *)E: a device register or a word at a fixed place, as
 * microcontroller ports name theirs (#define TIMER_CTRL_REG
 * ( *( ( volatile uint32_t * ) 0xe000e010 ) ))?  Its uses are then
 * once-accesses that only their surroundings tell apart: TIMER_CTRL_REG
 * = v writes, TIMER_CTRL_REG |= v reads and writes, any other use reads.
 */
static int register_body(const char *buf, const struct token_list *l,
			 struct tok_range body, struct tok_range *type,
			 struct tok_range *access)
{
	struct volatile_cast vc;
	size_t b = body.begin, e = body.end;

	while (e - b >= 2 && tok_punct(buf, l, b, "(") &&
	       tok_match(buf, l, b) == e - 1)
		b++, e--;
	if (e <= b || !find_volatile_cast(buf, l, b, &vc) ||
	    vc.form != VC_DEREF || vc.end != e)
		return 0;
	/* T of (volatile T *), without the '*', for the type index */
	type->begin = vc.cast_open + 1;
	type->end = tok_match(buf, l, vc.cast_open) - 1;
	access->begin = b;
	access->end = e;
	return 1;
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
	struct tok_range reg_type = { 0, 0 }, reg_access = { 0, 0 };

	if (define_span_at(buf, l, i, &d) ||
	    (!d.function_like &&
	     !register_body(buf, l, d.body, &reg_type, &reg_access)) ||
	    once_macros_find(macros, buf + l->tok[d.name].off,
			     l->tok[d.name].len) ||
	    macro_body_defines_function(buf, l, d.body) ||
	    !once_body_analyse(buf, l, &d, macros, &b))
		return;
	memset(&w, 0, sizeof(w));
	w.object_like = !d.function_like;
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
	w.reg_type = reg_type;
	if (w.object_like) /* "*( ( volatile uint32_t * ) 0xe000e010 )" */
		w.reg_access = tok_range_text(buf, l, reg_access, 0);
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
