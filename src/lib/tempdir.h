/*
 * Private temporary folders, made with mkdtemp and removed on every exit
 * path: normal return, exit(), die(), and SIGINT/SIGTERM/SIGHUP -- after
 * the children started by run_child(), which are killed first.
 */
#ifndef RWONCE_LIB_TEMPDIR_H
#define RWONCE_LIB_TEMPDIR_H

#include "lib/util.h" /* RWONCE_NORETURN */

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

/*
 * A section that makes a registered name or switches it (replace-file.c:
 * the name made and the file created or linked there; the link and the
 * rename over the path).  With several threads writing, the cleanup of
 * a signal taken by one thread (tempdir_die_of_signal(), from
 * signal-owner.h) waits until no section is held and lets none start, so
 * that no name appears after it removed the registered ones and no file
 * is renamed half-way: a file is the old one or the whole new one.
 * Cheap (a mutex); a thread that asks for a hold while the process is
 * dying of a signal waits until it is dead.
 */
void tempfile_hold(void);
void tempfile_release(void);

/*
 * Die of sig as the signal handler would -- children killed, temporary
 * files and folders removed, the signal raised again with its default
 * action -- from a thread that took sig with sigwait(): first every
 * held section ends (tempfile_hold()).  Never returns.
 */
void tempdir_die_of_signal(int sig) RWONCE_NORETURN;

#endif
