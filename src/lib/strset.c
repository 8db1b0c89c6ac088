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

/* The slot of s, or of the empty place where it would go. */
static size_t find(const struct strset *set, const char *s)
{
	size_t i = strset_hash(s) & (set->size - 1);

	while (set->slot[i] && strcmp(set->slot[i], s))
		i = (i + 1) & (set->size - 1);
	return i;
}

static void grow(struct strset *set)
{
	struct strset bigger = { NULL, set->size ? set->size * 2 : 64, 0 };

	bigger.slot = xcalloc(bigger.size, sizeof(char *));
	for (size_t i = 0; i < set->size; i++)
		if (set->slot[i]) {
			bigger.slot[find(&bigger, set->slot[i])] = set->slot[i];
			bigger.nr++;
		}
	free(set->slot);
	*set = bigger;
}

int strset_add(struct strset *set, const char *s)
{
	size_t i;

	if (2 * (set->nr + 1) > set->size)
		grow(set);
	i = find(set, s);
	if (set->slot[i])
		return 0;
	set->slot[i] = xstrdup(s);
	set->nr++;
	return 1;
}

int strset_has(const struct strset *set, const char *s)
{
	return set->size && set->slot[find(set, s)] != NULL;
}

void strset_release(struct strset *set)
{
	for (size_t i = 0; i < set->size; i++)
		free(set->slot[i]);
	free(set->slot);
	memset(set, 0, sizeof(*set));
}
