/*
 * The audit of one translation unit through libclang: parse it with its
 * own flags, then walk the AST looking for volatile accesses and judge
 * each by its real types.
 *
 * Every once-access idiom in use -- ACCESS_ONCE, the kernel's
 * __READ_ONCE/__WRITE_ONCE, liburcu's CMM_ACCESS_ONCE, hand-written
 * casts -- has the same shape after expansion:
 *
 *	*(volatile T *)&(x)      a UnaryOperator '*' over a CStyleCastExpr
 *	                         to pointer-to-volatile over '&x'
 *
 * so the engine finds the shape in the AST, takes the object x from the
 * '&' (its type as written, e.g. pte_t) and the accessed type from the
 * dereference, and asks libclang which macro the '*' came from: the
 * macro expansion that starts at the '*''s file location (a token of a
 * macro body has the invocation's location), followed through the macro
 * bodies to the first once-access macro it reaches.
 */
#include "audit/clang/engine-internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parse options: the detailed preprocessing record gives us macro
 * definitions and expansions as cursors; KeepGoing keeps the AST after
 * errors so one bad header does not hide the rest of the unit. */
#define PARSE_OPTIONS                                                      \
	(CXTranslationUnit_DetailedPreprocessingRecord |                     \
	 CXTranslationUnit_KeepGoing)

/* How many macros macro_origin follows from one use (the kernel's
 * TRACE_EVENT reaches READ_ONCE after a few hundred). */
#define MAX_MACRO_WALK 1024

/* How many libclang error diagnostics are shown for a failed unit. */
#define MAX_DIAGNOSTICS 10

struct macro_def {
	char *name;
	CXCursor cursor;
	size_t order; /* position in the unit: the last definition wins */
};

/* A file's path as shown to the user, computed once per unit. */
struct file_path {
	CXFile file;
	char *path;
};

/* What the macros around a volatile access say about it. */
struct origin {
	CXCursor def;         /* the user's macro's definition in force */
	char *user;           /* the macro the user wrote, or NULL */
	char *once_name;      /* the once-access macro reached, or NULL */
	enum once_kind kind;
	int have_cast;        /* the cast's spelling in a macro body: */
	CXSourceLocation cast;
};

struct walk {
	CXTranslationUnit tu;
	const struct once_macro_table *macros;
	unsigned word_bytes; /* the target's native word (pointer width) */
	const char *target;

	/* Macro definitions by name (the last definition wins), sorted. */
	struct macro_def *defs;
	size_t nr_defs, alloc_defs;

	struct file_path *paths;
	size_t nr_paths, alloc_paths;

	/* macro_origin's answers by the user's macro name. */
	struct origin *origins;
	size_t nr_origins, alloc_origins;

	struct finding_list *out;
};

/* The parent chain during the walk, innermost first. */
struct frame {
	CXCursor c;
	enum CXCursorKind kind;
	const struct frame *up;
};

static char *cxstr(CXString s)
{
	const char *p = clang_getCString(s);
	char *r = xstrdup(p ? p : "");

	clang_disposeString(s);
	return r;
}

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

static const struct macro_def *find_def(const struct walk *w, const char *name)
{
	struct macro_def key = { (char *)name, clang_getNullCursor(), 0 };

	return bsearch(&key, w->defs, w->nr_defs, sizeof(key), cmp_def_name);
}

static const char *file_display_path(struct walk *w, CXFile file)
{
	char *real;

	for (size_t i = 0; i < w->nr_paths; i++)
		if (w->paths[i].file == file)
			return w->paths[i].path;
	real = cxstr(clang_File_tryGetRealPathName(file));
	if (!*real) {
		free(real);
		real = cxstr(clang_getFileName(file));
	}
	ALLOC_GROW(w->paths, w->nr_paths + 1, w->alloc_paths);
	w->paths[w->nr_paths].file = file;
	w->paths[w->nr_paths].path = display_path(real);
	free(real);
	return w->paths[w->nr_paths++].path;
}

/* ---- types ---------------------------------------------------------- */

static int is_volatile(CXType t)
{
	return clang_isVolatileQualifiedType(t) ||
	       clang_isVolatileQualifiedType(clang_getCanonicalType(t));
}

static int is_array_kind(enum CXTypeKind k)
{
	return k == CXType_ConstantArray || k == CXType_IncompleteArray ||
	       k == CXType_VariableArray || k == CXType_DependentSizedArray;
}

enum aggregate { AGG_NONE, AGG_STRUCT, AGG_UNION, AGG_ARRAY };

static enum aggregate aggregate_kind(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (is_array_kind(c.kind))
		return AGG_ARRAY;
	if (c.kind != CXType_Record)
		return AGG_NONE;
	return clang_getCursorKind(clang_getTypeDeclaration(c)) ==
			       CXCursor_UnionDecl ?
		       AGG_UNION :
		       AGG_STRUCT;
}

static void spell_type_canonical(CXType t, struct strbuf *sb, int depth);

/* A struct or union without a tag (typedef struct { ... } pte_t): its
 * canonical spelling is its fields.  libclang 14 spells such a record by
 * its typedef name or "(unnamed struct at ...)", so look at the tag. */
