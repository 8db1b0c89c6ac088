#define _GNU_SOURCE
#include "lib/run-command.h"
#include "lib/clock.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The process groups of running children, for run_command_kill_all();
 * 0 is a free slot.  Atomics only: the reader is a signal handler. */
#define MAX_LIVE 256
static pid_t live[MAX_LIVE];

static void live_add(pid_t pid)
{
	for (size_t i = 0; i < MAX_LIVE; i++) {
		pid_t free_slot = 0;

		if (__atomic_compare_exchange_n(&live[i], &free_slot, pid, 0,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return;
	}
	/* More than MAX_LIVE at once: this one is not tracked. */
}

static void live_remove(pid_t pid)
{
	for (size_t i = 0; i < MAX_LIVE; i++)
		if (__atomic_load_n(&live[i], __ATOMIC_SEQ_CST) == pid)
			__atomic_store_n(&live[i], 0, __ATOMIC_SEQ_CST);
}

void run_command_kill_all(void)
{
	for (size_t i = 0; i < MAX_LIVE; i++) {
		pid_t pid = __atomic_load_n(&live[i], __ATOMIC_SEQ_CST);

		if (pid > 0)
			kill(-pid, SIGKILL);
	}
}


static int open_into(const char *path, int flags, int target)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		return -1;
	if (dup2(fd, target) < 0)
		return -1;
	close(fd);
	return 0;
}

/* In the child, after fork: set up and exec; report errno on errpipe. */
static void child_exec(const struct child *c, int out_pipe, int err_pipe,
		       int errpipe)
{
	int err;

	setpgid(0, 0);
	signal(SIGPIPE, SIG_DFL);
	if (open_into(c->stdin_path ? c->stdin_path : "/dev/null", O_RDONLY, 0))
		goto fail;
	if (c->stdout_path) {
		if (open_into(c->stdout_path, O_WRONLY | O_CREAT | O_TRUNC, 1))
			goto fail;
	} else if (dup2(out_pipe, 1) < 0) {
		goto fail;
	}
	if (c->stderr_path) {
		if (open_into(c->stderr_path, O_WRONLY | O_CREAT | O_TRUNC, 2))
			goto fail;
	} else if (dup2(err_pipe, 2) < 0) {
		goto fail;
	}
	if (c->dir && chdir(c->dir))
		goto fail;
	if (c->env)
		for (const char *const *e = c->env; *e; e++)
			putenv((char *)*e);
	execvp(c->argv[0], (char *const *)c->argv);
fail:
	err = errno;
	if (write(errpipe, &err, sizeof(err)) < 0)
		_exit(127);
	_exit(127);
}

static void drain(int *fd, struct strbuf *sb, size_t limit)
{
	char buf[65536];
	ssize_t n = read(*fd, buf, sizeof(buf));

	if (n > 0) {
		size_t room = sb->len < limit ? limit - sb->len : 0;

		strbuf_add(sb, buf, (size_t)n < room ? (size_t)n : room);
	} else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
		close(*fd);
		*fd = -1;
	}
}

