/*
 * One file's outcome in a fix run, whatever chose its edits -- the tree
 * walk of fix.c or scan's findings (from-scan.h): what fix_report()
 * prints and adds up.
 */
#ifndef RWONCE_FIX_FILE_RESULT_H
#define RWONCE_FIX_FILE_RESULT_H

#include "fix/in-place.h"
#include "lib/strbuf.h"

#include <stddef.h>

/*
 * A file --in-place will replace: its bytes as read and as fixed, and
 * its stat then.  The walk keeps these and writes nothing, so that no
 * file's decision (which reads other files: the headers it includes)
 * can see another file already rewritten -- the result would depend on
 * -j and on which worker finished first.
 */
struct fix_pending_write {
	struct inplace_snapshot snap;
	char *old_buf, *new_buf;
	size_t old_len, new_len;
};

struct fix_file_result {
	char *path;
	struct strbuf diff;  /* for stdout */
	struct strbuf notes; /* for stderr */
	size_t converted, left;
	int trouble;
	int written;         /* --in-place: the file was replaced */
	int included;        /* an #include of the once-macros was added */
	size_t uses;         /* uses of a macro that now takes the value */
	char *apply_from;    /* the diff names it from this folder, not "." */
	struct strbuf edits; /* --format=json: its edits (fix-json.h) */
	/* --in-place: the replacement the walk decided, written only after
	 * every file is decided (fix.c); NULL once written or dropped */
	struct fix_pending_write *pending;
};

/* A fresh result for path (copied). */
void fix_file_result_init(struct fix_file_result *r, const char *path);
/* Frees a pending write too, unwritten (fix.c writes them first). */
void fix_file_result_release(struct fix_file_result *r);

struct fix_results {
	struct fix_file_result *items;
	size_t nr, alloc;
};

#endif
