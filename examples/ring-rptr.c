/*
 * ring-rptr -- the amdgpu rptr read of the 2023 seed commit, running.
 *
 *   ring-rptr [WORDS]
 *
 * The main thread plays the driver: it pushes WORDS command words
 * (1, 2, 3, ...) into a 64-word ring.  A second thread plays the SDMA
 * engine: it consumes them and stores its 64-bit read pointer into the
 * write-back slot.  The driver learns how much room it has from
 * ring_get_rptr(), which reads that slot with ONE READ_ONCE and uses the
 * value twice -- once for the debug log, once shifted as the result.
 *
 * Checked: the engine receives every word once and in order; every time
 * the driver asked, the logged value and the returned value were the same
 * read (returned == logged >> 2); at the end rptr == wptr.
 * Exit status 0 when all hold, 1 otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "ring.h"

static struct ring ring = { .rptr_offs = 4 }; /* an even slot: 8-aligned */
static unsigned long words;
static unsigned long out_of_order;

static void *engine(void *arg)
{
	uint64_t rptr = 0;
	unsigned long i;

	(void)arg;
	for (i = 1; i <= words; i++)
		if (ring_engine_take(&ring, &rptr) != (uint32_t)i)
			out_of_order++;
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned long i, polls = 0, mismatches = 0;
	uint64_t logged, shifted;
	pthread_t t;

	words = argc > 1 ? strtoul(argv[1], NULL, 0) : 200000;
	if (pthread_create(&t, NULL, engine, NULL)) {
		fprintf(stderr, "ring-rptr: cannot create a thread\n");
		return 2;
	}
	for (i = 1; i <= words; i++) {
		ring_write(&ring, (uint32_t)i);
		/* Now and then, ask as the driver's debug path does. */
		if (i % 1000 == 0) {
			shifted = ring_get_rptr(&ring, i <= 2000 ? stdout : NULL,
						&logged);
			polls++;
			if (shifted != logged >> 2)
				mismatches++;
		}
	}
	pthread_join(t, NULL);

	shifted = ring_get_rptr(&ring, stdout, &logged);
	printf("ring: %lu words through a %u-word ring; received out of order "
	       "or lost: %lu\n", words, RING_DWORDS, out_of_order);
	printf("ring_get_rptr: %lu polls, logged and returned values differed "
	       "%lu times; final rptr %llu dwords, wptr %llu dwords: %s\n",
	       polls + 1, mismatches, (unsigned long long)shifted,
	       (unsigned long long)(ring.wptr >> 2),
	       out_of_order == 0 && mismatches == 0 && shifted == ring.wptr >> 2
		       ? "consistent"
		       : "BROKEN");
	return out_of_order == 0 && mismatches == 0 && shifted == ring.wptr >> 2
		       ? 0
		       : 1;
}
