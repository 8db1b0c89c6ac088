/*
 * The type index of the lexical engine: what one file's tokens say about
 * types -- typedefs, struct and union definitions (with their fields),
 * and declarations of globals, function parameters and locals -- so that
 * the type of an access operand such as `ring->adev->wb.wb[i]` or
 * `*rptr` can be resolved without a compiler.
 *
 * It never guesses: a name declared twice with different types in the
 * same function, a function call, a macro, an unknown typedef or a struct
 * defined in a file that was not indexed all give "type unknown".
 * Well-known scalar typedefs (u8..u64, s8..s64, __u32, __le32, uint32_t,
 * size_t, ...) count as known scalars; that list is in typeindex.c.
 */
#ifndef RWONCE_CFRONT_TYPEINDEX_H
#define RWONCE_CFRONT_TYPEINDEX_H

#include "cfront/tokscan.h"

struct type_index;

enum type_class {
	TC_UNKNOWN,
	TC_SCALAR,  /* integer, floating, enum, _Bool */
	TC_POINTER,
	TC_STRUCT,
	TC_UNION,
	TC_ARRAY,
	TC_FUNCTION,
};

struct type_answer {
	enum type_class cls;
	int is_volatile;      /* the object itself is volatile-qualified */
	int volatile_base;    /* the innermost type is: volatile u32 *p */
	char spelled[128];    /* as declared, e.g. "u64 *", "pte_t" */
	char canonical[128];  /* after typedefs, e.g. "unsigned long long *" */
	/* a struct or union (not a pointer to one): where it is defined,
	 * lines def_line to def_end_line ("struct" to "}") of def_file (a
	 * header the index read; "": the indexed file itself); def_line 0:
	 * not known */
	char def_file[256];
	unsigned def_line, def_end_line;
};

/*
 * Index the declarations of one lexed file.  A function's parameters and
 * locals are parsed the first time a query asks about its scope (its
 * body defines no struct, union or typedef; else at once, in order): the
 * answers are those of type_index_build_eager(), which parses every
 * body at once (for tests: type_index_check_lazy()).
 */
struct type_index *type_index_build(const char *buf, const struct token_list *l);
struct type_index *type_index_build_eager(const char *buf,
					  const struct token_list *l);
/*
 * Does the index of buf/l, its lazy functions all parsed, hold exactly
 * the tables of the eager one -- records, fields, typedefs, the file's
 * variables and each function's, in order?  0 when it does; else 1 with
 * what differs in why.  (tests/helper: test-tool cfront lazy-check)
 */
struct strbuf;
int type_index_check_lazy(const char *buf, const struct token_list *l,
			  struct strbuf *why);
void type_index_free(struct type_index *ti);

/* A copy of ti (the same tokens) that can be added to without changing
 * ti; it answers every query as ti does. */
struct type_index *type_index_clone(const struct type_index *ti);

/*
 * A point to come back to: what ti held when the mark was set.  What is
 * added after it -- headers merged, a record that a query's cast defines
 * -- is only ever appended, so type_index_rewind() drops it and leaves
 * ti answering every query exactly as at the mark.  The tree lookup adds
 * each variant's headers to the file's own index and takes them out
 * again this way, instead of copying the index per variant (issue #35).
 */
struct type_index_mark {
	size_t vars, typedefs, records, fields, funcs, held;
	char missing[64], conflicted[64];
};
void type_index_set_mark(const struct type_index *ti,
			 struct type_index_mark *m);
void type_index_rewind(struct type_index *ti, const struct type_index_mark *m);

/*
 * Also index the headers that the file at `path` includes with
 * #include "name" and that sit next to it (or at the relative path it
 * names): their typedefs, struct/union definitions and file-scope
 * declarations are added to ti (one level deep, at most 16 headers of at
 * most 4 MiB; typeof() in them is not resolved).  A name that the file and
 * a header declare differently becomes unknown.
 */
void type_index_add_local_headers(struct type_index *ti, const char *path);
/*
 * Add the typedefs, struct/union definitions and file-scope declarations
 * of the header at `path` (at most 4 MiB, not binary).  0, or -1 when it
 * cannot be read or is refused.
 */
