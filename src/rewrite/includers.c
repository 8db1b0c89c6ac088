/* Who includes whom (includers.h). */
#include "rewrite/includers.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct include_edge {
	const char *from; /* interned: one copy per file */
	char *name;       /* as written between the quotes */
	const char *base; /* its last component, inside name */
	unsigned line;
};

struct include_edges {
	pthread_mutex_t lock;
	struct include_edge *items;
	size_t nr, alloc;
	char **paths;
	size_t nr_paths, alloc_paths;
};

struct include_edges *include_edges_new(void)
{
	struct include_edges *e = xcalloc(1, sizeof(*e));

	pthread_mutex_init(&e->lock, NULL);
	return e;
}

void include_edges_free(struct include_edges *e)
{
	if (!e)
		return;
	for (size_t i = 0; i < e->nr; i++)
		free(e->items[i].name);
	free(e->items);
	for (size_t i = 0; i < e->nr_paths; i++)
		free(e->paths[i]);
	free(e->paths);
	pthread_mutex_destroy(&e->lock);
	free(e);
}

void include_edges_scan(struct include_edges *e, const char *path,
			const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct include_edge *found = NULL;
	size_t nr = 0, alloc = 0;
	unsigned line = 1;
	const char *counted = buf; /* lines counted up to here */

	while (p < end && (p = memchr(p, '#', (size_t)(end - p)))) {
		const char *q = p, *name, *close;

		/* only blanks before it on its line */
		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q > buf && q[-1] != '\n') {
			p++;
			continue;
		}
		q = p + 1;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (end - q < 9 || memcmp(q, "include", 7)) {
			p++;
			continue;
		}
		q += 7;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end || *q != '"') {
			p++;
			continue;
		}
		name = q + 1;
		close = memchr(name, '"', (size_t)(end - name));
		if (!close || close == name ||
		    memchr(name, '\n', (size_t)(close - name))) {
			p++;
			continue;
		}
		for (; counted < p; counted++)
			line += *counted == '\n';
		ALLOC_GROW(found, nr + 1, alloc);
		found[nr].name = xstrndup(name, (size_t)(close - name));
		found[nr].base = strrchr(found[nr].name, '/');
		found[nr].base = found[nr].base ? found[nr].base + 1 :
						  found[nr].name;
		found[nr].line = line;
		nr++;
		p = close;
	}
	if (!nr)
		return;
	pthread_mutex_lock(&e->lock);
	ALLOC_GROW(e->paths, e->nr_paths + 1, e->alloc_paths);
	e->paths[e->nr_paths] = xstrdup(path);
	for (size_t k = 0; k < nr; k++) {
		found[k].from = e->paths[e->nr_paths];
		ALLOC_GROW(e->items, e->nr + 1, e->alloc);
		e->items[e->nr++] = found[k];
	}
	e->nr_paths++;
	pthread_mutex_unlock(&e->lock);
	free(found);
}

void include_edges_each(const struct include_edges *e, const char *base,
			void (*fn)(void *ctx, const char *from,
				   const char *name, unsigned line),
			void *ctx)
{
	for (size_t i = 0; i < e->nr; i++)
		if (!strcmp(e->items[i].base, base))
			fn(ctx, e->items[i].from, e->items[i].name,
			   e->items[i].line);
}
