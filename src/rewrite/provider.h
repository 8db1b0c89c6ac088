/*
 * Where READ_ONCE/WRITE_ONCE will come from, for each file `rwonce fix`
 * converts -- so that fix never writes a use of a macro nothing defines.
 *
 * A file can see them when
 *
 *   - it defines them itself, or uses them already (its build provides
 *     them from somewhere);
 *   - a header it includes defines them: #include "x.h" next to it or
 *     <x.h> in an include/ folder above it, followed through their own
 *     includes; rwonce.h, and the kernel's <linux/compiler.h> and
 *     <asm/rwonce.h> where they are not in the tree;
 *   - it is part of a Linux tree whose include/linux/compiler.h (or
 *     asm-generic/rwonce.h; tools/include/linux/compiler.h under tools/)
 *     defines them: every kernel file sees those.
 *
 * Otherwise the file gets the include (rwonce.h, or --add-include's
 * header): after its last #include.  rwonce.h also defines ACCESS_ONCE,
 * ASSIGN_ONCE and barrier, and refuses to be included after them:
 *
 *   - the file's own definitions of READ_ONCE/WRITE_ONCE (one without the
 *     other) and of ACCESS_ONCE are removed, the include taking the place
 *     of the first; an ACCESS_ONCE that uses left in the file still need
 *     (or a header's, which other files may use) is kept after an
 *     #undef, as are barrier and ASSIGN_ONCE, so nothing the file keeps
 *     changes meaning;
 *   - when a header the file includes defines one of them, the file gets
 *     rwonce.h with RWONCE_NO_SHORT_NAMES and its own READ_ONCE/WRITE_ONCE
 *     spelled exactly as rwonce.h spells them.
 *
 * Never in a Linux tree (the kernel has its own), and never with
 * --no-add-include: the sites are then left, with the reason.
 */
#ifndef RWONCE_REWRITE_PROVIDER_H
#define RWONCE_REWRITE_PROVIDER_H

#include "cfront/lexer.h"
#include "lib/strbuf.h"
#include "rewrite/add-include.h"
#include "rewrite/edits.h"

struct provider_opts {
	const char *read_name, *write_name;
	/* What to add: <rwonce.h> unless --add-include named another
	 * header; NULL with --no-add-include. */
	const struct include_line *inc;
	int inc_is_rwonce; /* its ACCESS_ONCE/barrier may clash */
	/* rwonce.h with RWONCE_NO_SHORT_NAMES and READ_ONCE, WRITE_ONCE
	 * or both, each under its own "#ifndef READ_ONCE" ("#ifndef
	 * WRITE_ONCE"): for a file whose
	 * headers define a name rwonce.h would clash with, or may (one
	 * could not be read), and for a header some of whose includers
	 * define them before it */
	struct include_line guarded_read, guarded_write, guarded_both;
	struct include_line undef[5]; /* "#undef NAME" per enum once_name */
	struct include_line kernel_inc; /* <linux/compiler.h> */
};

void provider_opts_init(struct provider_opts *po, const char *read_name,
			const char *write_name, const struct include_line *inc);
void provider_opts_release(struct provider_opts *po);

/* What is known of the headers of a run: read once, any thread. */
struct provider_cache;
struct provider_cache *provider_cache_new(const struct provider_opts *po);
void provider_cache_free(struct provider_cache *pc);
/* Who includes whom in the tree (includers.h), for headers that cannot
 * see READ_ONCE themselves; kept by pointer.  Without it such a header
 * gets the include like any file. */
struct include_edges;
void provider_cache_use_edges(struct provider_cache *pc,
			      const struct include_edges *edges);

/* What the walks of the files' headers did (fix -vv): each header's
 * #include lines are resolved once per set of search folders and the
 * walks follow the answers, where every walk resolved every line again. */
struct provider_stats {
	size_t walks;            /* walks of a file's headers */
	size_t visits;           /* headers they met, counted per walk */
	size_t capped;           /* walks that met MAX_HEADERS (512) */
	size_t headers_resolved; /* headers whose lines were resolved */
	size_t lines_resolved;   /* ... and their lines */
};
void provider_cache_stats(struct provider_cache *pc,
			  struct provider_stats *out);

enum provider_answer {
	PROVIDER_VISIBLE,  /* nothing to add */
	PROVIDER_ADDED,    /* the include (and its edits) added */
	PROVIDER_MISSING,  /* none visible and none may be added: *why */
};

/*
 * Decide for the file at path (buf lexed as *l) whose conversions read
 * (need_read) and/or write (need_write); access_left: its ACCESS_ONCE
 * uses fix leaves.  Adds edits (texts owned by po) and, for each own
 * definition removed or kept, a note line "path:L:C: note: ..." to
 * *notes.  For PROVIDER_MISSING, *why is static text for the sites'
 * notes, and *missing says which are missing (1: reads, 2: writes).
 * For PROVIDER_ADDED, *added is the header added ("<rwonce.h>",
 * "<linux/compiler.h>"; po's text), else NULL.
 */
enum provider_answer provider_resolve(struct provider_cache *pc,
				      const struct provider_opts *po,
				      const char *path, const char *buf,
				      size_t len, const struct token_list *l,
				      int need_read, int need_write,
				      size_t access_left,
				      struct edit_list *edits,
				      struct strbuf *notes, const char **why,
				      unsigned *missing, const char **added);

/*
 * rewrite_file() (rewrite.h), then provider_resolve() for what it
 * converted: the sites whose macro nothing defines, and none may be
 * added, are left with the reason (a second rewrite).  The include's
 * edits join res->edits, sorted.  *answer says what was found, and
 * *added (unless added is NULL) the header added or NULL; notes as
 * above.  0, or -1 after overlapping edits (an internal error: res has no
 * edits then).  The one decision `rwonce fix` makes and `rwonce audit`
 * reports as "fixable".
 */
struct rewrite_opts;
struct rewrite_result;
struct type_index;
int rewrite_provided(struct provider_cache *pc,
		     const struct provider_opts *po, const char *path,
		     struct type_index *ti, const char *buf, size_t len,
		     const struct token_list *toks,
		     const struct rewrite_opts *opts,
		     struct rewrite_result *res, struct strbuf *notes,
		     enum provider_answer *answer, const char **added);

#endif
