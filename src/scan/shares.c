/* A large file's units shared among workers (shares.h). */
#include "scan/shares.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>

static size_t shares_of(const char *path, int jobs, size_t nr_files)
{
	struct stat st;

	if (jobs <= 1)
		return 1;
	if (nr_files < (size_t)jobs ||
	    (!stat(path, &st) && st.st_size >= SHARES_SPLIT_BYTES))
		return (size_t)jobs;
	return 1;
}

void share_plan_make(struct share_plan *p, const char *const *files,
		     size_t nr_files, int jobs)
{
	size_t n = 0;

	p->next_unit = xcalloc(nr_files ? nr_files : 1,
			       sizeof(*p->next_unit));
	for (size_t f = 0; f < nr_files; f++)
		n += shares_of(files[f], jobs, nr_files);
	p->items = xcalloc(n ? n : 1, sizeof(*p->items));
	p->nr = 0;
	for (size_t f = 0; f < nr_files; f++) {
		size_t k = shares_of(files[f], jobs, nr_files);

		for (size_t s = 0; s < k; s++) {
			struct share *it = &p->items[p->nr++];

			it->file = f;
			it->shard = s;
			it->nr_shards = k;
			it->next_unit = &p->next_unit[f];
		}
	}
}

void share_plan_free(struct share_plan *p)
{
	free(p->items);
	free(p->next_unit);
	p->items = NULL;
	p->next_unit = NULL;
	p->nr = 0;
}

void share_walk_start(struct share_walk *w, const struct share *s)
{
	w->next_unit = s->next_unit;
	w->seen = 0;
	w->want = SIZE_MAX;
}

/*
 * Units are handed out in increasing order and each worker walks them in
 * that order, asking for the next one only after it took the last: what
 * it is handed is never behind it, and every unit is someone's.
 */
int share_walk_take(void *walk)
{
	struct share_walk *w = walk;
	size_t seen = w->seen++;

	if (w->want == SIZE_MAX)
		w->want = __atomic_fetch_add(w->next_unit, 1, __ATOMIC_RELAXED);
	if (seen != w->want)
		return 0;
	w->want = SIZE_MAX;
	return 1;
}
