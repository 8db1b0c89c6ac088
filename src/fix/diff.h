/*
 * Byte-span edits of one file and the unified diff that shows them.
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

/* Replace bytes [off, off + len) of the original with text[0..text_len). */
struct text_edit {
	size_t off, len;
	const char *text; /* static or owned by the edit list's user */
	size_t text_len;
	size_t seq;       /* order of addition: insertions at one offset
			     keep it */
};

struct edit_list {
	struct text_edit *items;
	size_t nr, alloc;
};
#define EDIT_LIST_INIT { NULL, 0, 0 }

void edit_list_add(struct edit_list *l, size_t off, size_t len,
		   const char *text);
/*
 * Sort by offset (an insertion sorts before a replacement at the same
 * offset; insertions at one offset keep the order they were added in:
 * "WRITE_ONCE(a, READ_ONCE(b))" closes two calls after b) and check that
 * no two edits overlap.  Returns 0, or -1 when two
 * edits overlap (the list is then sorted but unusable).
 */
int edit_list_sort(struct edit_list *l);
void edit_list_release(struct edit_list *l);

/* Append the original with the sorted edits applied to *out. */
void edits_apply(const char *buf, size_t len, const struct edit_list *edits,
		 struct strbuf *out);

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
