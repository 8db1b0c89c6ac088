#ifndef RWONCE_LIB_REPLACE_FILE_H
#define RWONCE_LIB_REPLACE_FILE_H
/*
 * Replacing a file whole, never half: the new text goes to a temporary
 * file next to it (same folder, same file system), is synced, and is
 * renamed over the old name only when all of it is on disk.  A reader
 * sees the old file or the new one; a failure leaves the old one.
 *
 *	struct replace_file r;
 *	if (replace_file_begin(&r, path) ||
 *	    replace_file_write(&r, buf, len) ||
 *	    fchmod(r.fd, mode) ||           (anything else on the open file)
 *	    replace_file_close(&r) ||
 *	    ...                             (last checks before the switch)
 *	    replace_file_commit(&r))
 *		... report strerror(errno) ... replace_file_abort(&r);
 *
 * Each step returns 0, or -1 with errno set; the caller words the error
 * and calls replace_file_abort (which keeps errno).  A commit that
 * succeeds releases r; an abort after a failed begin is harmless.
 */
#include "lib/strbuf.h"

#include <stddef.h>

struct replace_file {
	char *path;          /* the file to replace */
	struct strbuf tmp;   /* ".NAME.rwonce-XXXXXX" next to it */
	int fd;              /* the temporary file, until closed */
};

int replace_file_begin(struct replace_file *r, const char *path);
int replace_file_write(struct replace_file *r, const char *buf, size_t len);
/* fsync and close the temporary file. */
int replace_file_close(struct replace_file *r);
/* Rename it over the path (closing it first if still open), then sync
 * the folder so the rename itself survives a crash. */
int replace_file_commit(struct replace_file *r);
/* Remove the temporary file if it is still there; release r. */
void replace_file_abort(struct replace_file *r);

#endif
