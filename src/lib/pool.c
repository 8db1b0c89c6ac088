/*
 * The worker pool (pool.h): one lock guards the shared index or the
 * queue, the counts, and the done/in_order callbacks.
 */
#include "lib/pool.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct queued {
	void *item;
	size_t seq;             /* its place in the order of pool_push() */
};

struct worker {
	struct pool *p;
	pthread_t thread;
	void *state;            /* from worker_init */
};

struct pool {
	struct pool_options o;
	pthread_mutex_t lock;
	size_t nr_done;
	struct worker *workers;
	int nr_workers;

	/* pool_run */
	void (*run_index)(size_t i, void *worker, void *ctx);
	size_t nr, next, next_in_order;
	unsigned char *finished; /* per item, for in_order */

	/* pool_start/pool_push/pool_finish */
	void (*run_item)(void *item, void *worker, void *ctx);
	struct queued *queue;
	size_t bound, head, count, pushed;
	pthread_cond_t not_empty, not_full, idle;
	int closed;             /* no more items will come */
	int busy;               /* workers inside run_item */
	int idle_workers;       /* workers waiting on not_empty */
	int pusher_waits;       /* pool_push() waits on not_full */
};

static int jobs_of(const struct pool_options *o)
{
	return o->jobs > 0 ? o->jobs : online_cpus();
}

/* Item i (or push number i) is done; called with p->lock held. */
static void item_done_locked(struct pool *p, size_t i)
{
	p->nr_done++;
	if (p->o.done)
		p->o.done(i, p->nr_done, p->o.ctx);
	if (!p->finished)
		return;
	p->finished[i] = 1;
	while (p->next_in_order < p->nr && p->finished[p->next_in_order])
		p->o.in_order(p->next_in_order++, p->o.ctx);
}

static void worker_begin(struct worker *w)
{
	if (w->p->o.worker_init)
		w->state = w->p->o.worker_init(w->p->o.ctx);
}

/* Hand each worker's state back, in worker order; free the workers. */
static void workers_end(struct pool *p)
{
	for (int k = 0; k < p->nr_workers; k++)
		if (p->o.worker_done)
			p->o.worker_done(p->workers[k].state, p->o.ctx);
	free(p->workers);
}

/* ---- items known up front ---- */

static void *index_worker(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->p;

	worker_begin(w);
	for (;;) {
		size_t i;

		pthread_mutex_lock(&p->lock);
		i = p->next < p->nr ? p->next++ : p->nr;
		pthread_mutex_unlock(&p->lock);
		if (i == p->nr)
			return NULL;
		p->run_index(i, w->state, p->o.ctx);
		pthread_mutex_lock(&p->lock);
		item_done_locked(p, i);
		pthread_mutex_unlock(&p->lock);
	}
}

void pool_run(size_t nr, void (*run)(size_t i, void *worker, void *ctx),
	      const struct pool_options *o)
{
	struct pool p;
	int jobs = jobs_of(o), started;

	if (!nr)
		return;
	if ((size_t)jobs > nr)
		jobs = (int)nr;
	memset(&p, 0, sizeof(p));
	p.o = *o;
	p.run_index = run;
	p.nr = nr;
	if (o->in_order)
		p.finished = xcalloc(nr, 1);
	pthread_mutex_init(&p.lock, NULL);
	p.workers = xcalloc((size_t)jobs, sizeof(*p.workers));
	for (int k = 0; k < jobs; k++)
		p.workers[k].p = &p;
	/* Worker 0 is this thread; the others are started first. */
	for (started = 1; started < jobs; started++)
		if (pthread_create(&p.workers[started].thread, NULL,
				   index_worker, &p.workers[started]))
			break; /* fewer workers: the others take more */
	p.nr_workers = started;
	index_worker(&p.workers[0]);
	for (int k = 1; k < started; k++)
		pthread_join(p.workers[k].thread, NULL);
	workers_end(&p);
	free(p.finished);
	pthread_mutex_destroy(&p.lock);
}

/* ---- items pushed while the pool runs ---- */

/*
 * Wake-ups cost a system call each, so nobody is woken for nothing: a
 * worker only when one is waiting, and the pusher, once the queue was
 * full, only when it has drained to half, so that it refills in a batch
 * instead of trading one wake-up per item with the workers.
 */
static void *queue_worker(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->p;

	worker_begin(w);
	for (;;) {
		struct queued q;

		pthread_mutex_lock(&p->lock);
		while (!p->count && !p->closed) {
			p->idle_workers++;
			pthread_cond_wait(&p->not_empty, &p->lock);
			p->idle_workers--;
		}
		if (!p->count) {
			pthread_mutex_unlock(&p->lock);
			return NULL;
		}
		q = p->queue[p->head];
		p->head = (p->head + 1) % p->bound;
		p->count--;
		p->busy++;
		if (p->pusher_waits && p->count <= p->bound / 2) {
			p->pusher_waits = 0;
			pthread_cond_signal(&p->not_full);
		}
		pthread_mutex_unlock(&p->lock);

		p->run_item(q.item, w->state, p->o.ctx);

		pthread_mutex_lock(&p->lock);
		p->busy--;
		item_done_locked(p, q.seq);
		if (!p->busy && !p->count)
			pthread_cond_broadcast(&p->idle);
		pthread_mutex_unlock(&p->lock);
	}
}

struct pool *pool_start(const struct pool_options *o, size_t bound,
			void (*run)(void *item, void *worker, void *ctx))
{
	struct pool *p = xcalloc(1, sizeof(*p));
	int jobs = jobs_of(o);

	p->o = *o;
	p->o.in_order = NULL; /* pool_run() only */
	p->run_item = run;
	p->bound = bound ? bound : 1;
	p->queue = xcalloc(p->bound, sizeof(*p->queue));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->not_empty, NULL);
	pthread_cond_init(&p->not_full, NULL);
	pthread_cond_init(&p->idle, NULL);
	p->workers = xcalloc((size_t)jobs, sizeof(*p->workers));
	for (int k = 0; k < jobs; k++) {
		p->workers[k].p = p;
		if (pthread_create(&p->workers[k].thread, NULL, queue_worker,
				   &p->workers[k]))
			break; /* fewer workers: the others take more */
		p->nr_workers++;
	}
	if (!p->nr_workers)
		die("cannot start a worker thread");
	return p;
}

void pool_push(struct pool *p, void *item)
{
	pthread_mutex_lock(&p->lock);
	while (p->count == p->bound) {
		p->pusher_waits = 1;
		pthread_cond_wait(&p->not_full, &p->lock);
	}
	p->queue[(p->head + p->count) % p->bound].item = item;
	p->queue[(p->head + p->count) % p->bound].seq = p->pushed++;
	p->count++;
	if (p->idle_workers)
		pthread_cond_signal(&p->not_empty);
	pthread_mutex_unlock(&p->lock);
}

void pool_finish(struct pool *p, void (*tick)(void *ctx))
{
	pthread_mutex_lock(&p->lock);
	p->closed = 1;
	pthread_cond_broadcast(&p->not_empty);
	while (p->busy || p->count) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 100 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&p->idle, &p->lock, &ts);
		pthread_mutex_unlock(&p->lock);
		if (tick)
			tick(p->o.ctx);
		pthread_mutex_lock(&p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	for (int k = 0; k < p->nr_workers; k++)
		pthread_join(p->workers[k].thread, NULL);
	workers_end(p);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->not_empty);
	pthread_cond_destroy(&p->not_full);
	pthread_cond_destroy(&p->idle);
	free(p->queue);
	free(p);
}