int type_index_add_header(struct type_index *ti, const char *path);
/* The same with one side of its conditionals only (enum branch_side,
 * cfront/branches.h). */
int type_index_add_header_side(struct type_index *ti, const char *path,
			       int side);
/*
 * The index of one header alone (one side of its conditionals, as
 * above), to be merged into file indexes any number of times: the tree
 * lookup keeps these so that a header is read and parsed once per run.
 * NULL when it cannot be read or is refused.  Only type_index_merge()
 * and type_index_free() may be used on it.
 */
struct type_index *type_index_header(const char *path, int side);
/*
 * Does buf[0..len) hold nothing but directive lines, comments and white
 * space (never "yes" when the lexer would find an identifier outside a
 * directive)?  type_index_header() then gives the empty index without
 * lexing the header.  For tests: type_index_empty().
 */
int type_index_directives_only(const char *buf, size_t len);
int type_index_empty(const struct type_index *ti);
/* Add what header index h declares at file scope to ti (h unchanged:
 * several threads may merge one h at once). */
void type_index_merge(struct type_index *ti, const struct type_index *h);
/* The same, the entries pointing at h's strings instead of copies: h
 * must outlive them (until ti is freed, or rewound to a mark set before
 * this merge). */
void type_index_merge_borrowed(struct type_index *ti,
			       const struct type_index *h);
/*
 * After type_index_expr() answered "unknown": the typedef name or
 * struct/union tag it needed and this index does not define (so a caller
 * can look for it elsewhere and add that header), or NULL.
 */
const char *type_index_missing(const struct type_index *ti);
/* ... or the typedef name it found defined two different ways (both
 * sides of an #ifdef, typically), or NULL. */
const char *type_index_conflicted(const struct type_index *ti);

/*
 * The type of the expression in tokens r (as seen from where it is: the
 * enclosing function's locals and parameters, then the file's globals).
 * Returns 1 and fills *out when known; 0 when the type is unknown.
 */
int type_index_expr(const struct type_index *ti, const char *buf,
		    const struct token_list *l, struct tok_range r,
		    struct type_answer *out);
/*
 * The same for an expression given as text[0..len), not a range of the
 * indexed file -- a reading of a site's object with a header's macros
 * expanded ((lttng_ust_urcu_reader)->ctr for
 * URCU_TLS(lttng_ust_urcu_reader)->ctr) -- seen from file scope: the
 * file's globals only.
 */
int type_index_text_expr(const struct type_index *ti, const char *text,
			 size_t len, struct type_answer *out);

/*
 * The type named by the tokens r (a type-name such as "volatile u32" or
 * "struct foo"), resolved through this file's typedefs.  1 or 0 as above.
 */
int type_index_type_name(const struct type_index *ti, const char *buf,
			 const struct token_list *l, struct tok_range r,
			 struct type_answer *out);

/*
 * How the object of expression r is stored: its size in bytes, how many
 * storage units a copy of it moves (struct members added up, a run of
 * bit-fields that fits its declared type counted once, a union as its
 * member with the most units, an array as at least two elements), and
 * the narrowest unit.  Sizes assume LP64 (long and pointers are 8 bytes);
 * a struct's size ignores padding.  1 when every member is known, else 0.
 */
struct type_units {
	unsigned size, units, min_unit;
};
int type_index_expr_units(const struct type_index *ti, const char *buf,
			  const struct token_list *l, struct tok_range r,
			  struct type_units *out);
/*
 * The data models of the targets (src/targets/targets.def) a layout is
 * given for: LP64 (x86-64, AArch64, PowerPC64, RISC-V, s390x, MIPS64),
 * 32-bit ARM (EABI: long and pointers 4 bytes, 8-byte scalars 8-byte
 * aligned) and i386 (long and pointers 4 bytes, 8-byte scalars 4-byte
 * aligned in a record).  One source is compiled for all of them.
 */
