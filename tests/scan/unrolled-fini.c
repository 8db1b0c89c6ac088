/*
 * Loops that call the header's inline functions, in a file that names
 * none of the marked accesses itself (so scan does not read it for
 * sites): the shapes of Linux 6.12's ttm_device_fini() and
 * __percpu_counter_init_many().  clang -O2 unrolls them: four loads of
 * lru[0].next one after the other (the result unused, as when
 * pr_debug() is compiled out), and two stores to counters.next per turn
 * of the loop.  Each is one iteration's access
 * (tests/t4190-scan-unrolled-callers.t).
 */
#include "unrolled-list.h"

#define report(i) do { } while (0)

void fini(struct list_head *lru);
void fini(struct list_head *lru)
{
	int i;

	for (i = 0; i < 4; ++i)
		if (list_empty(&lru[0]))
			report(i);
}

struct list_head counters;

void add_many(struct list_head *items, int n);
void add_many(struct list_head *items, int n)
{
	for (int i = 0; i < n; i++)
		list_add(&items[i], &counters);
}
