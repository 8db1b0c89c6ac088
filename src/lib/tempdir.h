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

/*
 * Temporary files with a name in the user's folders (replace-file.c's
 * ".NAME.rwonce-XXXXXX" next to the file it replaces): a name registered
 * here is unlinked by the SIGINT/SIGTERM/SIGHUP handler and at exit,
 * unless forgotten first.  Register the name before the file exists
 * (unlinking a name that is not there yet is harmless), forget it once
 * renamed or removed, so that no moment is left uncovered.  SIGKILL is
 * the exception no handler can cover: replace-file.c keeps its files
 * nameless (O_TMPFILE) for all but the instant of the switch.
 * RWONCE_KEEP_TEMP does not apply: these are in the user's tree.
 *
 * Returns a handle for tempfile_forget(), or NULL when the path is too
 * long to be held (then nothing is registered).
 */
struct tempfile_slot;
struct tempfile_slot *tempfile_register(const char *path);
void tempfile_forget(struct tempfile_slot *slot); /* NULL: nothing */

#endif