static int record_is_unnamed(CXCursor decl)
{
	char *name;
	int unnamed;

	if (clang_Cursor_isAnonymous(decl))
		return 1;
	name = cxstr(clang_getCursorSpelling(decl));
	unnamed = !*name || strchr(name, ' ') || name[0] == '(';
	free(name);
	if (!unnamed) {
		/* The typedef's name given to an unnamed record: the tag
		 * does not appear in the record's own tokens. */
		CXToken *toks;
		unsigned nr;
		CXTranslationUnit tu = clang_Cursor_getTranslationUnit(decl);

		clang_tokenize(tu, clang_getCursorExtent(decl), &toks, &nr);
		unnamed = nr >= 2 &&
			  clang_getTokenKind(toks[1]) != CXToken_Identifier;
		clang_disposeTokens(tu, toks, nr);
	}
	return unnamed;
}

struct field_spell {
	struct strbuf *sb;
	int depth;
};

static enum CXVisitorResult spell_field(CXCursor field, CXClientData data)
{
	struct field_spell *fs = data;
	char *name = cxstr(clang_getCursorSpelling(field));

	strbuf_addch(fs->sb, ' ');
	spell_type_canonical(clang_getCursorType(field), fs->sb, fs->depth + 1);
	if (*name)
		strbuf_addf(fs->sb, " %s", name);
	if (clang_Cursor_isBitField(field))
		strbuf_addf(fs->sb, " : %d", clang_getFieldDeclBitWidth(field));
	strbuf_addch(fs->sb, ';');
	free(name);
	return CXVisit_Continue;
}

/*
 * The canonical type as C: named records by their tag, anonymous ones
 * written out with their fields ("struct { unsigned long pte; }"), which
 * is what the reader of a finding needs to see through a typedef.
 */
static void spell_type_canonical(CXType t, struct strbuf *sb, int depth)
{
	CXType c = clang_getCanonicalType(t);
	CXCursor decl = clang_getTypeDeclaration(c);

	if (c.kind == CXType_Record && depth < 4 && record_is_unnamed(decl)) {
		struct field_spell fs = { sb, depth };

		/* The object's own qualifiers are not part of what the
		 * reader needs; a field's are. */
		if (depth && clang_isConstQualifiedType(c))
			strbuf_addstr(sb, "const ");
		if (depth && clang_isVolatileQualifiedType(c))
			strbuf_addstr(sb, "volatile ");
		strbuf_addstr(sb, clang_getCursorKind(decl) == CXCursor_UnionDecl ?
					  "union {" : "struct {");
		clang_Type_visitFields(c, spell_field, &fs);
		strbuf_addstr(sb, " }");
		return;
	}
	if (is_array_kind(c.kind) && depth < 4) {
		spell_type_canonical(clang_getArrayElementType(c), sb, depth + 1);
		if (c.kind == CXType_ConstantArray)
			strbuf_addf(sb, "[%lld]", clang_getArraySize(c));
		else
			strbuf_addstr(sb, "[]");
		return;
	}
	{
		char *s = cxstr(clang_getTypeSpelling(c));

		strbuf_addstr(sb, s);
		free(s);
	}
}

/* Drop the qualifiers a reader does not need on the object's type. */
static char *spell_type_unqualified(CXType t)
{
	char *s = cxstr(clang_getTypeSpelling(t));
	const char *p = s;
	char *r;

	for (;;) {
		if (!strncmp(p, "volatile ", 9))
			p += 9;
		else if (!strncmp(p, "const ", 6))
			p += 6;
		else
			break;
	}
	r = xstrdup(p);
	free(s);
	return r;
}

struct field_count {
	unsigned units;
	int in_bitfield_run;
};

static void count_storage_units(CXType t, struct field_count *fc, int depth);

static enum CXVisitorResult count_field(CXCursor field, CXClientData data)
{
	struct field_count *fc = data;

	if (clang_Cursor_isBitField(field)) {
		/* Consecutive bit-fields share storage: one unit per run. */
		if (!fc->in_bitfield_run && clang_getFieldDeclBitWidth(field))
			fc->units++;
		fc->in_bitfield_run = clang_getFieldDeclBitWidth(field) != 0;
		return CXVisit_Continue;
	}
	fc->in_bitfield_run = 0;
	count_storage_units(clang_getCursorType(field), fc, 1);
	return CXVisit_Continue;
}

/*
 * The scalars a copy of t moves: struct fields (nested structs
 * flattened, a run of bit-fields counted once), array elements.  A union
 * counts as one: clang copies it as its widest member.
 */
static void count_storage_units(CXType t, struct field_count *fc, int depth)
{
	CXType c = clang_getCanonicalType(t);

	if (depth > 8) {
		fc->units++;
		return;
	}
	switch (aggregate_kind(c)) {
	case AGG_STRUCT:
		{
			struct field_count inner = { 0, 0 };

			clang_Type_visitFields(c, count_field, &inner);
			fc->units += inner.units;
		}
		return;
	case AGG_ARRAY:
		if (c.kind == CXType_ConstantArray) {
			struct field_count el = { 0, 0 };

			count_storage_units(clang_getArrayElementType(c), &el,
					    depth + 1);
			fc->units += el.units * (unsigned)clang_getArraySize(c);
		} else {
			fc->units += 2;
		}
		return;
	default:
		fc->units++;
		return;
	}
}

