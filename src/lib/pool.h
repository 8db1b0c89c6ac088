/*
 * A bounded pool of worker threads, for the commands that run many
 * independent pieces of work at once: verify's configurations, fuzz's
 * seeds, the clang engine's units, the tree walker's files.
 *
 * Two ways to feed it:
 *
 *  - pool_run(): items 0..nr-1 known up front.  Each free worker takes
 *    the next index from a shared counter, so a slow item never holds
 *    the others up; the calling thread is one of the workers.  Results
 *    stored by index are in index order whatever thread made them, and
 *    the in_order callback sees each item as soon as it and every item
 *    before it are done, so output can be written in order, the same on
 *    every run and for any -j, while later items still run.
 *
 *  - pool_start(), pool_push(), pool_finish(): items found while the
 *    pool runs (the tree walk).  The caller pushes them into a queue of
 *    at most `bound` waiting items and blocks while it is full, so
 *    memory does not grow with the input.
 *
 * Each worker may keep state of its own (a libclang index, a read
 * buffer): worker_init() makes it in the worker's thread before its first
 * item, worker_done() gets it back in the calling thread once every
 * worker has finished, in worker order, so that per-worker results merge
 * the same way on every run.
 */
#ifndef RWONCE_LIB_POOL_H
#define RWONCE_LIB_POOL_H

#include <stddef.h>

struct pool_options {
	int jobs;               /* workers at most; <= 0: one per online CPU */
	void *ctx;              /* handed to every callback */
	void *(*worker_init)(void *ctx);          /* optional */
	void (*worker_done)(void *worker, void *ctx); /* optional */
	/*
	 * Optional: called once per item after it ran, one call at a time
	 * (under the pool's lock), with the number of items done so far:
	 * the place for a progress line or for writing a result as it
	 * comes.  i is the item's index (pool_run) or its place in the
	 * order of pool_push() calls.
	 */
	void (*done)(size_t i, size_t nr_done, void *ctx);
	/* Optional, pool_run() only: called for 0, 1, 2... in order, each
	 * as soon as that item and all before it are done; one call at a
	 * time. */
	void (*in_order)(size_t i, void *ctx);
};

/*
 * Run run(i, worker, ctx) once for every i in [0, nr) on at most
 * o->jobs threads (never more than nr; the calling thread is one) and
 * return when all are done.  A worker thread that cannot be started
 * leaves its share to the others.
 */
void pool_run(size_t nr, void (*run)(size_t i, void *worker, void *ctx),
	      const struct pool_options *o);

struct pool;

/*
 * Start o->jobs worker threads that run run(item, worker, ctx) on each
 * item pushed, in the order pushed.  Dies when no thread can be started.
 */
struct pool *pool_start(const struct pool_options *o, size_t bound,
			void (*run)(void *item, void *worker, void *ctx));
/* Queue an item; waits while `bound` items wait already. */
void pool_push(struct pool *p, void *item);
/*
 * No more items: wait until every item is done (calling tick(ctx), if
 * not NULL, about ten times a second meanwhile, for a progress line),
 * join the workers, hand their state to worker_done, free the pool.
 */
void pool_finish(struct pool *p, void (*tick)(void *ctx));

#endif
