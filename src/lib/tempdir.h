/*
 * Private temporary folders, made with mkdtemp and removed on every exit
 * path: normal return, exit(), die(), and SIGINT/SIGTERM/SIGHUP -- after
 * the children started by run_child(), which are killed first.
 */
#ifndef RWONCE_LIB_TEMPDIR_H
#define RWONCE_LIB_TEMPDIR_H

/*
 * Make "$TMPDIR/rwonce-<what>.XXXXXX" and register it for removal.  The
 * returned path lives until tempdir_remove() or exit.  Dies on failure.
 */
const char *tempdir_create(const char *what);

/* Remove one folder made by tempdir_create (recursively) now. */
void tempdir_remove(const char *path);

/* Remove every registered folder; safe to call more than once. */
void tempdir_remove_all(void);

/* Set RWONCE_KEEP_TEMP=1 to keep the folders for debugging. */

#endif
