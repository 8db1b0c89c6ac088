/*
 * ipte-lock -- the s390 IPTE interlock of the 2014 seed patch, running.
 *
 *   ipte-lock [THREADS [ROUNDS]]
 *
 * Part 1, "simple": THREADS host threads take the lock ROUNDS times each
 * and add one to a plain counter inside it.  A lock whose first READ_ONCE
 * was split or repeated would let two threads in at once and lose
 * increments; the counter must end at THREADS * ROUNDS.
 *
 * Part 2, "siif": THREADS host threads share the lock (kh counts them)
 * while one guest thread takes it exclusively.  ipte_unlock_siif() is the
 * very function that GCC 4.7 miscompiled.  A host must never see the guest
 * inside, and when everybody is done the lock word must be back to 0 --
 * a lost kh decrement would leave it held for ever.
 *
 * Exit status 0 when both parts hold, 1 otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ipte-control.h"

static union ipte_control lock_word;
static unsigned long counter;      /* guarded by lock_word (simple) */
static int guest_inside;           /* set only while the guest holds it */
static unsigned long host_rounds;  /* per host thread */
static unsigned long host_saw_guest; /* exclusion violations seen */

static void *simple_host(void *arg)
{
	unsigned long i;

	(void)arg;
	for (i = 0; i < host_rounds; i++) {
		ipte_lock_simple(&lock_word);
		counter++; /* plain access: the lock is all that protects it */
		ipte_unlock_simple(&lock_word);
	}
	return NULL;
}

static void *siif_host(void *arg)
{
	unsigned long i;

	(void)arg;
	for (i = 0; i < host_rounds; i++) {
		ipte_lock_siif(&lock_word);
		if (READ_ONCE(guest_inside))
			__atomic_fetch_add(&host_saw_guest, 1, __ATOMIC_RELAXED);
		ipte_unlock_siif(&lock_word);
	}
	return NULL;
}

static int guest_stop;

static void *siif_guest(void *arg)
{
	unsigned long entries = 0;

	(void)arg;
	while (!READ_ONCE(guest_stop)) {
		ipte_lock_guest(&lock_word);
		WRITE_ONCE(guest_inside, 1);
		ipte_relax(); /* give a broken lock a chance to show it */
		WRITE_ONCE(guest_inside, 0);
		ipte_unlock_guest(&lock_word);
		entries++;
	}
	return (void *)entries;
}

static void start(pthread_t *t, void *(*fn)(void *))
{
	if (pthread_create(t, NULL, fn, NULL)) {
		fprintf(stderr, "ipte-lock: cannot create a thread\n");
		exit(2);
	}
}

int main(int argc, char **argv)
{
	int threads = argc > 1 ? atoi(argv[1]) : 4;
	pthread_t t[64], guest;
	void *guest_entries;
	int i, ok = 1;

	host_rounds = argc > 2 ? strtoul(argv[2], NULL, 0) : 20000;
	if (threads < 1 || threads > 64) {
		fprintf(stderr, "usage: ipte-lock [THREADS (1-64) [ROUNDS]]\n");
		return 2;
	}

	/* Part 1: mutual exclusion among hosts. */
	for (i = 0; i < threads; i++)
		start(&t[i], simple_host);
	for (i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	printf("ipte_lock_simple: %d threads x %lu rounds -> counter %lu "
	       "(expected %lu): %s\n", threads, host_rounds, counter,
	       threads * host_rounds,
	       counter == threads * host_rounds ? "no lost update" : "LOST UPDATES");
	ok &= counter == threads * host_rounds;

	/* Part 2: shared hosts against an exclusive guest. */
	start(&guest, siif_guest);
	for (i = 0; i < threads; i++)
		start(&t[i], siif_host);
	for (i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	WRITE_ONCE(guest_stop, 1);
	pthread_join(guest, &guest_entries);
	printf("ipte_lock_siif:   %d hosts x %lu rounds, guest entered %lu "
	       "times; host saw guest inside %lu times; final lock word "
	       "0x%llx: %s\n", threads, host_rounds,
	       (unsigned long)guest_entries, host_saw_guest,
	       (unsigned long long)lock_word.val,
	       host_saw_guest == 0 && lock_word.val == 0 ? "exclusive and released"
							: "BROKEN");
	ok &= host_saw_guest == 0 && lock_word.val == 0;
	return ok ? 0 : 1;
}
