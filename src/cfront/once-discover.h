/*
 * Finding a tree's own once-macros, so that nobody has to name them.
 *
 * A function-like macro whose body makes one once-access -- a volatile
 * cast, or a call of a once-macro -- that reads or writes an object
 * spelled in its parameters, with no loop (macro-body.h), is a
 * once-macro of the kind its body's access is:
 *
 *   #define KREAD_ONCE(x) (*(const volatile __typeof__(x) *)&(x))   read
 *   #define CMM_LOAD_SHARED(p) ({ cmm_smp_rmc(); _CMM_LOAD_SHARED(p); })  read
 *   #define KACCESS(x) (*(volatile typeof(x) *)&(x))       its use decides
 *
 * Definitions that call macros found so far are looked at again until
 * nothing changes, so chains of any length are followed (liburcu's
 * CMM_LOAD_SHARED -> _CMM_LOAD_SHARED -> CMM_ACCESS_ONCE).  A name the
 * table has already (READ_ONCE, a --macro name) keeps its kind; its
 * definition can only add that it is a volatile cast of the object's
 * type (the kernel's READ_ONCE, through __READ_ONCE).  When definitions of
 * one name disagree on the kind, the use decides (access-once).  An
 * object-like #define whose body is one such name is another name for
 * it (#define AO_cptr_load AO_load), through it (via).
 *
 * Usage: offer every file (any thread), then finish once.
 */
#ifndef RWONCE_CFRONT_ONCE_DISCOVER_H
#define RWONCE_CFRONT_ONCE_DISCOVER_H

#include <stddef.h>

#include "cfront/once-macros.h"

struct once_discovery;

struct once_discovery *once_discovery_new(void);
void once_discovery_free(struct once_discovery *d);

/* Keep the function-like #defines of buf[0..len) that may define a
 * once-macro, and offer the files it includes with #include "name" found
 * next to it.  A file offered before (the same real path) is skipped.
 * Safe to call from several threads at once. */
void once_discovery_add_buffer(struct once_discovery *d, const char *path,
			       const char *buf, size_t len);
/* The same for a file a walk read (walk.h): plain, the walk's word that
 * the path's last part is no symbolic link, spares the system call that
 * would ask; includes (NULL: not given), the offset of every "include"
 * of buf, in order, when the caller searched for them anyway. */
void once_discovery_add_walked(struct once_discovery *d, const char *path,
			       const char *buf, size_t len, int plain,
			       const size_t *includes, size_t nr_includes);
/* once_discovery_add_walked() with the words of buf already found by
 * the caller's pass (cfront/prepass-words.h). */
struct prepass_words;
void once_discovery_add_scanned(struct once_discovery *d, const char *path,
				const char *buf, size_t len, int plain,
				const struct prepass_words *w);
/* The same for a file read from disk; 0, or -1 with errno set when it
 * cannot be read. */
int once_discovery_add_file(struct once_discovery *d, const char *path);
/* A walk of every file the run reads will offer the files it finds
 * (audit's and fix's pre-pass): a header a file includes as "name" is not
 * read when met but after the walk, by once_discovery_walked(), and only
 * if the walk did not offer it -- else each such header was read twice
 * (Linux 6.12: ~8,000 headers).  Only without include folders: with them
 * a "name" not next to its file is looked for there, at once. */
void once_discovery_defer_local(struct once_discovery *d);
void once_discovery_walked(struct once_discovery *d);
/* Was path (as spelled) offered already, its text read?  Then offering
 * it again does nothing, and the caller need not read it (scan: most of
 * a vmlinux's named headers were offered as another file's #include
 * before their turn came). */
int once_discovery_has_text(struct once_discovery *d, const char *path);

/*
 * Where #include <name> (and "name" not next to its file) is looked for,
 * as the preprocessor would: root 1, a folder given with -I or -isystem
 * (root/name); root 0, a folder a source was found in (name's last part
 * there, when the folder ends with name's folder part: lib/compiler.h in
 * .../include/lib).  Give them all before the first file is offered.
 */
