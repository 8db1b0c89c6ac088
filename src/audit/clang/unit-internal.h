/*
 * Inside the audit of one unit: the walk's state and the helpers that
 * unit.c (the rules), types.c (what a type is and how to spell it),
 * ast.c (reading libclang's expression cursors) and origin.c (which
 * macro an access came from) share.  Only src/audit/clang/ includes this.
 */
#ifndef RWONCE_AUDIT_CLANG_UNIT_INTERNAL_H
#define RWONCE_AUDIT_CLANG_UNIT_INTERNAL_H

#include "audit/clang/engine-internal.h"

/* How many macros macro_origin follows from one use (the kernel's
 * TRACE_EVENT reaches READ_ONCE after a few hundred). */
#define MAX_MACRO_WALK 1024

struct macro_def {
	char *name;
	CXCursor cursor;
	size_t order; /* position in the unit: the last definition wins */
	int scan;     /* scan its body (first unit to see it, not system) */
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
	char *cast_macro;     /* the macro whose body spells the cast */
	int have_cast;        /* the cast's spelling in a macro body: */
	CXSourceLocation cast;
};

struct walk {
	CXTranslationUnit tu;
	const struct once_macros *macros;
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
	size_t sites;          /* once-accesses judged */
	struct seen_set *seen; /* header places judged in earlier units */
	CXFile main_file;
};

/* The parent chain during the walk, innermost first. */
struct frame {
	CXCursor c;
	enum CXCursorKind kind;
	const struct frame *up;
};

/* ---- types.c ---- */

/* A CXString as an owned C string ("" for none); disposes s. */
char *cxstr(CXString s);

int is_volatile(CXType t);

enum aggregate { AGG_NONE, AGG_STRUCT, AGG_UNION, AGG_ARRAY };
enum aggregate aggregate_kind(CXType t);

/* A struct or union without a tag (typedef struct { ... } pte_t). */
int record_is_unnamed(CXCursor decl);
/* The canonical type as C, unnamed records written out with their fields
 * ("struct { unsigned long pte; }"); depth 0 for the outermost type. */
void spell_type_canonical(CXType t, struct strbuf *sb, int depth);
/* The type as spelled, without its outermost const/volatile. */
char *spell_type_unqualified(CXType t);

struct field_count {
	unsigned units;
	int in_bitfield_run;
};
/* Add to fc the scalars a copy of t moves (see types.c). */
void count_storage_units(CXType t, struct field_count *fc, int depth);

/* ---- ast.c ---- */

struct children {
	CXCursor c[4];
	unsigned nr; /* may exceed 4: only the first 4 are kept */
};
struct children children_of(CXCursor c);
CXCursor last_child(CXCursor c);
/* Skip parentheses and implicit conversions (UnexposedExpr). */
CXCursor skip_parens(CXCursor c);
/* Is op a '*' dereference?  *operand gets the pointer. */
int is_deref_of(CXCursor op, CXCursor *operand);
/* Is op '&x'?  *object gets x. */
int is_address_of(CXCursor op, CXCursor *object);

/* ---- origin.c ---- */

const struct macro_def *find_def(const struct walk *w, const char *name);
/* Sort the collected definitions, keeping the last one of each name. */
void macro_defs_finish(struct walk *w);
enum once_kind once_kind_of(const struct walk *w, const char *name);
int tok_is(CXTranslationUnit tu, CXToken t, const char *s);
/* The start of a volatile-cast idiom among a macro body's tokens. */
int find_cast_in_body(CXTranslationUnit tu, const CXToken *toks,
		      unsigned nr, CXSourceLocation *at);
/* Where the volatile access at loc came from (see origin.c). */
void macro_origin(struct walk *w, CXSourceLocation loc, struct origin *o);
void origin_release(struct origin *o);
/* One flag per w->defs entry: a once-access macro or a helper only
 * once-access macros use.  Caller frees. */
char *once_implementation(const struct walk *w);
/* Is this macro expansion a call (NAME(...)), not a mention (#ifdef)? */
int is_call(CXTranslationUnit tu, CXCursor expansion);

#endif