/* ---- the AST -------------------------------------------------------- */

struct children {
	CXCursor c[4];
	unsigned nr;
};

static enum CXChildVisitResult collect_child(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct children *ch = data;

	(void)parent;
	if (ch->nr < ARRAY_SIZE(ch->c))
		ch->c[ch->nr] = c;
	ch->nr++;
	return CXChildVisit_Continue;
}

static struct children children_of(CXCursor c)
{
	struct children ch = { { { 0, 0, { 0, 0, 0 } } }, 0 };

	clang_visitChildren(c, collect_child, &ch);
	return ch;
}

static CXCursor last_child(CXCursor c)
{
	struct children ch = children_of(c);

	if (!ch.nr)
		return clang_getNullCursor();
	return ch.c[ch.nr > ARRAY_SIZE(ch.c) ? ARRAY_SIZE(ch.c) - 1 : ch.nr - 1];
}

/* Skip parentheses and implicit conversions (UnexposedExpr). */
static CXCursor skip_parens(CXCursor c)
{
	for (int i = 0; i < 64; i++) {
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
			return c;
		{
			struct children ch = children_of(c);

			if (ch.nr != 1)
				return c;
			c = ch.c[0];
		}
	}
	return c;
}

/* libclang 14 has no operator kind for UnaryOperator; the types tell
 * '*' (pointer operand, result its pointee) from everything else. */
static int is_deref_of(CXCursor op, CXCursor *operand)
{
	struct children ch = children_of(op);
	CXType pt, rt;

	if (ch.nr != 1)
		return 0;
	pt = clang_getCanonicalType(clang_getCursorType(ch.c[0]));
	if (pt.kind != CXType_Pointer)
		return 0;
	rt = clang_getCanonicalType(clang_getCursorType(op));
	if (!clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(pt)),
			      rt))
		return 0;
	*operand = ch.c[0];
	return 1;
}

/* '&x': returns x. */
static int is_address_of(CXCursor op, CXCursor *object)
{
	struct children ch;
	CXType rt;

	if (clang_getCursorKind(op) != CXCursor_UnaryOperator)
		return 0;
	ch = children_of(op);
	if (ch.nr != 1)
		return 0;
	rt = clang_getCanonicalType(clang_getCursorType(op));
	if (rt.kind != CXType_Pointer)
		return 0;
	if (!clang_equalTypes(clang_getCanonicalType(clang_getPointeeType(rt)),
			      clang_getCanonicalType(
				      clang_getCursorType(ch.c[0]))))
		return 0;
	*object = ch.c[0];
	return 1;
}

enum use { USE_NONE, USE_READ, USE_WRITE };

/*
 * How the value of an lvalue expression is used: as a whole (read, or
 * written when it is the left side of '='), or not at all (a member is
 * selected, its address taken, its size asked).
 */
static enum use whole_use(const struct frame *f)
{
	CXCursor self = f->c;
	const struct frame *p = f->up;

	while (p && (p->kind == CXCursor_ParenExpr ||
		     p->kind == CXCursor_UnexposedExpr)) {
		self = p->c;
		p = p->up;
	}
	if (!p)
		return USE_READ;
	switch (p->kind) {
	case CXCursor_MemberRefExpr:
	case CXCursor_UnaryExpr: /* sizeof, _Alignof */
	case CXCursor_TypeRef:
		return USE_NONE;
	case CXCursor_UnaryOperator: {
		CXCursor obj;

		return is_address_of(p->c, &obj) ? USE_NONE : USE_READ;
	}
	case CXCursor_CStyleCastExpr:
		/* A child of a cast that is not its last child sits in the
		 * cast's type: typeof(ACCESS_ONCE(x)). */
		return clang_equalCursors(last_child(p->c), self) ? USE_READ :
								     USE_NONE;
	case CXCursor_VarDecl: {
		CXCursor init = clang_Cursor_getVarDeclInitializer(p->c);

		return clang_equalCursors(init, self) ? USE_READ : USE_NONE;
	}
	case CXCursor_BinaryOperator: {
		/* Only '=' and ',' take a struct operand; the left of '='
		 * is written.  (The result type of '=' is the unqualified
		 * left type, so compare cursors, not types.) */
		struct children ch = children_of(p->c);

		if (ch.nr == 2 && clang_equalCursors(ch.c[0], self) &&
		    aggregate_kind(clang_getCursorType(self)) != AGG_NONE)
			return USE_WRITE;
		return USE_READ;
	}
	default:
		if (clang_isDeclaration(p->kind))
			return USE_NONE;
		return USE_READ;
	}
}

/* ---- macros ---------------------------------------------------------- */

static void origin_release(struct origin *o)
{
	free(o->user);
	free(o->once_name);
}

/*
 * A macro that implements a once-access by its name: in the table, or
 * named like one (__READ_ONCE_SIZE, READ_ONCE_SCALAR...), as the lexical
 * engine judges #define bodies.
 */
static enum once_kind once_kind_of(const struct walk *w, const char *name)
{
	enum once_kind k = once_macro_kind(w->macros, name);

	if (k != ONCE_NONE)
		return k;
	if (strstr(name, "ACCESS_ONCE"))
		return ONCE_ACCESS;
	if (strstr(name, "READ_ONCE"))
		return ONCE_READ;
	if (strstr(name, "WRITE_ONCE") || strstr(name, "ASSIGN_ONCE"))
		return ONCE_WRITE;
	return ONCE_NONE;
}

