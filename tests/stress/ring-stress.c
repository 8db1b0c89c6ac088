/*
 * ring-stress -- the ring of examples/ring.h (the amdgpu rptr scenario)
 * under load.
 *
 *   ring-stress MS
 *
 * The driver thread pushes 1, 2, 3, ... for MS milliseconds, then a 0 to
 * say it is done; the engine thread must receive every word exactly once
 * and in order.  After every push the driver also asks ring_get_rptr()
 * and checks that the value it logged and the value it returned come from
 * the same read (returned == logged >> 2) and that rptr never moves
 * backwards or past wptr.
 */
#include "ring.h"
#include "stress.h"

static struct ring ring = { .rptr_offs = 6 };

struct engine_result {
	unsigned long received, out_of_order;
};

static void *engine(void *arg)
{
	struct engine_result *r = arg;
	uint32_t expect = 1, word;
	uint64_t rptr = 0;

	while ((word = ring_engine_take(&ring, &rptr)) != 0) {
		if (word != expect)
			r->out_of_order++;
		expect = word + 1;
		r->received++;
	}
	return NULL;
}

/* The budget runs on its own thread, so the driver loop only has to look
 * at the stop flag. */
static void *timer_thread(void *arg)
{
	stress_run_for(*(long *)arg);
	return NULL;
}

int main(int argc, char **argv)
{
	struct engine_result res = { 0, 0 };
	unsigned long sent = 0, bad_rptr = 0;
	uint64_t logged, shifted, last = 0;
	long ms = stress_arg(argc, argv, 1, 1000);
	pthread_t t, timer;
	int ok;

	if (argc != 2 || ms < 1) {
		fprintf(stderr, "usage: ring-stress MS\n");
		return 2;
	}
	stress_start(&t, engine, &res);
	stress_start(&timer, timer_thread, &ms);
	while (!stress_stopped() && sent < 0xfffffffeu) {
		ring_write(&ring, (uint32_t)++sent);
		shifted = ring_get_rptr(&ring, NULL, &logged);
		if (shifted != logged >> 2 || shifted < last ||
		    shifted > ring.wptr >> 2)
			bad_rptr++;
		last = shifted;
	}
	pthread_join(timer, NULL);
	ring_write(&ring, 0); /* done */
	pthread_join(t, NULL);

	ok = res.received == sent && res.out_of_order == 0 && bad_rptr == 0 &&
	     sent > 0;
	printf("ring: %lu words sent, %lu received, %lu out of order or "
	       "missing, %lu inconsistent rptr reads: %s\n", sent,
	       res.received, res.out_of_order, bad_rptr,
	       ok ? "every word once, in order" : "BROKEN");
	return ok ? 0 : 1;
}
