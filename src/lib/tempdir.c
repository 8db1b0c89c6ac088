#define _XOPEN_SOURCE 700
#include "lib/tempdir.h"
#include "lib/run-command.h"
#include "lib/util.h"

#include <ftw.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char **dirs;
static size_t nr_dirs, alloc_dirs;
static int installed;

/*
 * The registered temporary files: a list that only grows, each slot
 * holding its path in place, so the signal handler can walk it without a
 * lock and without reading memory another thread frees.  A slot is live
 * while its name is registered; a forgotten slot is reused (under lock).
 */
struct tempfile_slot {
	atomic_int live;
	struct tempfile_slot *next;
	char path[PATH_MAX];
};
static struct tempfile_slot *_Atomic tempfiles;

/* Async-signal-safe: atomic loads and unlink(2). */
static void remove_tempfiles(void)
{
	for (struct tempfile_slot *s = atomic_load(&tempfiles); s; s = s->next)
		if (atomic_exchange(&s->live, 0))
			unlink(s->path);
}

static int rm_one(const char *path, const struct stat *st, int flag,
		  struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP || flag == FTW_D)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

static void rm_tree(const char *path)
{
	nftw(path, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static int keep_temp(void)
{
	const char *k = getenv("RWONCE_KEEP_TEMP");

	return k && *k && strcmp(k, "0");
}

void tempdir_remove_all(void)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nr_dirs; i++) {
		if (dirs[i] && !keep_temp())
			rm_tree(dirs[i]);
		free(dirs[i]);
		dirs[i] = NULL;
	}
	nr_dirs = 0;
	pthread_mutex_unlock(&lock);
}

static void on_signal(int sig)
{
	/* First the children: they run in groups of their own, so the
	 * signal did not reach them, and they may still be writing here. */
	run_command_kill_all();
	remove_tempfiles();
	/*
	 * Not strictly async-signal-safe (nftw allocates), but the process
	 * is about to die and leaving folders behind is the worse outcome.
	 */
	for (size_t i = 0; i < nr_dirs; i++)
		if (dirs[i] && !keep_temp())
			rm_tree(dirs[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The sections that make or switch a name (tempfile_hold()). */
static pthread_mutex_t hold_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t hold_cond = PTHREAD_COND_INITIALIZER;
static int holds, dying;

void tempfile_hold(void)
{
	pthread_mutex_lock(&hold_lock);
	while (dying) /* until the signal's cleanup ends the process */
		pthread_cond_wait(&hold_cond, &hold_lock);
	holds++;
	pthread_mutex_unlock(&hold_lock);
}

void tempfile_release(void)
{
	pthread_mutex_lock(&hold_lock);
	if (!--holds)
		pthread_cond_broadcast(&hold_cond);
	pthread_mutex_unlock(&hold_lock);
}

void tempdir_die_of_signal(int sig)
{
	sigset_t set;

	pthread_mutex_lock(&hold_lock);
	dying = 1;
	while (holds)
		pthread_cond_wait(&hold_cond, &hold_lock);
	pthread_mutex_unlock(&hold_lock);
	/* no name is being made or switched, and none will be */
	run_command_kill_all();
	remove_tempfiles();
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nr_dirs; i++)
		if (dirs[i] && !keep_temp())
			rm_tree(dirs[i]);
	pthread_mutex_unlock(&lock);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	/* a signal that does not end a process by default (none of those
	 * the owner takes): end it as the shell would say it */
	_exit(128 + sig);
}

static void install_handlers(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	atexit(tempdir_remove_all);
	atexit(remove_tempfiles);
	/* Registered last, so run first: die() in one thread while another
	 * waits for a child must not leave that child running. */
	atexit(run_command_kill_all);
	installed = 1;
}

const char *tempdir_create(const char *what)
{
	const char *tmp = getenv("TMPDIR");
	char *path;

	if (!tmp || !*tmp)
		tmp = "/tmp";
	path = xasprintf("%s/rwonce-%s.XXXXXX", tmp, what);
	if (!mkdtemp(path))
		die_errno("cannot make a temporary folder under %s", tmp);
	pthread_mutex_lock(&lock);
	if (!installed)
		install_handlers();
	ALLOC_GROW(dirs, nr_dirs + 1, alloc_dirs);
	dirs[nr_dirs++] = path;
	pthread_mutex_unlock(&lock);
	return path;
}

void tempdir_remove(const char *path)
{
	pthread_mutex_lock(&lock);
	for (size_t i = 0; i < nr_dirs; i++) {
		if (dirs[i] && !strcmp(dirs[i], path)) {
			if (!keep_temp())
				rm_tree(dirs[i]);
			free(dirs[i]);
			dirs[i] = dirs[--nr_dirs];
			break;
		}
	}
	pthread_mutex_unlock(&lock);
}

struct tempfile_slot *tempfile_register(const char *path)
{
	struct tempfile_slot *s;
	size_t n = strlen(path);

	if (n >= PATH_MAX)
		return NULL;
	pthread_mutex_lock(&lock);
	if (!installed)
		install_handlers();
	for (s = atomic_load(&tempfiles); s; s = s->next)
		if (!atomic_load(&s->live))
			break;
	if (!s) {
		s = xcalloc(1, sizeof(*s));
		s->next = atomic_load(&tempfiles);
		atomic_store(&tempfiles, s);
	}
	/* the path first, then live: the handler never sees half a name */
	memcpy(s->path, path, n + 1);
	atomic_store(&s->live, 1);
	pthread_mutex_unlock(&lock);
	return s;
}

void tempfile_forget(struct tempfile_slot *slot)
{
	if (slot)
		atomic_store(&slot->live, 0);
}
