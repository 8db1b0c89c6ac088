/*
 * ipte-stress -- the ipte_control lock of examples/ipte-control.h under
 * contention.
 *
 *   ipte-stress simple THREADS MS   THREADS hosts add 1 to a plain counter
 *                                   inside ipte_lock_simple for MS ms;
 *                                   the counter must equal the sum of the
 *                                   rounds the threads counted themselves
 *   ipte-stress siif THREADS MS     THREADS hosts share the lock (siif)
 *                                   while a guest takes it exclusively;
 *                                   no host may see the guest inside, and
 *                                   the lock word must end at 0
 *
 *   ipte-stress siif-pr58145 THREADS MS
 *                                   the same with the unlock that GCC
 *                                   4.6/4.7 made of ipte_unlock_siif: the
 *                                   word loaded twice, kh taken from the
 *                                   first load, old from the second.  This
 *                                   must FAIL, proving the check can.
 *
 * A lock whose READ_ONCE were split or repeated lets two holders in, so a
 * plain counter++ loses updates (and under ThreadSanitizer the plain
 * accesses to the counter would be reported as a race).
 */
#include <string.h>

#include "ipte-control.h"
#include "stress.h"

static union ipte_control ic;
static unsigned long counter; /* plain: only the lock protects it */
static int guest_inside;
static int guest_waiting; /* the guest wants the lock: hosts hold back */
static unsigned long saw_guest;

static void *simple_host(void *arg)
{
	unsigned long *rounds = arg;

	while (!stress_stopped()) {
		ipte_lock_simple(&ic);
		counter++;
		ipte_unlock_simple(&ic);
		++*rounds;
	}
	return NULL;
}

/*
 * ipte_unlock_siif as GCC 4.7.2 compiled it (the s390 listing in the seed
 * patch): 'l' loads the k/kh half, 'lg' loads the whole word again, and
 * the new kh comes from the first load while cmpxchg compares against the
 * second.  A host that locks or unlocks between the two loads is undone.
 */
static int yield_in_window;

static void ipte_unlock_siif_pr58145(union ipte_control *ic)
{
	union ipte_control first, old, new;

	do {
		first = READ_ONCE(*ic);
		/* On real hardware the window is a few instructions wide; a
		 * yield widens it so that the check fails reliably even when
		 * the threads share one CPU. */
		if (yield_in_window)
			ipte_relax();
		old = READ_ONCE(*ic);
		new = old;
		new.kh = first.kh - 1;
		if (!new.kh)
			new.k = 0;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

static int broken_unlock; /* siif-pr58145 */

static void *siif_host(void *arg)
{
	unsigned long *rounds = arg, sum = 0;

	while (!stress_stopped()) {
		/* Hosts share the lock, so with many of them it is almost never
		 * free; step aside while the guest asks, or it would starve. */
		while (READ_ONCE(guest_waiting) && !stress_stopped())
			ipte_relax();
		ipte_lock_siif(&ic);
		if (READ_ONCE(guest_inside))
			__atomic_fetch_add(&saw_guest, 1, __ATOMIC_RELAXED);
		sum += counter; /* plain read: the guest writes it */
		if (broken_unlock)
			ipte_unlock_siif_pr58145(&ic);
		else
			ipte_unlock_siif(&ic);
		++*rounds;
	}
	return (void *)sum; /* keeps the read */
}

/* ipte_lock_guest, but giving up when the budget is spent: with a broken
 * unlock the host count may never drop to zero again. */
static int lock_guest_or_stop(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = READ_ONCE(*ic);
		while (old.k || old.kg) {
			if (stress_stopped())
				return 0;
			ipte_relax();
			old = READ_ONCE(*ic);
		}
		new = old;
		new.kg = 1;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
	return 1;
}

static void *guest(void *arg)
{
	unsigned long *rounds = arg;

	while (!stress_stopped()) {
		WRITE_ONCE(guest_waiting, 1);
		if (!lock_guest_or_stop(&ic))
			break;
		WRITE_ONCE(guest_waiting, 0);
		WRITE_ONCE(guest_inside, 1);
		counter++; /* only the guest writes it; hosts are shut out */
		WRITE_ONCE(guest_inside, 0);
		ipte_unlock_guest(&ic);
		++*rounds;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long rounds[65] = { 0 }, total = 0;
	pthread_t t[65];
	int siif, threads, i, ok;
	long ms;

	if (argc != 4 || (strcmp(argv[1], "simple") && strcmp(argv[1], "siif") &&
			  strcmp(argv[1], "siif-pr58145"))) {
		fprintf(stderr, "usage: ipte-stress simple|siif|siif-pr58145 THREADS MS\n");
		return 2;
	}
	siif = !!strncmp(argv[1], "simple", 6);
	broken_unlock = !strcmp(argv[1], "siif-pr58145");
	yield_in_window = broken_unlock;
	threads = (int)stress_arg(argc, argv, 2, 4);
	ms = stress_arg(argc, argv, 3, 1000);
	if (threads < 1 || threads > 64 || ms < 1) {
		fprintf(stderr, "ipte-stress: THREADS must be 1-64, MS positive\n");
		return 2;
	}

	for (i = 0; i < threads; i++)
		stress_start(&t[i], siif ? siif_host : simple_host, &rounds[i]);
	if (siif)
		stress_start(&t[threads], guest, &rounds[threads]);
	stress_run_for(ms);
	for (i = 0; i < threads + siif; i++) {
		pthread_join(t[i], NULL);
		total += rounds[i];
	}

	if (!siif) {
		ok = counter == total && ic.val == 0;
		printf("ipte simple: %d threads, %lu lock rounds, counter %lu, "
		       "lock word 0x%llx: %s\n", threads, total, counter,
		       (unsigned long long)ic.val,
		       ok ? "no lost update" : "LOST UPDATE");
	} else {
		ok = saw_guest == 0 && ic.val == 0 && counter == rounds[threads];
		printf("ipte %s: %d hosts, %lu host rounds, %lu guest rounds, "
		       "host saw guest %lu times, lock word 0x%llx: %s\n",
		       argv[1], threads, total - rounds[threads], rounds[threads],
		       saw_guest, (unsigned long long)ic.val,
		       ok ? "exclusive and released" : "BROKEN");
	}
	/* A run where nobody got the lock proves nothing. */
	if (total == 0 || (siif && (rounds[threads] == 0 || total == rounds[threads]))) {
		printf("ipte: no contention happened\n");
		ok = 0;
	}
	return ok ? 0 : 1;
}
