/*
 * Macros whose body is the access itself, and what their uses do across
 * the walked tree:
 *
 *   #define atomic_read(v)  (ACCESS_ONCE((v)->counter))
 *   #define session_done()  ACCESS_ONCE(session_done)
 *
 * A body like that is neither a read nor a write: each use decides.  When
 * every use in the tree reads (atomic_read(v) in an expression), the body
 * becomes READ_ONCE; when every use is a whole-statement write
 * (FLAG(p) = v;), the macro takes the value, WRITE_ONCE(obj, value), and
 * the uses become FLAG(p, v);.  Uses of mixed or unknown role -- or none
 * -- leave the body as it is, with a note saying which uses decided.
 * A macro whose whole body is a use of one of these forwards to it: its
 * own uses count (b43's "#define b43_status(wldev)
 * atomic_read(&(wldev)->__init_status)"), a few levels deep.
 *
 * `rwonce fix` and `rwonce audit` run the same pass over the tree before
 * their own walk (rewrite_prepass), which also feeds the discovery of the
 * tree's once-macros (once-discover.h); when such a macro exists, the
 * passes over its uses read again only the files whose words (a filter
 * the walk kept, cfront/word-filter.h) may name it.
 */
#ifndef RWONCE_REWRITE_MACRO_ROLES_H
#define RWONCE_REWRITE_MACRO_ROLES_H

#include <pthread.h>
#include <stdint.h>
#include <stddef.h>

#include "cfront/once-macros.h"
#include "lib/util.h"

struct walk_options;
struct rewrite_opts;

enum macro_use_role { MR_READ, MR_WRITE, MR_OTHER };

struct macro_use {
	char *path;
	unsigned line;
	enum macro_use_role role;
	const char *why; /* MR_OTHER: static text */
};

struct macro_role {
	char *name;
	int function_like;  /* every definition that is the access takes
			       arguments (possibly none: NAME()) */
	struct macro_use *uses;
	size_t nr_uses, alloc_uses;
	size_t reads, writes, others;
	/* A macro whose whole body is a use of another of the table
	 * (b43_status(w): atomic_read(...)): its uses count as that one's.
	 * The name of the macro it forwards to, or NULL; the pass that
	 * added it. */
	char *forwards_to;
	int round;
	/* after macro_roles_finish(): the note for the body, listing the
	 * uses that decided */
	char *note;
};

struct macro_roles {
	struct macro_role *items; /* sorted by name after finish */
	size_t nr, alloc;
	pthread_mutex_t lock;
	/* each sort's names by length and first and last bytes: most
	 * identifiers macro_roles_find() is asked are none of them; used
	 * while nr is still filtered_nr */
	size_t filtered_nr;
	uint64_t filter[16];
};

void macro_roles_init(struct macro_roles *r);
void macro_roles_release(struct macro_roles *r);

/* The entry for the n bytes at name, or NULL. */
const struct macro_role *macro_roles_find(const struct macro_roles *r,
					  const char *name, size_t n);

/* What the body of the macro named so becomes: MR_READ (all uses read),
 * MR_WRITE (all are whole-statement writes, and it takes arguments), or
 * MR_OTHER (left). */
enum macro_use_role macro_role_decision(const struct macro_role *m);

/*
 * What a command whose own pass needs only some files asks of the
 * pre-pass (fix: those that may hold a site): the pre-pass's walk is then
 * the run's one walk of the tree -- it says what it cannot read and shows
 * the progress line as *like asks -- and it lists the files the command
 * must read again, so that the tree is not read a second time whole.
 */
struct walk_stats;
/* Passes over the tree for uses, at most: the macros, those that forward
 * to them, those that forward to these... */
#define MACRO_ROLES_ROUNDS 4
struct strset;
struct prepass_keep {
	/* a file the command wants (called in the walk's threads, once
	 * per file read); names_access: whether the file names a macro of
	 * kind access that is neither rwonce.h's nor discovered (the
	 * pre-pass searches for those anyway, so the command need not) */
	int (*wanted)(const char *buf, size_t len, int names_access,
		      void *ctx);
	void *ctx;
	/* the only names of #defines the command will ask the discovered
	 * table about, filled by wanted during the walk (fix: those of the
	 * files that may hold a volatile cast), or NULL: any
	 * (once_discovery_decide_only()) */
	const struct strset *decide_only;
	/* out: the files wanted, and -- when some macro's uses are
	 * rewritten (its decision MR_WRITE) -- those that name a macro of
	 * roles (a use may then be a site), each once, sorted */
	struct strlist files;
	struct walk_stats *stats; /* out: the walk's counts */
	int walk_ret;             /* out: walk_paths()'s value */
	/* out (fix -vv): the word filters kept (src/cfront/word-filter.h),
	 * and per pass over the uses, its macros and the files it read */
	size_t filters, filter_bytes;
	size_t rounds;
	size_t round_names[MACRO_ROLES_ROUNDS];
	size_t round_reads[MACRO_ROLES_ROUNDS];
};

/*
 * Walk the paths as the command will (the options of *like), offer every
 * file to the discovery of once-macros when discover is set (adding what
 * it finds to *macros), keep every file's #include "..." lines in
 * *edges (includers.h; NULL: not), find the macros whose body is an
 * access of a macro ropts converts, then -- only if there are any -- read
 * again the files that may name them (their words' filter) and classify
 * each use.  ropts->roles is set
 * to *roles.  With keep (NULL: a quiet walk), the walk reports as *like
 * says and keeps the files keep->wanted.  like->also sees each file of
 * the first walk (not those read again for the uses).
 * Returns what once_discovery_finish() returned (0 without discover).
 */
struct include_edges;
size_t rewrite_prepass(const char *const *paths, size_t nr,
		       const struct walk_options *like, int discover,
		       struct once_macros *macros, struct rewrite_opts *ropts,
		       struct macro_roles *roles, struct include_edges *edges,
		       struct prepass_keep *keep);

#endif
