#ifndef RWONCE_LIB_REPLACE_FILE_H
#define RWONCE_LIB_REPLACE_FILE_H
/*
 * Replacing a file whole, never half: the new text goes to a temporary
 * file next to it (same folder, same file system), is synced, and is
 * renamed over the old name only when all of it is on disk.  A reader
 * sees the old file or the new one; a failure leaves the old one.  This
 * is the one place in rwonce that replaces a file.
 *
 * No interruption leaves the temporary file in the user's folder: where
 * the file system makes nameless files (O_TMPFILE, Linux: ext4, tmpfs,
 * xfs, btrfs ...) it has no name until the commit links it as
 * ".NAME.rwonce-XXXXXX" and renames that over the path at once, so even
 * SIGKILL leaves nothing (but in that instant); elsewhere it is made
 * under that name, registered with the signal and exit cleanup
 * (tempdir.h), which removes it on SIGINT, SIGTERM, SIGHUP and exit --
 * SIGKILL there can leave it.
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
 * The file gets the mode the user expects (replace_file_begin): an
 * existing file keeps its mode bits, a new one is made as any new file,
 * 0666 less the umask -- never the temporary file's 0600.
 *
 * Each step returns 0, or -1 with errno set; the caller words the error
 * and calls replace_file_abort (which keeps errno).  A commit that
 * succeeds releases r; an abort after a failed begin is harmless.
 */
#include "lib/strbuf.h"

#include <stddef.h>

struct tempfile_slot;

struct replace_file {
	char *path;          /* the file to replace */
	struct strbuf tmp;   /* ".NAME.rwonce-XXXXXX" next to it, once it
				has a name (empty while nameless) */
	int fd;              /* the temporary file, until closed */
	int nameless;        /* O_TMPFILE: linked only at the commit */
	int synced;          /* nameless and fsynced already */
	struct tempfile_slot *slot; /* its name, registered for cleanup */
};

int replace_file_begin(struct replace_file *r, const char *path);
int replace_file_write(struct replace_file *r, const char *buf, size_t len);
/*
 * Give the temporary file the extended attributes the file at r->path
 * has (those this user can see: user.*, an ACL, an SELinux label ...),
 * and drop those it got that the old one lacks (a folder's default
 * ACL).  Call it after fchown and fchmod: those clear some (the
 * capability set).  -1 with errno set, and *failed naming the
 * attribute when one could not be read or set.
 */
int replace_file_copy_xattrs(struct replace_file *r, const char **failed);
/* fsync the temporary file and close it (a nameless one stays open,
 * for the commit to link it). */
int replace_file_close(struct replace_file *r);
/* Rename it over the path (closing it first if still open), then sync
 * the folder so the rename itself survives a crash. */
int replace_file_commit(struct replace_file *r);
/* Remove the temporary file if it is still there; release r. */
void replace_file_abort(struct replace_file *r);

#endif
