/*
 * The progress line: one line on stderr that a long run rewrites in
 * place ("\rrwonce scan: 3/8 files ...\033[K") and erases when it is
 * done.  Every command prints it through here, so every command decides
 * alike when to show it -- stderr a terminal, TERM not "dumb",
 * NO_PROGRESS not set, and neither -q nor --no-progress given -- and
 * a message never lands in the middle of it.
 *
 *   progress_start(!no_progress && !quiet, 0);
 *   ... from any thread, as items are done:
 *   progress_show(0, "rwonce fix: %zu files", n);   at most 10 a second
 *   progress_show(1, "[%zu/%zu] %s", i, nr, label); now
 *   ... a message meanwhile:
 *   progress_hold(); fputs(msg, stderr); progress_release();
 *   progress_stop();                                erased
 *
 * One line per process: a command runs one long step at a time.
 */
#ifndef RWONCE_LIB_PROGRESS_H
#define RWONCE_LIB_PROGRESS_H

#include "lib/util.h"

/*
 * Should a progress line be shown?  wanted: the command's options allow
 * one (not -q, not --no-progress); then not with NO_PROGRESS set to
 * anything, not when stderr is not a terminal or TERM is "dumb".
 * NO_COLOR is about colours and does not turn it off.
 */
int progress_wanted(int wanted);

/*
 * A step begins: the line is shown from now on if progress_wanted(wanted),
 * not before `delay` seconds have passed (a short run shows none).
 * Returns whether it is on.
 */
int progress_start(int wanted, double delay);

/*
 * Rewrite the line with the text fmt makes, at most ten times a second
 * (force: now, for "an item is done").  Nothing when it is off, or before
 * the delay.  Safe from any thread.
 */
void progress_show(int force, const char *fmt, ...) RWONCE_PRINTF(2, 3);

/* Would progress_show(force, ...) write now?  For a line that costs
 * something to make: make it only then. */
int progress_due(int force);

/* Erase the line and keep it off stderr until progress_release(), for a
 * message printed meanwhile (from any thread). */
void progress_hold(void);
void progress_release(void);

/* The step is over: the line erased, and off. */
void progress_stop(void);

#endif