void once_discovery_add_include_dir(struct once_discovery *d, const char *dir,
				    int root);
/* The include names looked for in those folders: found, not found. */
void once_discovery_include_stats(const struct once_discovery *d,
				  size_t *found, size_t *not_found);

/* Find once-accessor functions too (once-accessor.h): each becomes an
 * entry with OMF_ACCESSOR, its object what the argument points to.
 * scan asks; audit and fix do not. */
void once_discovery_want_accessors(struct once_discovery *d);

/*
 * The table will be asked only whether these names are once-macros
 * (fix: the macros whose body holds a volatile cast), and about the
 * names it holds before finishing: once_discovery_finish() then decides
 * only the definitions their answers depend on (the names their bodies
 * mention, and theirs ...), with the same answers for them, and adds no
 * other name.  names must live until then; NULL: every name.
 */
struct strset;
void once_discovery_decide_only(struct once_discovery *d,
				const struct strset *names);

/* Never offer path: a file known not to be the text that was built
 * (scan: its MD5 differs from the line table's), even when another file
 * includes it. */
void once_discovery_skip(struct once_discovery *d, const char *path);

/* The build read path (scan: a line table's file table names it, as a
 * file with code or declarations): of an accessor's several definitions
 * (one per architecture's header, all found through the includes
 * whatever their #if), the one in such a file is the one cited.  Before
 * finishing; not from several threads at once. */
void once_discovery_built(struct once_discovery *d, const char *path);

/* The #defines kept (function-like ones whose body calls or casts,
 * object-like ones of one name), once-macros or not, added to *out: the
 * macros a site may spell its object through.  Before finishing, which
 * rewrites some bodies. */
struct header_macros;
void once_discovery_header_macros(const struct once_discovery *d,
				  struct header_macros *out);

/*
 * Decide which kept definitions are once-macros, following chains, and
 * add them to t (OMF_DISCOVERED, with where each is defined).  Returns
 * the number of names added, or whose volatile-cast flag was set.
 */
size_t once_discovery_finish(struct once_discovery *d, struct once_macros *t);

/*
 * The whole job for a tree: walk the paths as audit and fix do (the
 * same excludes, symlinks and threads; quietly: the command's own walk
 * reports unreadable files), offer every file, finish into t.  Returns
 * the number of names added or changed.
 */
struct walk_options;
size_t once_discover_paths(struct once_macros *t, const char *const *paths,
			   size_t nr, const struct walk_options *like);

/* The number of candidate definitions kept so far (for tests). */
size_t once_discovery_candidates(const struct once_discovery *d);

/* What discovery read and lexed (for tests: the pre-filters that spare
 * lexing are seen to work). */
struct once_discovery_stats {
	size_t accessor_lexes;  /* files lexed for once-accessor functions */
	size_t deferred;        /* files that may hold none: not lexed then */
	size_t deferred_lexes;  /* ... lexed since, for a name asked about */
	size_t deferred_accessors; /* accessors found in them: always 0 */
	size_t helper_names;    /* helper macros to put in (one place) */
	size_t revisits_read;   /* files read again with them to put in */
	size_t revisits_lexed;  /* ... of them lexed: they spell a helper */
	size_t revisit_lexes;   /* texts with helpers put in, lexed again */
	size_t access_calls;    /* include paths asked of access() */
	size_t folders_listed;  /* ... the folders read instead (readdir) */
	size_t not_there_by_listing; /* paths their listing said are not */
	size_t names_in_no_folder; /* include names no folder listed holds */
	size_t paste_lexes;     /* files lexed for generator macros only */
	size_t paste_skips;     /* ... not: no "##" of theirs can begin one */
	size_t texts_lexed;     /* definitions lexed to decide (each round) */
	size_t texts_not_lexed; /* ... not: no once-access can be in them */
	size_t invocations;     /* "NAME(" at a line's start, noted */
};
void once_discovery_stats(const struct once_discovery *d,
			  struct once_discovery_stats *st);

#endif
