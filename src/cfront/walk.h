/*
 * Walking C trees for `rwonce audit` and `rwonce fix`: the same files, the
 * same order, the same messages for both commands.
 *
 * Every argument is a file or a directory.  A named file is read whatever
 * its name; a directory is searched recursively for regular files named
 * *.c and *.h.  Symbolic links found inside directories are not followed
 * unless follow_symlinks is set, and then a directory reached twice (a
 * symlink loop, or two links to one place) is skipped with a warning.
 * --exclude globs (fnmatch, no FNM_PATHNAME) are matched against the whole
 * path, the path below the argument being walked, and the last path
 * component; a matching directory is not entered.
 *
 * Files are read by a pool of `jobs` threads, one whole file per read into
 * a buffer that each thread reuses; at most a bounded number of paths wait
 * in the queue, so memory does not grow with the size of the tree.  A
 * file whose first 8000 bytes hold a NUL byte is binary: skipped with a
 * message.  A file that cannot be read is reported and the walk goes on.
 *
 * A file the user named on the command line is an input they asked to
 * have checked: when it is not (binary, not a regular file), that is an
 * error and the walk's trouble (exit status 2), where the same file met
 * in a folder is skipped with a warning.
 */
#ifndef RWONCE_CFRONT_WALK_H
#define RWONCE_CFRONT_WALK_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "lib/util.h"

struct walk_file {
	const char *path; /* as the user should see it: the argument joined
			     with the names below it */
	const char *buf;  /* the contents, with a NUL byte after them */
	size_t len;
	int named;        /* named on the command line, not found in a
			     folder: a caller that skips it must say so as
			     an error (walk_error) and count it as trouble */
	int plain;        /* found in a folder as a regular file, with no
			     symbolic link followed (-L off): its last
			     part is no link, as a realpath() would ask */
};

struct walk_options {
	const struct strlist *excludes; /* globs, or NULL */
	int jobs;                       /* threads; <= 0: online_cpus() */
	int follow_symlinks;
	int progress;                   /* a progress line wanted: not -q,
					   not --no-progress; shown on a
					   terminal (lib/progress.h) */
	int quiet;                      /* no messages of the walk's own:
					   a first pass over files that a
					   second one reads and reports */
	const char *what;               /* "audit": names the progress line */
	int reread;                     /* files an earlier walk of this run
					   listed and reported: said only if
					   they changed since, and the tests'
					   pause is that walk's */
	/*
	 * Called once per file in a worker thread; `worker` is what
	 * worker_init returned for that thread (or NULL without one).  The
	 * buffer is only valid during the call.
	 */
	void (*fn)(const struct walk_file *f, void *worker, void *ctx);
	void *(*worker_init)(void *ctx);
	/* Called in the main thread after all workers are done. */
	void (*worker_done)(void *worker, void *ctx);
	/*
	 * Another reader of each file handed to fn, called just before fn
	 * in the same thread with also_ctx (or NULL): a caller that walks
	 * with someone else's fn (the pre-pass of src/rewrite) and needs
	 * something of the same buffers (audit: the tree type index's
	 * sketch of each header), so that nobody reads them again.
	 */
	void (*also)(const struct walk_file *f, void *ctx);
	void *also_ctx;
	/* Adds ", 12 findings" to the progress line; may be NULL. */
	void (*progress_extra)(struct strbuf *sb, void *ctx);
	void *ctx;
};

struct walk_stats {
	size_t files;      /* files handed to fn */
	size_t bytes;
	size_t binary;     /* skipped as binary */
	size_t unreadable; /* could not be opened or read (trouble) */
	size_t vanished;   /* listed, then gone before it was read */
	size_t loops;      /* directories skipped as already visited */
};

/*
 * Walk the paths (nr of them) with opt.  Returns 0, or -1 when something
 * the user named could not be read at all or a file was unreadable (the
 * walk still covers everything else; messages are on stderr).
 */
int walk_paths(const char *const *paths, size_t nr,
	       const struct walk_options *opt, struct walk_stats *stats);

/*
 * Print a warning ("rwonce: warning: ...") without garbling the progress
 * line; safe from any thread.
 */
void walk_warning(const char *fmt, ...) RWONCE_PRINTF(1, 2);
void walk_error(const char *fmt, ...) RWONCE_PRINTF(1, 2);

/* Does the name end in .c or .h? */
int walk_is_c_name(const char *name);

/*
 * The top of the tree the paths belong to (issue 34: what a file needs to
 * know -- the types of its operands, the tree's once-macros -- comes from
 * there, so a file or folder gets the findings a whole-tree run gives
 * it): `srcroot` when given, else the nearest folder above the first path
 * that holds a .git (a folder, or a worktree's file).  Spelled "." when it
 * is the current folder, relative ("../..") when it holds the current
 * folder, else absolute.  NULL when there is none, or when some path is
 * not inside it: the paths are then the tree, as before.  Free it.
 */
char *walk_tree_root(const char *const *paths, size_t nr, const char *srcroot);

/*
 * The headers of the tree below `root` that the C files of `paths` can
 * see: every #include "x.h" (from the including file's folder first) and
 * <x.h> -- any header of the tree whose path ends in /x.h, one per
 * architecture where several do -- followed transitively.  A run's
 * knowledge (once-macros, types) comes from the paths and these: a file
 * gets what a whole-tree run gives it without reading the whole tree (the
 * tree is listed, only the headers reached are read).  Appended to *out,
 * spelled root/...; hidden folders and symbolic links are skipped.
 */
void walk_include_closure(const char *root, const char *const *paths,
			  size_t nr, struct strlist *out);

#endif