static int tok_is(CXTranslationUnit tu, CXToken t, const char *s)
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
static int find_cast_in_body(CXTranslationUnit tu, const CXToken *toks,
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
static void macro_origin(struct walk *w, CXSourceLocation loc,
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

		if (k != ONCE_NONE) {
			o->once_name = xstrdup(name);
			o->kind = k;
			o->have_cast = 0;
			break;
		}
		d = find_def(w, name);
		if (!d)
			continue;
		clang_tokenize(w->tu, clang_getCursorExtent(head == 1 ? o->def :
							    d->cursor),
			       &toks, &nr);
		if (!o->have_cast)
			o->have_cast = find_cast_in_body(w->tu, toks, nr, &o->cast);
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
	w->nr_origins++;
	for (size_t i = 0; i < tail; i++)
		free(queue[i]);
	free(queue);
}

/* ---- findings --------------------------------------------------------- */

/*
 * The end of a macro call written at buf[off] (NAME ( ... )): the byte
 * after the matching ')', skipping strings, characters and comments; 0
 * when off does not start a call.
 */
static size_t call_end(const char *buf, size_t size, size_t off)
{
	size_t i = off, depth = 0, limit = off + 65536 < size ? off + 65536 : size;

	while (i < limit && (isalnum((unsigned char)buf[i]) || buf[i] == '_'))
		i++;
	if (i == off)
		return 0;
	while (i < limit && (buf[i] == ' ' || buf[i] == '\t'))
		i++;
	if (i >= limit || buf[i] != '(')
		return 0;
	for (; i < limit; i++) {
		char c = buf[i];

		if (c == '"' || c == '\'') {
			for (i++; i < limit && buf[i] != c && buf[i] != '\n'; i++)
				if (buf[i] == '\\')
					i++;
		} else if (c == '/' && i + 1 < limit && buf[i + 1] == '*') {
			for (i += 2; i + 1 < limit &&
				     !(buf[i] == '*' && buf[i + 1] == '/'); i++)
				;
			i++;
		} else if (c == '/' && i + 1 < limit && buf[i + 1] == '/') {
			while (i < limit && buf[i] != '\n')
				i++;
		} else if (c == '(') {
			depth++;
		} else if (c == ')' && !--depth) {
			return i + 1;
		}
	}
	return 0;
}

/* 1-based line and column of byte off, counted from a known line start. */
static void line_col(const char *buf, size_t from, unsigned line,
		     size_t off, unsigned *l, unsigned *c)
{
	size_t bol = from;

	for (size_t i = from; i < off; i++)
		if (buf[i] == '\n') {
			line++;
			bol = i + 1;
		}
	*l = line;
	*c = (unsigned)(off - bol) + 1;
}

/*
 * Add a finding at loc's file location: the place the user wrote -- a
 * macro's name, or the token itself when it comes from a macro argument.
 * Its end is the end of the macro call written there, or else of span.
 */
static void add_finding_span(struct walk *w, enum rule_id rule,
			     CXSourceLocation loc, CXCursor span, char *message,
			     const char *spelled, const char *canonical)
{
	struct finding f;
	CXFile file, efile;
	unsigned line, col, off, eline, ecol;
	const char *buf;
	size_t size, end;

	clang_getFileLocation(loc, &file, &line, &col, &off);
	if (!file) {
		free(message);
		return;
	}
	memset(&f, 0, sizeof(f));
	f.rule = rule;
	f.path = (char *)file_display_path(w, file);
	f.line = line;
	f.col = col;
	buf = clang_getFileContents(w->tu, file, &size);
	if (buf && off < size && (end = call_end(buf, size, off)) != 0) {
		line_col(buf, off - (col - 1), line, end, &f.end_line, &f.end_col);
	} else if (!clang_Cursor_isNull(span)) {
		clang_getFileLocation(clang_getRangeEnd(clang_getCursorExtent(span)),
				      &efile, &eline, &ecol, NULL);
		if (efile == file && (eline > line || (eline == line && ecol > col))) {
			f.end_line = eline;
			f.end_col = ecol;
		}
	}
	f.message = message;
	f.type_spelled = (char *)spelled;
	f.type_canonical = (char *)canonical;
	finding_list_add(w->out, &f);
	free(message);
}

static void add_finding(struct walk *w, enum rule_id rule, CXSourceLocation loc,
			char *message, const char *spelled,
			const char *canonical)
{
	add_finding_span(w, rule, loc, clang_getNullCursor(), message, spelled,
			 canonical);
}

static int in_system_header(CXSourceLocation loc)
{
	return clang_Location_isInSystemHeader(loc);
}

static const char *aggregate_word(enum aggregate a)
{
	switch (a) {
	case AGG_STRUCT: return "struct";
	case AGG_UNION: return "union";
	case AGG_ARRAY: return "array";
	default: return "scalar";
	}
}

/* The `rwonce verify` probe that shows clang tearing this shape. */
static const char *tearing_probe(long long size, enum use use)
{
	static const char *const probes[2][3] = {
		{ "raw_read_pair8", "raw_read_pair16", "raw_read_pair32" },
		{ "raw_write_pair8", "raw_write_pair16", "raw_write_pair32" },
	};
	int w = use == USE_WRITE;

	return probes[w][size == 2 ? 0 : size == 4 ? 1 : 2];
}

/*
 * One volatile access found: at f (a '*' dereference or a volatile
 * lvalue), through a cast written in the code or not, to an object whose
 * type may be known (the operand of '&').
 */
enum access_form {
	ACCESS_PLAIN,       /* a volatile lvalue, no cast in sight */
	ACCESS_DEREF_CAST,  /* *(volatile T *)E */
	ACCESS_MEMBER_CAST, /* ((volatile T *)E)->f, ((volatile T *)E)[i] */
};

static void judge_access(struct walk *w, const struct frame *f,
			 enum access_form form, CXCursor object, CXCursor cast,
			 CXSourceLocation cast_loc)
{
	int through_cast = form != ACCESS_PLAIN;
	CXSourceLocation loc = clang_getCursorLocation(f->c);
	CXType accessed = clang_getCursorType(f->c);
	CXType obj_type;
	struct origin org;
	const char *user, *once;
	enum once_kind kind;
	char *spelled, *what;
	struct strbuf canon = STRBUF_INIT;
	enum aggregate agg;
	long long size;
	enum use use = whole_use(f);

	if (in_system_header(loc))
		return;
	memset(&org, 0, sizeof(org));
	if (through_cast)
		macro_origin(w, loc, &org);
	user = org.user;
	once = org.once_name;
	kind = org.kind;
	/*
	 * *(volatile typeof(x) *)&(x) from a macro that the walk through
	 * macro bodies did not tie to a once-access name (redefined macros,
	 * very deep chains: the kernel's TRACE_EVENT): the typeof of its own
	 * operand marks the once-access idiom, not a hand-written cast.
	 */
	if (!once && user && form == ACCESS_DEREF_CAST &&
	    children_of(cast).nr >= 2) {
		once = user;
		kind = ONCE_READ;
	}

	if (!clang_Cursor_isNull(object))
		obj_type = clang_getCursorType(object);
	else
		obj_type = clang_getPointeeType(clang_getCursorType(cast));
	if (!through_cast)
		obj_type = accessed;
	spelled = spell_type_unqualified(obj_type);
	spell_type_canonical(obj_type, &canon, 0);
	/* Drop the qualifiers from the canonical spelling too. */
	{
		char *u = spell_type_unqualified(clang_getCanonicalType(obj_type));

		if (aggregate_kind(obj_type) == AGG_NONE ||
		    (aggregate_kind(obj_type) != AGG_ARRAY &&
		     !record_is_unnamed(clang_getTypeDeclaration(
			     clang_getCanonicalType(obj_type))))) {
			strbuf_reset(&canon);
			strbuf_addstr(&canon, u);
		}
		free(u);
	}
	/* libclang spells an unnamed record by where it is ("struct
	 * (unnamed struct at f.c:3:2)"): show its fields instead. */
	if (strstr(spelled, "(unnamed") || strstr(spelled, "(anonymous")) {
		free(spelled);
		spelled = xstrdup(canon.buf);
	}
	agg = aggregate_kind(obj_type);
	size = clang_Type_getSizeOf(obj_type);

	if (once && user && strcmp(user, once))
		what = xasprintf("%s (via %s)", once, user);
	else if (once)
		what = xstrdup(once);
	else if (user)
		what = xasprintf("volatile cast in macro %s", user);
	else if (through_cast)
		what = xstrdup("volatile cast");
	else
		what = xstrdup("volatile access");

	/* volatile-cast: a cast written by hand, reported where it is
	 * written -- in a project macro's body (once for all its uses, as
	 * the lexical engine does) when it comes from one.  Not in a
	 * system header's macro: that is not the user's to change. */
	if (through_cast && !once &&
	    !(org.have_cast && in_system_header(org.cast)))
		add_finding_span(w, RULE_VOLATILE_CAST,
			    org.have_cast ? org.cast : cast_loc,
			    org.have_cast ? clang_getNullCursor() :
			    form == ACCESS_MEMBER_CAST ? f->c : f->c,
			    xasprintf("%s access to '%s': use READ_ONCE or "
				      "WRITE_ONCE",
				      user ? what : "hand-written volatile-cast",
				      spelled),
			    spelled, canon.buf);

	if (form == ACCESS_MEMBER_CAST)
		goto out; /* the member's access is judged on its own */

	/* access-once-nonscalar: ACCESS_ONCE-like access (or a hand-written
	 * cast) whose object is a struct, union or array. */
	if (through_cast && agg != AGG_NONE && (!once || kind == ONCE_ACCESS))
	{
		char *aka = strcmp(spelled, canon.buf) ?
				    xasprintf(" (aka '%s')", canon.buf) :
				    xstrdup("");

		add_finding_span(w, RULE_ACCESS_ONCE_NONSCALAR, loc, f->c,
			    xasprintf("%s on %s type '%s'%s: the volatile is "
				      "not kept reliably and the access can "
				      "tear",
				      what, aggregate_word(agg), spelled, aka),
			    spelled, canon.buf);
		free(aka);
	}

	/* once-size: a once-access that cannot be one access. */
	if (through_cast && size > 0 &&
	    (!(size == 1 || size == 2 || size == 4 || size == 8) ||
	     (unsigned long long)size > w->word_bytes))
		add_finding_span(w, RULE_ONCE_SIZE, loc, f->c,
			    (size == 1 || size == 2 || size == 4 || size == 8) ?
				    xasprintf("%s of '%s' (%lld bytes): larger "
					      "than the %u-byte word of %s, the "
					      "access can tear",
					      what, spelled, size, w->word_bytes,
					      w->target) :
				    xasprintf("%s of '%s' (%lld bytes): no single "
					      "access has that size",
					      what, spelled, size),
			    spelled, canon.buf);

	/* volatile-aggregate: the access itself is a volatile copy of a
	 * multi-field struct of 2, 4 or 8 bytes, which clang splits. */
	if (use != USE_NONE && aggregate_kind(accessed) == AGG_STRUCT) {
		long long asize = clang_Type_getSizeOf(accessed);
		struct field_count fc = { 0, 0 };

		count_storage_units(accessed, &fc, 0);
		if ((asize == 2 || asize == 4 || asize == 8) && fc.units > 1)
			add_finding_span(w, RULE_VOLATILE_AGGREGATE, loc, f->c,
				    xasprintf("%s: volatile %s of %lld-byte '%s' "
					      "with %u fields, not through a "
					      "scalar: clang splits it (rwonce "
					      "verify probe %s)",
					      what,
					      use == USE_WRITE ? "write" : "read",
					      asize, spelled, fc.units,
					      tearing_probe(asize, use)),
				    spelled, canon.buf);
	}
out:
	free(what);
	free(spelled);
	origin_release(&org);
	strbuf_release(&canon);
}

static int is_volatile_pointer_cast(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	return clang_getCursorKind(c) == CXCursor_CStyleCastExpr &&
	       t.kind == CXType_Pointer && is_volatile(clang_getPointeeType(t));
}

/* An operand of an asm statement ("+m" (*(volatile char *)p)) tells the
 * compiler which memory the asm touches; C does not access it. */
static int in_asm_operand(const struct frame *f)
{
	for (const struct frame *p = f->up; p; p = p->up) {
		if (p->kind == CXCursor_AsmStmt)
			return 1;
		if (!clang_isExpression(p->kind))
			return 0;
	}
	return 0;
}

static void check_expr(struct walk *w, const struct frame *f)
{
	CXCursor operand, cast, object = clang_getNullCursor();
	CXType t;

	if ((f->kind == CXCursor_UnaryOperator ||
	     f->kind == CXCursor_MemberRefExpr ||
	     f->kind == CXCursor_ArraySubscriptExpr ||
	     f->kind == CXCursor_DeclRefExpr) && in_asm_operand(f))
		return;

	switch (f->kind) {
	case CXCursor_UnaryOperator:
		if (!is_deref_of(f->c, &operand))
			return;
		t = clang_getCursorType(f->c);
		if (!is_volatile(t))
			return;
		cast = skip_parens(operand);
		if (is_volatile_pointer_cast(cast)) {
			CXCursor arg = skip_parens(last_child(cast));

			if (!is_address_of(arg, &object))
				object = clang_getNullCursor();
			else
				object = skip_parens(object);
			judge_access(w, f, ACCESS_DEREF_CAST, object, cast,
				     clang_getCursorLocation(f->c));
		} else {
			judge_access(w, f, ACCESS_PLAIN, object, operand,
				     clang_getCursorLocation(f->c));
		}
		return;
	case CXCursor_MemberRefExpr:
	case CXCursor_ArraySubscriptExpr: {
		/* ((volatile T *)E)->f and ((volatile T *)E)[i]: the base is
		 * the first child; the lexical engine reports the idiom at
		 * its outer '('. */
		struct children ch = children_of(f->c);

		if (ch.nr >= 1 && is_volatile_pointer_cast(skip_parens(ch.c[0])))
			judge_access(w, f, ACCESS_MEMBER_CAST, object,
				     skip_parens(ch.c[0]),
				     clang_getCursorLocation(ch.c[0]));
	}
		/* fall through */
	case CXCursor_DeclRefExpr:
		/* A volatile aggregate reached without a cast: only the
		 * volatile-aggregate rule applies. */
		t = clang_getCursorType(f->c);
		if (!is_volatile(t) || aggregate_kind(t) != AGG_STRUCT)
			return;
		judge_access(w, f, ACCESS_PLAIN, object, f->c,
			     clang_getCursorLocation(f->c));
		return;
	default:
		return;
	}
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
				       CXClientData data);

struct walk_state {
	struct walk *w;
	const struct frame *top;
};

static void walk_children(struct walk *w, const struct frame *f)
{
	struct walk_state st = { w, f };

	clang_visitChildren(f->c, walk_cb, &st);
}

static enum CXChildVisitResult walk_cb(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct walk_state *st = data;
	struct frame f = { c, clang_getCursorKind(c), st->top };

	(void)parent;
	if (clang_isExpression(f.kind))
		check_expr(st->w, &f);
	walk_children(st->w, &f);
	return CXChildVisit_Continue;
}

/* ---- the access-once rule: ACCESS_ONCE written in user code ----------- */

static int is_call(CXTranslationUnit tu, CXCursor expansion)
{
	CXToken *toks;
	unsigned nr;
	int r;

	clang_tokenize(tu, clang_getCursorExtent(expansion), &toks, &nr);
	r = nr >= 2 && tok_is(tu, toks[1], "(");
	clang_disposeTokens(tu, toks, nr);
	return r;
}

static void scan_macro_body(struct walk *w, const struct macro_def *d)
{
	CXToken *toks;
	unsigned nr;
	CXSourceLocation at;

	clang_tokenize(w->tu, clang_getCursorExtent(d->cursor), &toks, &nr);
	/* A volatile cast in a macro no unit expands: the type is not
	 * known here; when the macro is used, the finding at the same place
	 * from the use (with types) came first and wins. */
	if (find_cast_in_body(w->tu, toks, nr, &at))
		add_finding(w, RULE_VOLATILE_CAST, at,
			    xasprintf("volatile cast in macro %s: use READ_ONCE "
				      "or WRITE_ONCE", d->name),
			    NULL, NULL);
	for (unsigned i = 1; i < nr; i++) {
		char *id;

		if (clang_getTokenKind(toks[i]) != CXToken_Identifier)
			continue;
		id = cxstr(clang_getTokenSpelling(w->tu, toks[i]));
		/* A call, not a mention (#define X ACCESS_ONCE). */
		if (once_macro_kind(w->macros, id) == ONCE_ACCESS &&
		    i + 1 < nr && tok_is(w->tu, toks[i + 1], "("))
			add_finding(w, RULE_ACCESS_ONCE,
				    clang_getTokenLocation(w->tu, toks[i]),
				    xasprintf("%s is deprecated: use READ_ONCE "
					      "or WRITE_ONCE", id),
				    NULL, NULL);
		free(id);
	}
	clang_disposeTokens(w->tu, toks, nr);
}

/* ---- the unit --------------------------------------------------------- */

struct top_level {
	CXCursor *items;
	size_t nr, alloc;
	struct walk *w;
};

static enum CXChildVisitResult collect_top(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct top_level *top = data;
	struct walk *w = top->w;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_MacroDefinition) {
		ALLOC_GROW(w->defs, w->nr_defs + 1, w->alloc_defs);
		w->defs[w->nr_defs].name = cxstr(clang_getCursorSpelling(c));
		w->defs[w->nr_defs].cursor = c;
		w->defs[w->nr_defs].order = w->nr_defs;
		w->nr_defs++;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_InclusionDirective)
		return CXChildVisit_Continue;
	/* Declarations in system headers hold no user code. */
	if (in_system_header(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	ALLOC_GROW(top->items, top->nr + 1, top->alloc);
	top->items[top->nr++] = c;
	return CXChildVisit_Continue;
}

static void keep_last_definitions(struct walk *w)
{
	size_t j = 0;

	/* Sorted by name, then unit order: keep the last definition of
	 * each name (the one in force at the end of the unit). */
	qsort(w->defs, w->nr_defs, sizeof(*w->defs), cmp_def);
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

/*
 * GCC options clang does not take, as found in compilation databases of
 * GCC builds (the kernel's among them).  libclang ignores an unknown
 * option after an "unknown argument" error; these are dropped up front so
 * that a GCC build's units parse cleanly.  Prefix match when the entry
 * ends in '='.
 */
static const char *const gcc_only_options[] = {
	"-mpreferred-stack-boundary=", "-mindirect-branch=",
	"-mindirect-branch-register", "-mindirect-branch-cs-prefix",
	"-mfunction-return=", "-fno-allow-store-data-races",
	"-fconserve-stack", "-ftrivial-auto-var-init=", "-mrecord-mcount",
	"-fno-ipa-sra", "-fno-var-tracking-assignments", "-mskip-rax-setup",
	"-mno-fp-ret-in-387", "-fmin-function-alignment=",
	"-fsanitize-coverage=trace-pc", "-fno-tree-loop-im",
	"-fzero-call-used-regs=", "-Wno-maybe-uninitialized",
	"-fno-code-hoisting", "-mharden-sls=", "-fpatchable-function-entry=",
};

static int gcc_only(const char *arg)
{
	for (size_t i = 0; i < ARRAY_SIZE(gcc_only_options); i++) {
		const char *o = gcc_only_options[i];
		size_t n = strlen(o);

		if (o[n - 1] == '=' ? !strncmp(arg, o, n) : !strcmp(arg, o))
			return 1;
	}
	return 0;
}

/* A driver complaint about an option, not about the code: the option is
 * ignored and the unit parses as it would without it. */
static int is_option_complaint(CXDiagnostic d)
{
	CXFile file;
	char *text;
	int r;

	clang_getFileLocation(clang_getDiagnosticLocation(d), &file, NULL, NULL,
			      NULL);
	if (file)
		return 0;
	text = cxstr(clang_getDiagnosticSpelling(d));
	r = !strncmp(text, "unknown argument", 16) ||
	    !strncmp(text, "unsupported option", 18) ||
	    strstr(text, "hasn't been enabled") != NULL;
	free(text);
	return r;
}

static void add_diagnostics(CXTranslationUnit tu, const struct unit *u,
			    struct unit_result *r)
{
	unsigned n = clang_getNumDiagnostics(tu), shown = 0;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error && !is_option_complaint(d)) {
			r->failed = 1;
			if (shown++ < MAX_DIAGNOSTICS) {
				char *s = cxstr(clang_formatDiagnostic(
					d, clang_defaultDiagnosticDisplayOptions()));

				strbuf_addf(&r->diagnostics, "  %s\n", s);
				free(s);
			}
		}
		clang_disposeDiagnostic(d);
	}
	if (shown > MAX_DIAGNOSTICS)
		strbuf_addf(&r->diagnostics, "  ... and %u more errors\n",
			    shown - MAX_DIAGNOSTICS);
	(void)u;
}

static const char *parse_error_text(enum CXErrorCode e)
{
	switch (e) {
	case CXError_Crashed: return "libclang crashed while parsing it";
	case CXError_InvalidArguments: return "invalid arguments";
	case CXError_ASTReadError: return "AST read error";
	default: return "libclang failed to parse it";
	}
}

void audit_unit(CXIndex index, const struct unit *u,
		const struct once_macro_table *macros,
		const struct strlist *extra_args, struct unit_result *r)
{
	struct strlist args = STRLIST_INIT;
	CXTranslationUnit tu;
	enum CXErrorCode err;
	struct walk w;
	struct top_level top = { NULL, 0, 0, NULL };
	int parse_only;

	/*
	 * The unit's own command line, run in its own folder (clang's
	 * -working-directory, so threads need not chdir), with warnings off:
	 * we want the AST, not the project's -Werror.
	 */
	for (int i = 0; i < u->argc; i++)
		if (!i || !gcc_only(u->argv[i]))
			strlist_push(&args, u->argv[i]);
	strlist_push(&args, "-working-directory");
	strlist_push(&args, u->dir);
	strlist_push(&args, "-w");
	strlist_push(&args, "-Wno-unknown-warning-option");
	strlist_push(&args, "-ferror-limit=0");
	if (extra_args)
		for (size_t i = 0; i < extra_args->nr; i++)
			strlist_push(&args, extra_args->items[i]);

	/* bench/clang-engine.sh sets this to time libclang's parse alone
	 * (as clang -fsyntax-only does it), the floor of the engine. */
	parse_only = getenv("RWONCE_CLANG_BENCH_PARSE_ONLY") != NULL;
	err = clang_parseTranslationUnit2FullArgv(
		index, NULL, (const char *const *)args.items, (int)args.nr, NULL,
		0, parse_only ? CXTranslationUnit_KeepGoing : PARSE_OPTIONS, &tu);
	strlist_clear(&args);
	if (err != CXError_Success) {
		r->failed = 1;
		strbuf_addf(&r->diagnostics, "  %s\n", parse_error_text(err));
		return;
	}
	add_diagnostics(tu, u, r);
	if (parse_only) {
		clang_disposeTranslationUnit(tu);
		return;
	}

	memset(&w, 0, sizeof(w));
	w.tu = tu;
	w.macros = macros;
	w.out = &r->findings;
	{
		CXTargetInfo ti = clang_getTranslationUnitTargetInfo(tu);
		int bits = ti ? clang_TargetInfo_getPointerWidth(ti) : 64;
		char *triple = ti ? cxstr(clang_TargetInfo_getTriple(ti)) :
				    xstrdup("the target");

		w.word_bytes = bits > 0 ? (unsigned)bits / 8 : 8;
		w.target = triple;
		if (ti)
			clang_TargetInfo_dispose(ti);
	}

	top.w = &w;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_top, &top);
	keep_last_definitions(&w);

	for (size_t i = 0; i < top.nr; i++) {
		CXCursor c = top.items[i];
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k == CXCursor_MacroExpansion) {
			char *name = cxstr(clang_getCursorSpelling(c));

			/* A call, not a mention: #ifdef ACCESS_ONCE is in
			 * the record as an expansion of one token. */
			if (once_macro_kind(macros, name) == ONCE_ACCESS &&
			    is_call(w.tu, c))
				add_finding(&w, RULE_ACCESS_ONCE,
					    clang_getCursorLocation(c),
					    xasprintf("%s is deprecated: use "
						      "READ_ONCE or WRITE_ONCE",
						      name),
					    NULL, NULL);
			free(name);
			continue;
		}
		{
			struct frame f = { c, k, NULL };

			walk_children(&w, &f);
		}
	}
	/* The bodies of the user's own macros, used or not, as the lexical
	 * engine sees them: ACCESS_ONCE calls, volatile casts. */
	for (size_t i = 0; i < w.nr_defs; i++)
		if (!in_system_header(clang_getCursorLocation(w.defs[i].cursor)) &&
		    once_kind_of(&w, w.defs[i].name) == ONCE_NONE)
			scan_macro_body(&w, &w.defs[i]);

	for (size_t i = 0; i < w.nr_defs; i++)
		free(w.defs[i].name);
	free(w.defs);
	for (size_t i = 0; i < w.nr_origins; i++)
		origin_release(&w.origins[i]);
	free(w.origins);
	for (size_t i = 0; i < w.nr_paths; i++)
		free(w.paths[i].path);
	free(w.paths);
	free(top.items);
	free((char *)w.target);
	clang_disposeTranslationUnit(tu);
}
