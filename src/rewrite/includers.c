/* Who includes whom (includers.h). */
#include "rewrite/includers.h"
#include "lib/memfind.h"
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

/*
 * The #include "name" lines: a '#' with only blanks before it on its
 * line, blanks, "include", blanks and a quoted name on the same line.
 * Found by a search for "include" and a look back to its '#', where a
 * stop at every '#' of the file -- each #define of a register header,
 * tens of thousands in some of Linux's -- cost a memchr() call each
 * (issue #35: 1.6 % of an audit of linux-source-6.12).
 */
void include_edges_scan(struct include_edges *e, const char *path,
			const char *buf, size_t len)
{
	include_edges_scan_at(e, path, buf, len, NULL, 0);
}

/* The next "include" at or after p: at[*k], or searched for. */
static const char *next_include(const char *buf, const char *p,
				const char *end, const size_t *at, size_t n,
				size_t *k)
{
	if (!at)
		return p < end ? mem_find(p, (size_t)(end - p), "include", 7) :
				 NULL;
	while (*k < n && buf + at[*k] < p)
		++*k;
	return *k < n ? buf + at[(*k)++] : NULL;
}

void include_edges_scan_at(struct include_edges *e, const char *path,
			   const char *buf, size_t len, const size_t *at,
			   size_t n)
{
	const char *p = buf, *end = buf + len, *hit;
	struct include_edge *found = NULL;
	size_t nr = 0, alloc = 0, k = 0;
	unsigned line = 1;
	const char *counted = buf; /* lines counted up to here */

	while ((hit = next_include(buf, p, end, at, n, &k)) != NULL) {
		const char *q = hit, *hash, *name, *close;

		p = hit + 7;
		/* blanks, then its '#' */
		while (q > buf && (q[-1] == ' ' || q[-1] == '\t'))
			q--;
		if (q == buf || q[-1] != '#')
			continue;
		hash = q - 1;
		/* only blanks before that on its line */
		for (q = hash; q > buf && (q[-1] == ' ' || q[-1] == '\t'); q--)
			;
		if ((q > buf && q[-1] != '\n') || end - hit < 9)
			continue;
		q = hit + 7;
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		if (q == end || *q != '"')
			continue;
		name = q + 1;
		close = memchr(name, '"', (size_t)(end - name));
		if (!close || close == name ||
		    memchr(name, '\n', (size_t)(close - name)))
			continue;
		line += (unsigned)mem_count(counted, (size_t)(hash - counted),
					    '\n');
		counted = hash;
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
