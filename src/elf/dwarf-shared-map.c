/*
 * One read-only mapping of a linked file for every worker of -j that
 * reads its units at once (dwarf-internal.h: shared_map_get).
 *
 * Each worker has its own libdwfl handles (elfutils 0.188's cannot be
 * shared between threads), and libdwfl mapped the file once for each:
 * the pages of DWARF, strings and symbols that every worker reads were
 * resident once per worker -- on the 590 MB vmlinux at -j 4, 42 MB of
 * the file against 14 MB at -j 1.  Mapped once here and handed to each
 * worker's libdwfl as memory (dwfl_report_offline_memory), a page is
 * resident once.  Only for what nothing writes to: a linked file (no
 * relocation applied in place) of this machine's byte order (libelf
 * converts no header in place), mapped without write permission, so
 * that a write would be loud, never a change another worker reads.
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>

/* A symbol index the workers share: built once, then only read. */
struct shared_syms {
	struct sym_index x;
	int ready;      /* atomic: x built (or found not shareable) */
	int shared;     /* its names are all in the mapping */
};

struct shared_map {
	dev_t dev;
	ino_t ino;
	size_t size;
	char *data;
	size_t users, gets;
	pthread_mutex_t lock; /* building syms */
	struct shared_syms syms[2]; /* the code's, the data objects' */
	struct shared_map *next;
};

static pthread_mutex_t maps_lock = PTHREAD_MUTEX_INITIALIZER;
static struct shared_map *maps;

struct shared_map *shared_map_get(int fd, size_t size)
{
	struct shared_map *m;
	struct stat st;

	if (fstat(fd, &st) || (size_t)st.st_size != size || !size)
		return NULL;
	pthread_mutex_lock(&maps_lock);
	for (m = maps; m; m = m->next)
		if (m->dev == st.st_dev && m->ino == st.st_ino &&
		    m->size == size)
			break;
	if (!m) {
		void *data = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);

		if (data != MAP_FAILED) {
			m = xcalloc(1, sizeof(*m));
			m->dev = st.st_dev;
			m->ino = st.st_ino;
			m->size = size;
			m->data = data;
			pthread_mutex_init(&m->lock, NULL);
			m->next = maps;
			maps = m;
		}
	}
	if (m) {
		m->users++;
		m->gets++;
	}
	pthread_mutex_unlock(&maps_lock);
	return m;
}

char *shared_map_data(const struct shared_map *m)
{
	return m->data;
}

static const char *sharing(const struct shared_syms *s)
{
	return !s->ready ? "not built" : s->shared ? "yes" : "no";
}

void shared_map_put(struct shared_map *m)
{
	struct shared_map **p;

	if (!m)
		return;
	pthread_mutex_lock(&maps_lock);
	if (--m->users) {
		pthread_mutex_unlock(&maps_lock);
		return;
	}
	for (p = &maps; *p != m; p = &(*p)->next)
		;
	*p = m->next;
	pthread_mutex_unlock(&maps_lock);
	/* Test hook: what the mapping served, said on stderr */
	if (getenv("RWONCE_TEST_SCAN_SHARED_MAP"))
		fprintf(stderr, "rwonce: test: one mapping for %zu worker%s; "
			"symbol indexes shared: code %s, data %s\n", m->gets,
			m->gets == 1 ? "" : "s", sharing(&m->syms[0]),
			sharing(&m->syms[1]));
	for (size_t i = 0; i < 2; i++)
		sym_index_free(&m->syms[i].x);
	pthread_mutex_destroy(&m->lock);
	munmap(m->data, m->size);
	free(m);
}

struct sym_index *shared_map_syms(struct shared_map *m, int data,
				  Dwfl_Module *mod)
{
	struct shared_syms *s = &m->syms[!!data];

	if (!__atomic_load_n(&s->ready, __ATOMIC_ACQUIRE)) {
		pthread_mutex_lock(&m->lock);
		if (!s->ready) {
			s->x.data = !!data;
			sym_index_load(&s->x, mod);
			s->shared = sym_index_names_within(&s->x, m->data,
							   m->size);
			if (!s->shared)
				sym_index_free(&s->x);
			__atomic_store_n(&s->ready, 1, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&m->lock);
	}
	return s->shared ? &s->x : NULL;
}
