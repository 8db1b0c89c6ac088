/*
 * What a report says about the run that made it: the command line, when
 * it started, and the commit of the checkout it ran in.  main() records
 * the command line and the time once; the report writers (HTML, SARIF)
 * read them here, so no command passes them along.
 */
#ifndef RWONCE_LIB_RUN_INFO_H
#define RWONCE_LIB_RUN_INFO_H

#include <stddef.h>

/* In main(), first: argv as given ("rwonce", "scan", ...) and the start
 * time (SOURCE_DATE_EPOCH when it is set, so that a report can be made
 * again byte for byte). */
void run_info_start(int argc, const char **argv);

/* The arguments (NULL, 0 before run_info_start()). */
const char *const *run_info_argv(size_t *argc);
/* The command line as a POSIX shell would take it back: arguments with
 * blanks or shell characters in single quotes.  "" before
 * run_info_start(). */
const char *run_info_command_line(void);
/* "2026-12-06T15:04:05Z"; "" before run_info_start(). */
const char *run_info_start_utc(void);

/* The commit checked out where dir is (git rev-parse HEAD, 40 or 64 hex
 * digits), or NULL: not a git checkout, or git not installed.  Asked
 * once per run. */
const char *run_info_commit(const char *dir);

#endif
