/*
 * tear-stress -- can a reader ever see half of one write and half of
 * another?
 *
 *   tear-stress MS
 *
 * A writer thread stores two 8-byte patterns of a two-field struct in
 * turn, as fast as it can, for MS milliseconds; a reader thread loads the
 * struct over and over and counts values that are neither pattern (torn)
 * and how often the value changed between two loads (proof that the two
 * threads really raced).
 *
 * Built three ways by tests/t0520-stress-tear.t:
 *   default            READ_ONCE / WRITE_ONCE: must never tear (on -m32
 *                      only with RWONCE_ATOMIC64; RWONCE_ALLOW_TEARING
 *                      there is allowed to tear, by definition)
 *   -DTEAR_RAW         the volatile-cast idiom, *(volatile T *)&x, that
 *                      the kernel's READ_ONCE still uses for non-scalar
 *                      types: may tear wherever the compiler splits it
 *
 * Exit status 0 when no torn value was seen, 1 when one was.
 */
#define _GNU_SOURCE /* pthread_setaffinity_np */
#include <sched.h>
#include <stdint.h>
#include <unistd.h>

#include "stress.h"

struct pair {
	uint32_t lo, hi;
} __attribute__((aligned(8))); /* naturally aligned, even on i386 */

static const struct pair pattern_a = { 0x11111111u, 0x22222222u };
static const struct pair pattern_b = { 0xeeeeeeeeu, 0xddddddddu };

/* A cache line of its own, so that nothing else the threads touch
 * (the stop flag, counters) slows the line down. */
static struct pair shared __attribute__((aligned(64))) = { 0x11111111u, 0x22222222u };

#ifdef TEAR_RAW
#define TEAR_ACCESS "volatile cast"
#define LOAD(x) (*(volatile __typeof__(x) *)&(x))
#define STORE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#else
#define TEAR_ACCESS "READ_ONCE/WRITE_ONCE"
#define LOAD(x) READ_ONCE(x)
#define STORE(x, v) WRITE_ONCE(x, v)
#endif

/*
 * Hold each pattern for a moment: back-to-back stores of B then A drain
 * from the store buffer together, and the reader would hardly ever see B.
 */
static void linger(void)
{
	volatile int i; /* a real loop: an empty asm would unroll to nothing */

	for (i = 0; i < 32; i++)
		;
}

/*
 * With two CPUs or more, put the writer on one and the reader on another:
 * threads left to share a CPU only meet when the scheduler switches them,
 * a few dozen times a second.
 */
static void pin_to_cpu(int cpu)
{
	cpu_set_t set;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 2)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set); /* best effort */
}

static void *writer(void *arg)
{
	unsigned long *writes = arg;

	pin_to_cpu(0);

	while (!stress_stopped()) {
		STORE(shared, pattern_b);
		linger();
		STORE(shared, pattern_a);
		linger();
		*writes += 2;
	}
	return NULL;
}

static int same(struct pair x, struct pair y)
{
	return x.lo == y.lo && x.hi == y.hi;
}

int main(int argc, char **argv)
{
	unsigned long reads = 0, changes = 0, torn = 0, writes = 0;
	long ms = stress_arg(argc, argv, 1, 1000);
	struct pair v, last = pattern_a, first_torn = { 0, 0 };
	pthread_t t;

	if (argc != 2 || ms < 1) {
		fprintf(stderr, "usage: tear-stress MS\n");
		return 2;
	}
	stress_start(&t, writer, &writes);
	pin_to_cpu(1);
	{
		/* The reader is this thread; the clock is checked every
		 * 4096 reads so that the check costs little. */
		struct timespec now, end;

		clock_gettime(CLOCK_MONOTONIC, &end);
		end.tv_sec += ms / 1000;
		end.tv_nsec += (ms % 1000) * 1000000L;
		if (end.tv_nsec >= 1000000000L) {
			end.tv_sec++;
			end.tv_nsec -= 1000000000L;
		}
		for (;;) {
			v = LOAD(shared);
			reads++;
			if (!same(v, pattern_a) && !same(v, pattern_b)) {
				if (!torn++)
					first_torn = v;
			}
			if (!same(v, last))
				changes++;
			last = v;
			if ((reads & 4095) == 0) {
				clock_gettime(CLOCK_MONOTONIC, &now);
				if (now.tv_sec > end.tv_sec ||
				    (now.tv_sec == end.tv_sec &&
				     now.tv_nsec >= end.tv_nsec))
					break;
			}
		}
	}
	WRITE_ONCE(stress_stop, 1);
	pthread_join(t, NULL);

	printf("tear (%s, %zu-bit): %lu reads, %lu writes, %lu changes seen, "
	       "%lu torn", TEAR_ACCESS, sizeof(void *) * 8, reads, writes,
	       changes, torn);
	if (torn)
		printf(" (first: lo 0x%08x hi 0x%08x)", (unsigned)first_torn.lo,
		       (unsigned)first_torn.hi);
	printf("\n");
	return torn ? 1 : 0;
}
