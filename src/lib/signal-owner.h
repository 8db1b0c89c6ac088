/*
 * One thread that owns SIGINT, SIGTERM and SIGHUP while others work in
 * parallel on the user's files (fix --in-place's writers).
 *
 * A signal handler runs in whichever thread the kernel picks: with
 * several threads replacing files, it could run in one while another was
 * between the link of its temporary name and the rename, and the
 * cleanup's removal came before the link -- a stray temporary file
 * (issue #35; t2335 caught it).  Instead, signal_owner_start() blocks
 * the three signals in the calling thread, so every thread it starts
 * afterwards has them blocked too, and starts one thread that waits for
 * them with sigtimedwait().  That thread, given one, calls
 * tempdir_die_of_signal(): the writers' name-making sections
 * (tempfile_hold()) end and no other begins, the temporary files are
 * removed, and the process dies of the signal (exit status 128 + N, as
 * before).  A signal the user set to be ignored stays ignored.
 *
 *	struct signal_owner *so = signal_owner_start();
 *	pool_run(...);              (threads started here inherit the mask)
 *	signal_owner_stop(so);
 */
#ifndef RWONCE_LIB_SIGNAL_OWNER_H
#define RWONCE_LIB_SIGNAL_OWNER_H

struct signal_owner;

/* Never NULL: when no thread can be started, dies (nothing is written
 * yet then). */
struct signal_owner *signal_owner_start(void);

/* Ends the thread and restores the calling thread's signal mask (a
 * signal that came meanwhile is then handled as without the owner). */
void signal_owner_stop(struct signal_owner *so);

#endif
