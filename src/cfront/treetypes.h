/*
 * Types across a tree (issue #12).  The type index of one file knows its
 * own declarations and its "local.h" headers; the kernel's types sit in
 * headers reached through <asm/...> and <linux/...>, often with one
 * definition per architecture (pte_t is a struct on x86 and an integer on
 * arm).  A tree index records, for every header below the walked
 * folders, the typedef names and struct/union tags it defines; when a
 * file's own index cannot resolve an expression, the missing name is
 * looked up there and the defining headers are added -- the one nearest
 * the file (same arch/NAME/ subtree, else a generic header), or, when
 * only other architectures define it, each of them in turn, so the answer
 * is one type per architecture.
 */
#ifndef RWONCE_CFRONT_TREETYPES_H
#define RWONCE_CFRONT_TREETYPES_H
#include "cfront/typeindex.h"

struct tree_types;

/*
 * Index the headers (*.h) below each folder of roots, and each header
 * named directly (symbolic links below a folder are not followed).  Never
 * fails: unreadable folders and files are skipped.  The index is a
 * sketch, built without lexing the headers: a superset of the names each
 * header may define; a name is checked against what the headers that
 * may define it really define (lexed then, once per header) the first
 * time a lookup asks for it, so the answers are those of an index that
 * lexed every header (tree_types_build_exact(), for tests).
 */
struct tree_types *tree_types_build(const char *const *roots, size_t nr);
struct tree_types *tree_types_build_exact(const char *const *roots, size_t nr);

/*
 * Headers sketched from the buffers of a walk that reads them anyway
 * (audit's pre-pass): tree_types_build_sketched() takes a header found
 * below a root, by its path as spelled there (ROOT/dir/x.h), from s
 * instead of reading it again -- the names sketch_header() gives for
 * the same bytes, so the index is the one tree_types_build() makes of
 * an unchanged tree.  A header s does not hold is read as before.
 * tree_sketches_add() is safe from several threads; it keeps what the
 * build would sketch (a header of at most 4 MiB) and the
 * first buffer of a path offered twice.  s may be freed once the build
 * returns.
 */
struct tree_sketches;
struct tree_sketches *tree_sketches_new(void);
void tree_sketches_add(struct tree_sketches *s, const char *path,
		       const char *buf, size_t len);
void tree_sketches_free(struct tree_sketches *s);
struct tree_types *tree_types_build_sketched(const char *const *roots,
					     size_t nr,
					     const struct tree_sketches *s);
/* Headers a build read itself, and those it took from the walk's
 * sketches (for the tests' count). */
void tree_types_build_stats(const struct tree_types *tt, size_t *read,
			    size_t *from_walk);
/*
 * The headers that define name, in the tree's order, one per definition
 * (resolving it in a sketch): fills at most max paths into out and
 * returns how many define it.  Safe from several threads.
 */
size_t tree_types_defining(const struct tree_types *tt, const char *name,
			   const char **out, size_t max);
/* Headers lexed so far to resolve names of a sketch. */
size_t tree_types_headers_lexed(const struct tree_types *tt);
void tree_types_free(struct tree_types *tt);
/* Index one header given as a buffer (for tests and the fuzz harness;
 * not on a sketch). */
void tree_types_add_buffer(struct tree_types *tt, const char *path,
			   const char *buf, size_t len);
/* The recorded names, sorted (with repeats: one per defining header). */
size_t tree_types_nr_names(const struct tree_types *tt);
const char *tree_types_name(const struct tree_types *tt, size_t i);
/* Headers indexed and names recorded, for tests and documentation (of
 * a sketch: the headers that may define a name, and the sketch's
 * names). */
void tree_types_stats(const struct tree_types *tt, size_t *headers,
		      size_t *names);

/* The parsed-header cache: headers kept, and how many adds were served
 * from it (hits) or parsed (misses). */
void tree_types_cache_stats(const struct tree_types *tt, size_t *parsed,
			    size_t *hits, size_t *misses);

/* One answer of tree_types_resolve: under which definitions, what type. */
struct tree_answer {
	char label[48];   /* "x86" for arch/x86/..., "" when only one set */
	int known;
	struct type_answer ty;
	int units_known;  /* type_index_expr_units() under these definitions */
	struct type_units units;
};

/*
 * A file's #include lines (the token of each one's header name, in
 * order), which tree_types_resolve() ranks candidate headers by: found
 * at the file's first lookup that needs them and kept for its others --
 * found again at each, they were 77.7 million tokens walked for 6,258
 * lookups in 1,305 files of linux-source-6.12, one file 150 times
 * (issue #35).  Zeroed before the first lookup; the lines of one
 * buf/l only.
 */
struct tree_includes {
	size_t *tok;
	size_t nr, alloc;
	int found;
};

void tree_includes_release(struct tree_includes *inc);

/*
 * The type of expression r in the file at `path` (lexed as buf/l), with
 * the headers of the tree added as needed.  Fills out[0..max) and returns
 * the number of answers (0 when the tree does not help: the caller keeps
 * "unknown").  Answers with the same label and type are merged.  At most
 * max_builds indexes of the file are built (each with the headers of one
 * variant; 256 at most whatever is asked); *builds says how many were.
 * file_ti, when not NULL, is the file's own index with its local headers
 * (type_index_build() then type_index_add_local_headers()), which the
 * caller already has: each variant adds its headers to it and takes
 * them out again (type_index_rewind()), so that it is left as it was,
 * instead of parsing the file again.  inc, when not NULL, keeps the
 * file's #include lines from one call to the next (NULL: found for this
 * call only).
 */
size_t tree_types_resolve(const struct tree_types *tt, const char *path,
			  const char *buf, const struct token_list *l,
			  struct type_index *file_ti, struct tree_includes *inc,
			  struct tok_range r, struct tree_answer *out,
			  size_t max, size_t max_builds, size_t *builds);

/*
 * The index of the file at `path` (lexed as buf/l) with its local headers
 * and, one after another, the nearest header of the tree that defines
 * each name expression r still needs (a typedef, a tag, or the members
 * of a struct or union the file only names) -- the first configuration
 * only, no per-architecture variants -- so that the caller can ask it
 * more than the type of r.  NULL when r stays unknown; the index of the
 * type without its members when they are nowhere in the tree.  tt may be NULL (the file
 * and its local headers only).  Free with type_index_free().
 */
struct type_index *tree_types_index_for(const struct tree_types *tt,
					const char *path, const char *buf,
					const struct token_list *l,
					struct tok_range r);

#endif
