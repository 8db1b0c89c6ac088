/*
 * The unified diff that shows one file's edits (rewrite/edits.h).
 *
 * `rwonce fix` never re-diffs two whole files: it knows exactly which
 * bytes it replaced, so the changed lines are known and the diff is built
 * from the edits in one pass (linear in the file size).  The output is
 * what `git apply` and `patch -p1` accept: a/ and b/ prefixes, hunks with
 * three lines of context, "\ No newline at end of file" markers.
 */
#ifndef RWONCE_FIX_DIFF_H
#define RWONCE_FIX_DIFF_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "rewrite/edits.h"

/*
 * Append a unified diff of the edits to *out, naming the file "a/PATH"
 * and "b/PATH" (PATH as given by diff_path_for(); quoted the way git
 * quotes names that need it).  Nothing is appended for an empty list.
 */
void diff_write(struct strbuf *out, const char *path, const char *buf,
		size_t len, const struct edit_list *edits);

/*
 * The name a path gets in the diff: relative to the current folder when
 * it is below it, without "./" and doubled slashes.  A file above the
 * current folder ("../x.c") is named relative to the root of its git
 * repository, or else by its absolute path (applies from /): never
 * "a/../x.c", which neither `git apply` nor `patch -p1` accepts.  Then
 * *apply_from is set to the folder the diff applies from (caller frees),
 * else left alone.  Caller frees the name.
 */
char *diff_path_for(const char *path, char **apply_from);

#endif
