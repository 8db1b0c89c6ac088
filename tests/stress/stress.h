/*
 * stress.h -- what every stress program shares: a time budget, a stop
 * flag, and thread start-up that fails loudly.
 *
 * Each program runs its threads until the budget (milliseconds, argv)
 * has passed, prints one line of counts, and exits 0 when its invariant
 * held, 1 when it did not, 2 on bad usage or a failed pthread call.
 */
#ifndef STRESS_H
#define STRESS_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rwonce.h"

static int stress_stop; /* set once by main when the budget is spent */

static inline int stress_stopped(void)
{
	return READ_ONCE(stress_stop);
}

static inline void stress_start(pthread_t *t, void *(*fn)(void *), void *arg)
{
	if (pthread_create(t, NULL, fn, arg)) {
		fprintf(stderr, "stress: cannot create a thread\n");
		exit(2);
	}
}

/* Let the threads run for ms milliseconds, then ask them to stop. */
static inline void stress_run_for(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts))
		;
	WRITE_ONCE(stress_stop, 1);
}

static inline long stress_arg(int argc, char **argv, int i, long dflt)
{
	return argc > i ? strtol(argv[i], NULL, 0) : dflt;
}

#endif /* STRESS_H */