enum data_model { DM_LP64, DM_ARM32, DM_I386, DM_NR };
const char *data_model_name(enum data_model dm);

/*
 * The layout of the object of expression r as the data model's ABI
 * places it: its size with padding and its alignment (a scalar's is its
 * size, an 8-byte one's 4 on i386; a record's its most aligned member's;
 * a bit-field in a unit of its declared type's size, at an offset of
 * that type's alignment), and attr: a record on the way carries an
 * attribute, _Alignas or pragma (packed, aligned ...) this model does
 * not read, so size and alignment may be other.  1 when every member is
 * known (no array, no zero-width bit-field, no scalar wider than 8
 * bytes, on a 32-bit model no type whose size a configuration chooses
 * there, as phys_addr_t or off_t), else 0.  type_index_expr_layout() is
 * the LP64 one.
 */
struct type_layout {
	unsigned size, align;
	int attr;
};
int type_index_expr_layout(const struct type_index *ti, const char *buf,
			   const struct token_list *l, struct tok_range r,
			   struct type_layout *out);
int type_index_expr_layout_in(const struct type_index *ti, const char *buf,
			      const struct token_list *l, struct tok_range r,
			      enum data_model dm, struct type_layout *out);

/*
 * The member named by token m of the struct or union that expression r
 * is (READ_ONCE(E).m: r is E): its type into *out, its size in bytes
 * into *size (0 when its layout is not known).  1 when it is a member,
 * not a bit-field, whose type is known; else 0.
 */
int type_index_member_of(const struct type_index *ti, const char *buf,
			 const struct token_list *l, struct tok_range r,
			 size_t m, struct type_answer *out, unsigned *size);

/*
 * The layout under data model dm of the member `name` (not a bit-field;
 * one of an anonymous member counts) of the struct or union that
 * expression r is or points to: fix --from-scan checks that a scalar
 * member it reads an aggregate through is the aggregate's size on every
 * data model.  1 when known, else 0.
 */
int type_index_member_layout_in(const struct type_index *ti, const char *buf,
				const struct token_list *l, struct tok_range r,
				const char *name, enum data_model dm,
				struct type_layout *out);

/*
 * Is the name at token i declared in the function body around it?
 * LOCAL_AUTOMATIC: a local of automatic storage or a parameter, a fresh
 * object per call; LOCAL_STATIC: declared there static, extern or
 * thread-local, one object shared by every call (and thread); LOCAL_NONE:
 * not declared there (a global, or not known).
 */
enum local_storage { LOCAL_NONE, LOCAL_AUTOMATIC, LOCAL_STATIC };
enum local_storage type_index_local_storage(const struct type_index *ti,
					    size_t i);

/* Which function body (its '{' token) encloses token i; 0 at file scope. */
size_t type_index_function_at(const struct type_index *ti, size_t i);

/* The function definitions of the file, in order: [k].begin is the
 * body's '{', [k].end its '}'. */
size_t type_index_nr_functions(const struct type_index *ti);
struct tok_range type_index_function(const struct type_index *ti, size_t k);

/*
 * A scalar member through which one access of `size` bytes reads or
 * writes the aggregate that a once-access of expression r touches, so
 * that the access can be spelled on a scalar (fix --from-scan):
 *
 *   of NULL: r is a union or struct of `size` bytes; a member of r's
 *            union (any: all start at its start), or the only member
 *            of r's struct, that is a scalar (not a bit-field) of `size`
 *            bytes;
 *   of set:  r is a struct or union, or a pointer to one, whose member
 *            `of` is the aggregate; a scalar of `size` bytes declared in
 *            the same union as `of` (r's own, or an anonymous union of
 *            r that holds it).
 *
 * 1 and the member's name in name[0..namesize); 0 when there is none or
 * a type on the way is unknown.
 */
int type_index_scalar_alias(const struct type_index *ti, const char *buf,
			    const struct token_list *l, struct tok_range r,
			    const char *of, unsigned size, char *name,
			    size_t namesize);

/* "scalar", "pointer", "struct", ... */
const char *type_class_name(enum type_class c);

#endif
