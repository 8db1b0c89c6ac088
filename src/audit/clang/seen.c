/*
 * The places of headers already judged in a run (see engine-internal.h):
 * an open-addressing hash set of (device, inode, offset, target) keys
 * behind one mutex.
 */
#include "audit/clang/engine-internal.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>

struct seen_key {
	unsigned long long dev, ino;
	unsigned offset, target;
	int used;
};

struct seen_set {
	pthread_mutex_t lock;
	struct seen_key *slots;
	size_t nr, size; /* size: a power of two */
};

struct seen_set *seen_set_new(void)
{
	struct seen_set *s = xcalloc(1, sizeof(*s));

	pthread_mutex_init(&s->lock, NULL);
	s->size = 1024;
	s->slots = xcalloc(s->size, sizeof(*s->slots));
	return s;
}

void seen_set_free(struct seen_set *s)
{
	if (!s)
		return;
	pthread_mutex_destroy(&s->lock);
	free(s->slots);
	free(s);
}

static size_t hash(const struct seen_key *k)
{
	uint64_t h = 1469598103934665603ULL;

	h = (h ^ k->dev) * 1099511628211ULL;
	h = (h ^ k->ino) * 1099511628211ULL;
	h = (h ^ k->offset) * 1099511628211ULL;
	h = (h ^ k->target) * 1099511628211ULL;
	return (size_t)(h ^ (h >> 29));
}

static int same(const struct seen_key *a, const struct seen_key *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->offset == b->offset &&
	       a->target == b->target;
}

/* Insert k; 1 when it was not there.  Called with the lock held. */
static int insert(struct seen_set *s, const struct seen_key *k)
{
	size_t i;

	if (2 * (s->nr + 1) > s->size) {
		struct seen_key *old = s->slots;
		size_t old_size = s->size;

		s->size *= 2;
		s->slots = xcalloc(s->size, sizeof(*s->slots));
		s->nr = 0;
		for (size_t j = 0; j < old_size; j++)
			if (old[j].used)
				insert(s, &old[j]);
		free(old);
	}
	for (i = hash(k) & (s->size - 1); s->slots[i].used;
	     i = (i + 1) & (s->size - 1))
		if (same(&s->slots[i], k))
			return 0;
	s->slots[i] = *k;
	s->slots[i].used = 1;
	s->nr++;
	return 1;
}

int seen_set_first(struct seen_set *s, CXSourceLocation loc, unsigned target)
{
	CXFile file;
	CXFileUniqueID id;
	struct seen_key k;
	unsigned offset;
	int r;

	/* The expansion location: a declaration made by a macro may have
	 * its name in clang's scratch buffer (token pasting). */
	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	if (!s || !file || clang_getFileUniqueID(file, &id))
		return 1;
	k.dev = id.data[0];
	k.ino = id.data[1];
	k.offset = offset;
	k.target = target;
	k.used = 1;
	pthread_mutex_lock(&s->lock);
	r = insert(s, &k);
	pthread_mutex_unlock(&s->lock);
	return r;
}
