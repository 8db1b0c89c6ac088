/*
 * Running child processes: always from an argument vector (never through
 * a shell), in their own process group so that a timeout kills the whole
 * tree, with stdout/stderr captured or sent to files.
 */
#ifndef RWONCE_LIB_RUN_COMMAND_H
#define RWONCE_LIB_RUN_COMMAND_H

#include "lib/strbuf.h"

struct child {
	/* In */
	const char *const *argv;  /* argv[0] is looked up in PATH */
	const char *const *env;   /* extra "NAME=value" entries, or NULL */
	const char *dir;          /* working folder, or NULL */
	const char *stdin_path;   /* NULL: /dev/null */
	const char *stdout_path;  /* NULL: captured into out */
	const char *stderr_path;  /* NULL: captured into err */
	unsigned timeout_ms;      /* 0: no limit */
	size_t capture_limit;     /* 0: 16 MiB per stream; more is dropped */

	/* Out */
	struct strbuf out, err;
	int exit_code;            /* exit status, or -1 when signalled */
	int signo;                /* terminating signal, or 0 */
	int timed_out;            /* killed by the timeout */
	int exec_errno;           /* errno of a failed exec (ENOENT...) */
	double seconds;           /* wall time */
};

#define CHILD_INIT { 0 }

/*
 * Run to completion.  Returns 0 when the program ran (whatever its exit
 * status), -1 when it could not be started (exec_errno says why) or could
 * not be watched.  Captured output is kept in out/err.
 */
int run_child(struct child *c);

/* Free captured output. */
void child_release(struct child *c);

/* "exited with status 3", "killed by signal 11 (Segmentation fault)",
 * "timed out after 10 s", "not found"; static storage. */
const char *child_describe(const struct child *c);

/* Non-zero when the program exited with status 0. */
int child_ok(const struct child *c);

/* Is PROGRAM found in PATH (or is it a path to an executable)? */
int program_exists(const char *program);

/*
 * Kill (SIGKILL) the process group of every child run_child() is running
 * now.  Each child gets a group of its own so that a timeout can end it
 * with all its descendants -- which also means a ^C at the terminal does
 * not reach it: rwonce's fatal-signal handler (tempdir.c) calls this, so
 * that no hung probe outlives rwonce.  Async-signal-safe.
 */
void run_command_kill_all(void);

#endif
