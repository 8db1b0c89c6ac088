/*
 * Replacing a file's contents for `rwonce fix --in-place`, atomically:
 * the new bytes go to a temporary file in the same folder (so rename(2)
 * cannot cross a file system), get the old file's mode and owner, are
 * flushed, and replace the old file with one rename.  A reader sees the
 * old file or the new one, never a mix; a failure leaves the old file.
 */
#ifndef RWONCE_FIX_IN_PLACE_H
#define RWONCE_FIX_IN_PLACE_H

#include <stddef.h>
#include <sys/stat.h>

/*
 * What the file looked like when it was read: its stat and its bytes.
 * Taken with inplace_snapshot() before reading; checked again just before
 * the rename so that an edit made meanwhile is never overwritten.
 */
struct inplace_snapshot {
	struct stat st;
};

/*
 * Is PATH something we may replace?  Returns NULL, or a reason ("is
 * read-only", "is a symbolic link", ...) in static storage.  Fills *snap.
 */
const char *inplace_check(const char *path, struct inplace_snapshot *snap);

/*
 * Replace PATH by new_buf[0..new_len) if it still holds old_buf[0..old_len)
 * and still matches *snap.  Returns 0, or -1 after printing
 * "rwonce: error: PATH: ..." (the file is then untouched and no temporary
 * file is left behind) -- or, with msg not NULL, after putting the text
 * after "error: " there, for a caller that replaces files in parallel and
 * says what failed in the order of their paths.
 */
struct strbuf;
int inplace_replace(const char *path, const struct inplace_snapshot *snap,
		    const char *old_buf, size_t old_len,
		    const char *new_buf, size_t new_len, struct strbuf *msg);

#endif
