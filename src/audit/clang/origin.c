/*
 * Which macro a volatile access came from.  libclang 14 gives a token of
 * a macro body the location of the invocation the user wrote (its "file
 * location"), not where the token is spelled, so the engine starts from
 * the macro named there and follows macro bodies breadth-first to the
 * first once-access macro (ACCESS_ONCE, READ_ONCE, a --macro name, or a
 * name containing one of them).  When none is reached, the cast is a
 * project macro's own, found by its spelling among the bodies seen.
 */
#include "audit/clang/unit-internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int cmp_def(const void *a, const void *b)
{
	const struct macro_def *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int cmp_def_name(const void *a, const void *b)
{
	const struct macro_def *x = a, *y = b;

	return strcmp(x->name, y->name);
}

const struct macro_def *find_def(const struct walk *w, const char *name)
{
	struct macro_def key = { (char *)name, clang_getNullCursor(), 0, 0 };

	if (!w->nr_defs) /* defs is NULL then, which bsearch may not get */
		return NULL;
	return bsearch(&key, w->defs, w->nr_defs, sizeof(key), cmp_def_name);
}

void macro_defs_finish(struct walk *w)
{
	size_t j = 0;

	/* Sorted by name, then unit order: keep the last definition of
	 * each name (the one in force at the end of the unit). */
	sane_qsort(w->defs, w->nr_defs, sizeof(*w->defs), cmp_def);
	for (size_t i = 0; i < w->nr_defs; i++) {
		if (i + 1 < w->nr_defs &&
		    !strcmp(w->defs[i].name, w->defs[i + 1].name)) {
			free(w->defs[i].name);
			continue;
		}
		w->defs[j++] = w->defs[i];
	}
	w->nr_defs = j;
}

void origin_release(struct origin *o)
{
	free(o->user);
	free(o->once_name);
	free(o->cast_macro);
}

/*
 * A macro that implements a once-access by its name: in the table, or
 * named like one (__READ_ONCE_SIZE, READ_ONCE_SCALAR...), as the lexical
 * engine judges #define bodies.
 */
enum once_kind once_kind_of(const struct walk *w, const char *name)
{
	enum once_kind k = once_macro_kind(w->macros, name);
	enum once_macro_kind named;

	if (k != ONCE_KIND_NONE)
		return k;
	if (!once_macro_name_implies(name, strlen(name), &named))
		return ONCE_KIND_NONE;
	return named == OMK_ACCESS ? ONCE_KIND_ACCESS :
	       named == OMK_READ ? ONCE_KIND_READ : ONCE_KIND_WRITE;
}

int tok_is(CXTranslationUnit tu, CXToken t, const char *s)
{
	CXString sp = clang_getTokenSpelling(tu, t);
	int r = !strcmp(clang_getCString(sp), s);

	clang_disposeString(sp);
	return r;
}

static int tok_is_volatile(CXTranslationUnit tu, CXToken t)
{
	return tok_is(tu, t, "volatile") || tok_is(tu, t, "__volatile__") ||
	       tok_is(tu, t, "__volatile");
}

/*
 * The start of a volatile-cast idiom in a macro body, where the lexical
 * engine reports it: '*' of *(volatile T *)E, '(' of ((volatile T *)E)->f.
 */
int find_cast_in_body(CXTranslationUnit tu, const CXToken *toks,
		      unsigned nr, CXSourceLocation *at)
{
	for (unsigned i = 1; i + 3 < nr; i++) {
		unsigned k = i + 2;

		if (!tok_is(tu, toks[i + 1], "(") ||
		    !(tok_is(tu, toks[i], "*") || tok_is(tu, toks[i], "(")))
			continue;
		/* "m" (*(volatile long *)(x)): an asm operand, not an
		 * access (the AST walk skips those too). */
		if (i >= 2 && tok_is(tu, toks[i - 1], "(") &&
		    clang_getTokenKind(toks[i - 2]) == CXToken_Literal)
			continue;
		if (tok_is(tu, toks[k], "("))
			k++; /* *((volatile T *)E) */
		if (k < nr && tok_is(tu, toks[k], "const"))
			k++;
		if (k < nr && tok_is_volatile(tu, toks[k])) {
			*at = clang_getTokenLocation(tu, toks[i]);
			return 1;
		}
	}
	return 0;
}

/*
 * Where a volatile access at loc came from: the macro expansion that
 * starts there (a token of a macro body has the location of the
 * invocation), followed through macro bodies breadth-first to the first
 * once-access macro.  When none is reached, the volatile cast is a
 * project macro's own: find its spelling in the bodies seen.
 */
void macro_origin(struct walk *w, CXSourceLocation loc,
		  struct origin *o)
{
	char **queue;
	size_t head = 0, tail = 0;
	CXFile file;
	unsigned off;
	size_t size, n = 0;
	const char *buf;

	memset(o, 0, sizeof(*o));
	/*
	 * The file location of a macro-body token is the name of the
	 * invocation the user wrote -- also inside another macro's argument
	 * (unlikely(READ_ONCE(x))), where the outermost expansion would be
	 * the wrong macro.  A '*' written by hand is at its own place.
	 */
	clang_getFileLocation(loc, &file, NULL, NULL, &off);
	buf = file ? clang_getFileContents(w->tu, file, &size) : NULL;
	if (!buf || off >= size)
		return;
	while (off + n < size &&
	       (isalnum((unsigned char)buf[off + n]) || buf[off + n] == '_'))
		n++;
	if (!n || isdigit((unsigned char)buf[off]))
		return;
	o->user = xstrndup(buf + off, n);
	/* The definition in force at the use (a macro may be redefined, as
	 * the kernel's trace headers do with TRACE_EVENT); else the last. */
	{
		CXCursor exp = clang_getCursor(
			w->tu, clang_getLocationForOffset(w->tu, file, off));
		const struct macro_def *d;

		if (clang_getCursorKind(exp) == CXCursor_MacroExpansion)
			o->def = clang_getCursorReferenced(exp);
		if (clang_Cursor_isNull(o->def) ||
		    clang_getCursorKind(o->def) != CXCursor_MacroDefinition) {
			d = find_def(w, o->user);
			if (!d) {
				free(o->user);
				o->user = NULL;
				return;
			}
			o->def = d->cursor;
		}
	}
	for (size_t i = 0; i < w->nr_origins; i++)
		if (clang_equalCursors(w->origins[i].def, o->def)) {
			const struct origin *c = &w->origins[i];

			o->once_name = c->once_name ? xstrdup(c->once_name) : NULL;
			o->kind = c->kind;
			o->have_cast = c->have_cast;
			o->cast = c->cast;
			o->cast_macro = c->cast_macro ? xstrdup(c->cast_macro) : NULL;
			return;
		}
	queue = xcalloc(MAX_MACRO_WALK, sizeof(*queue));
	queue[tail++] = xstrdup(o->user);
	while (head < tail) {
		char *name = queue[head++];
		const struct macro_def *d;
		CXToken *toks;
		unsigned nr;
		enum once_kind k = once_kind_of(w, name);

		if (k != ONCE_KIND_NONE) {
			o->once_name = xstrdup(name);
			o->kind = k;
			o->have_cast = 0;
			free(o->cast_macro);
			o->cast_macro = NULL;
			break;
		}
		d = find_def(w, name);
		if (!d)
			continue;
		clang_tokenize(w->tu, clang_getCursorExtent(head == 1 ? o->def :
							    d->cursor),
			       &toks, &nr);
		if (!o->have_cast &&
		    (o->have_cast = find_cast_in_body(w->tu, toks, nr, &o->cast)))
			o->cast_macro = xstrdup(name);
		for (unsigned i = 1; i < nr && tail < MAX_MACRO_WALK; i++) {
			char *id;
			int seen = 0;

			if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
				continue;
			id = cxstr(clang_getTokenSpelling(w->tu, toks[i]));
			for (size_t q = 0; q < tail && !seen; q++)
				seen = !strcmp(queue[q], id);
			if (!seen && find_def(w, id))
				queue[tail++] = id;
			else
				free(id);
		}
		clang_disposeTokens(w->tu, toks, nr);
	}
	ALLOC_GROW(w->origins, w->nr_origins + 1, w->alloc_origins);
	w->origins[w->nr_origins] = *o;
	w->origins[w->nr_origins].user = xstrdup(o->user);
	w->origins[w->nr_origins].once_name =
		o->once_name ? xstrdup(o->once_name) : NULL;
	w->origins[w->nr_origins].cast_macro =
		o->cast_macro ? xstrdup(o->cast_macro) : NULL;
	w->nr_origins++;
	for (size_t i = 0; i < tail; i++)
		free(queue[i]);
	free(queue);
}

int is_call(CXTranslationUnit tu, CXCursor expansion)
{
	CXToken *toks;
	unsigned nr;
	int r;

	clang_tokenize(tu, clang_getCursorExtent(expansion), &toks, &nr);
	r = nr >= 2 && tok_is(tu, toks[1], "(");
	clang_disposeTokens(tu, toks, nr);
	return r;
}

/*
 * Which macro definitions implement a once-access: the once-access
 * macros themselves and every macro reachable from their bodies
 * (rwonce.h's RWONCE__READ_, the kernel's __unqual_scalar_typeof).
 * Returns one flag per w->defs entry.
 */
char *once_implementation(const struct walk *w)
{
	size_t n = w->nr_defs ? w->nr_defs : 1, head = 0, tail = 0;
	char *impl = xcalloc(n, 1);
	size_t *queue = xcalloc(n, sizeof(*queue));

	for (size_t i = 0; i < w->nr_defs; i++)
		if (once_kind_of(w, w->defs[i].name) != ONCE_KIND_NONE) {
			impl[i] = 1;
			queue[tail++] = i;
		}
	while (head < tail) {
		const struct macro_def *d = &w->defs[queue[head++]];
		CXToken *toks;
		unsigned nr;

		clang_tokenize(w->tu, clang_getCursorExtent(d->cursor), &toks,
			       &nr);
		for (unsigned t = 1; t < nr; t++) {
			const struct macro_def *u;
			char *id;

			if (clang_getTokenKind(toks[t]) != CXToken_Identifier)
				continue;
			id = cxstr(clang_getTokenSpelling(w->tu, toks[t]));
			u = find_def(w, id);
			free(id);
			if (!u || impl[u - w->defs])
				continue;
			impl[u - w->defs] = 1; /* marked before queued: once */
			queue[tail++] = (size_t)(u - w->defs);
		}
		clang_disposeTokens(w->tu, toks, nr);
	}
	free(queue);
	return impl;
}
