/* A set of strings (strset.h). */
#include "lib/strset.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

size_t strset_hash(const char *s)
{
	size_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * The slot of s (whose hash is h), or of the empty place where it would
 * go.  Each slot's hash is kept, so that a probe compares strings only
 * when the hashes are equal, and growing hashes no string again (issue
 * #35: discovery's sets of 45,000 paths of Linux 4.14.5 were 3 % of
 * fix, most of it waiting on the strings of other slots).  The slots
 * are those the set had without the hashes: iterating them gives the
 * same order.
 */
static size_t find(const struct strset *set, const char *s, size_t h)
{
	size_t i = h & (set->size - 1);

	while (set->slot[i] && (set->hash[i] != h || strcmp(set->slot[i], s)))
		i = (i + 1) & (set->size - 1);
	return i;
}

static void grow(struct strset *set)
{
	size_t size = set->size ? set->size * 2 : 64;
	char **slot = xcalloc(size, sizeof(char *));
	size_t *hash = xmalloc(size * sizeof(size_t));

	for (size_t i = 0; i < set->size; i++)
		if (set->slot[i]) {
			/* the strings are distinct: the first empty place */
			size_t k = set->hash[i] & (size - 1);

			while (slot[k])
				k = (k + 1) & (size - 1);
			slot[k] = set->slot[i];
			hash[k] = set->hash[i];
		}
	free(set->slot);
	free(set->hash);
	set->slot = slot;
	set->hash = hash;
	set->size = size;
}

/*
 * The copies, packed in chunks that double up to 64 KiB: one allocation
 * per chunk, not per string, and one free per chunk at release (issue
 * #35: discovery's sets of 45,000 paths of Linux 4.14.5 were freed one
 * string at a time, 1 % of fix).
 */
struct strset_chunk {
	struct strset_chunk *next;
	size_t used, cap;
	char data[];
};

static char *copy_of(struct strset *set, const char *s)
{
	size_t n = strlen(s) + 1;
	struct strset_chunk *c = set->chunks;
	char *p;

	if (!c || c->cap - c->used < n) {
		size_t cap = c ? 2 * c->cap : 256;

		if (cap > 65536)
			cap = 65536;
		if (cap < n)
			cap = n;
		c = xmalloc(sizeof(*c) + cap);
		c->next = set->chunks;
		c->used = 0;
		c->cap = cap;
		set->chunks = c;
	}
	p = c->data + c->used;
	memcpy(p, s, n);
	c->used += n;
	return p;
}

int strset_add(struct strset *set, const char *s)
{
	size_t i, h = strset_hash(s);

	if (2 * (set->nr + 1) > set->size)
		grow(set);
	i = find(set, s, h);
	if (set->slot[i])
		return 0;
	set->slot[i] = copy_of(set, s);
	set->hash[i] = h;
	set->nr++;
	return 1;
}

int strset_has(const struct strset *set, const char *s)
{
	return set->size && set->slot[find(set, s, strset_hash(s))] != NULL;
}

void strset_release(struct strset *set)
{
	while (set->chunks) {
		struct strset_chunk *c = set->chunks;

		set->chunks = c->next;
		free(c);
	}
	free(set->slot);
	free(set->hash);
	memset(set, 0, sizeof(*set));
}
