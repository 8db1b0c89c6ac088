/* One thread that takes SIGINT, SIGTERM and SIGHUP (signal-owner.h). */
#include "lib/signal-owner.h"
#include "lib/tempdir.h"
#include "lib/util.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct signal_owner {
	pthread_t thread;
	sigset_t set, old;
	atomic_int stop;
};

static void *take_signals(void *arg)
{
	struct signal_owner *so = arg;
	/* how often it looks whether it may stop: the signals themselves
	 * wake it at once */
	const struct timespec tick = { 0, 20 * 1000 * 1000 };

	while (!atomic_load(&so->stop)) {
		int sig = sigtimedwait(&so->set, NULL, &tick);

		if (sig > 0)
			tempdir_die_of_signal(sig);
	}
	return NULL;
}

struct signal_owner *signal_owner_start(void)
{
	struct signal_owner *so = xcalloc(1, sizeof(*so));
	int err;

	sigemptyset(&so->set);
	sigaddset(&so->set, SIGINT);
	sigaddset(&so->set, SIGTERM);
	sigaddset(&so->set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &so->set, &so->old);
	atomic_init(&so->stop, 0);
	err = pthread_create(&so->thread, NULL, take_signals, so);
	if (err) {
		pthread_sigmask(SIG_SETMASK, &so->old, NULL);
		errno = err;
		die_errno("cannot start the thread that takes the signals");
	}
	return so;
}

void signal_owner_stop(struct signal_owner *so)
{
	atomic_store(&so->stop, 1);
	pthread_join(so->thread, NULL);
	pthread_sigmask(SIG_SETMASK, &so->old, NULL);
	free(so);
}