int run_child(struct child *c)
{
	int outp[2] = { -1, -1 }, errp[2] = { -1, -1 }, execp[2];
	size_t limit = c->capture_limit ? c->capture_limit : (16u << 20);
	double start = now_seconds();
	int status, err = 0;
	pid_t pid;

	strbuf_init(&c->out);
	strbuf_init(&c->err);
	c->exit_code = -1;
	c->signo = c->timed_out = c->exec_errno = 0;
	c->seconds = 0;

	if ((!c->stdout_path && pipe2(outp, O_CLOEXEC)) ||
	    (!c->stderr_path && pipe2(errp, O_CLOEXEC)) ||
	    pipe2(execp, O_CLOEXEC))
		return error("cannot make a pipe: %s", strerror(errno));

	pid = fork();
	if (pid < 0)
		return error("cannot fork: %s", strerror(errno));
	if (pid == 0)
		child_exec(c, outp[1], errp[1], execp[1]);

	setpgid(pid, pid); /* also in the parent: no race with kill(-pid) */
	live_add(pid);
	close(execp[1]);
	if (outp[1] >= 0)
		close(outp[1]);
	if (errp[1] >= 0)
		close(errp[1]);

	while (read(execp[0], &err, sizeof(err)) < 0 && errno == EINTR)
		;
	close(execp[0]);

	while (outp[0] >= 0 || errp[0] >= 0) {
		struct pollfd pfd[2];
		int n = 0, wait_ms = -1, r;

		if (outp[0] >= 0)
			pfd[n++] = (struct pollfd){ .fd = outp[0], .events = POLLIN };
		if (errp[0] >= 0)
			pfd[n++] = (struct pollfd){ .fd = errp[0], .events = POLLIN };
		if (c->timeout_ms) {
			double left = c->timeout_ms / 1000.0 - (now_seconds() - start);

			if (left <= 0) {
				c->timed_out = 1;
				kill(-pid, SIGKILL);
				break;
			}
			wait_ms = (int)(left * 1000) + 1;
		}
		r = poll(pfd, (nfds_t)n, wait_ms);
		if (r < 0 && errno != EINTR)
			break;
		for (int i = 0; i < n && r > 0; i++) {
			if (!pfd[i].revents)
				continue;
			if (pfd[i].fd == outp[0])
				drain(&outp[0], &c->out, limit);
			else
				drain(&errp[0], &c->err, limit);
		}
	}
	if (outp[0] >= 0)
		close(outp[0]);
	if (errp[0] >= 0)
		close(errp[0]);

	/* Output goes to files: still honour the timeout while waiting. */
	for (;;) {
		pid_t w = waitpid(pid, &status, c->timeout_ms && !c->timed_out ? WNOHANG : 0);

		if (w == pid)
			break;
		if (w < 0 && errno != EINTR) {
			live_remove(pid);
			return error("waitpid: %s", strerror(errno));
		}
		if (w == 0) {
			if (now_seconds() - start >= c->timeout_ms / 1000.0) {
				c->timed_out = 1;
				kill(-pid, SIGKILL);
			} else {
				usleep(2000);
			}
		}
	}
	/* A child that exits may leave grandchildren: end the group too. */
	if (c->timed_out)
		kill(-pid, SIGKILL);
	live_remove(pid);
	c->seconds = now_seconds() - start;

	if (err) {
		c->exec_errno = err;
		return -1;
	}
	if (WIFEXITED(status))
		c->exit_code = WEXITSTATUS(status);
	else if (WIFSIGNALED(status))
		c->signo = WTERMSIG(status);
	return 0;
}

void child_release(struct child *c)
{
	strbuf_release(&c->out);
	strbuf_release(&c->err);
}

const char *child_describe(const struct child *c)
{
	static char buf[160];

	if (c->exec_errno == ENOENT)
		snprintf(buf, sizeof(buf), "not found");
	else if (c->exec_errno)
		snprintf(buf, sizeof(buf), "cannot be run: %s", strerror(c->exec_errno));
	else if (c->timed_out)
		snprintf(buf, sizeof(buf), "timed out after %.1f s and was killed",
			 c->timeout_ms / 1000.0);
	else if (c->signo)
		snprintf(buf, sizeof(buf), "killed by signal %d (%s)", c->signo,
			 strsignal(c->signo));
	else
		snprintf(buf, sizeof(buf), "exited with status %d", c->exit_code);
	return buf;
}

int child_ok(const struct child *c)
{
	return !c->exec_errno && !c->timed_out && !c->signo && c->exit_code == 0;
}

int program_exists(const char *program)
{
	const char *path = getenv("PATH");

	if (strchr(program, '/'))
		return access(program, X_OK) == 0;
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		const char *end = strchrnul(path, ':');
		char *full = xasprintf("%.*s/%s", (int)(end - path), path, program);
		struct stat st;
		int ok = !stat(full, &st) && S_ISREG(st.st_mode) && !access(full, X_OK);

		free(full);
		if (ok)
			return 1;
		path = *end ? end + 1 : end;
	}
	return 0;
}
