/*
 * The run's parsed headers (header-cache.h): a small table of slots
 * hashed by path, an entry replaced when another path takes its slot.
 * Files are walked folder by folder, so the headers of one folder stay
 * while its files are read; the table's size bounds the memory.
 */
#include "cfront/header-cache.h"
#include "cfront/branches.h"
#include "cfront/typeindex.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define SLOTS 256 /* a power of two */

struct cached_header {
	char *path;
	dev_t dev;
	ino_t ino;
	off_t size;
	struct timespec mtime;
	struct type_index *ti;
	unsigned refs; /* the slot's, and one per user (under the lock) */
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct cached_header *slot[SLOTS];

static size_t slot_of(const char *path)
{
	size_t h = 2166136261u;

	for (; *path; path++)
		h = (h ^ (unsigned char)*path) * 16777619u;
	return h & (SLOTS - 1);
}

static int same_file(const struct cached_header *ch, const char *path,
		     const struct stat *st)
{
	return !strcmp(ch->path, path) && ch->dev == st->st_dev &&
	       ch->ino == st->st_ino && ch->size == st->st_size &&
	       ch->mtime.tv_sec == st->st_mtim.tv_sec &&
	       ch->mtime.tv_nsec == st->st_mtim.tv_nsec;
}

/* Drop one reference; the caller holds the lock. */
static void unref(struct cached_header *ch)
{
	if (--ch->refs)
		return;
	type_index_free(ch->ti);
	free(ch->path);
	free(ch);
}

/* A new entry for path, parsed; kept: also referenced by a slot. */
static struct cached_header *parsed(const char *path, const struct stat *st,
				    int kept)
{
	struct type_index *ti = type_index_header(path, BRANCH_BOTH);
	struct cached_header *ch;

	if (!ti)
		return NULL;
	ch = xcalloc(1, sizeof(*ch));
	ch->path = xstrdup(path);
	ch->dev = st->st_dev;
	ch->ino = st->st_ino;
	ch->size = st->st_size;
	ch->mtime = st->st_mtim;
	ch->ti = ti;
	ch->refs = kept ? 2 : 1;
	return ch;
}

struct cached_header *header_cache_get(const char *path)
{
	struct cached_header *ch;
	struct stat st;
	size_t k = slot_of(path);

	/* not there: type_index_header() could not read it either */
	if (stat(path, &st) < 0)
		return NULL;
	if (!S_ISREG(st.st_mode))
		return parsed(path, &st, 0);
	pthread_mutex_lock(&lock);
	ch = slot[k];
	if (ch && same_file(ch, path, &st)) {
		ch->refs++;
		pthread_mutex_unlock(&lock);
		return ch;
	}
	pthread_mutex_unlock(&lock);
	/* parsed outside the lock: two threads may both parse it, the
	 * later one's copy takes the slot */
	if (!(ch = parsed(path, &st, 1)))
		return NULL;
	pthread_mutex_lock(&lock);
	if (slot[k])
		unref(slot[k]);
	slot[k] = ch;
	pthread_mutex_unlock(&lock);
	return ch;
}

const struct type_index *cached_header_index(const struct cached_header *ch)
{
	return ch->ti;
}

void header_cache_release(struct cached_header *ch)
{
	if (!ch)
		return;
	pthread_mutex_lock(&lock);
	unref(ch);
	pthread_mutex_unlock(&lock);
}
