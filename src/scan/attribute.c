/* Line-table rows to site instances (attribute.h). */
#include "scan/attribute.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the source cache: path -> sites, read once per run ---- */

struct cache_entry {
	struct cache_entry *next;
	struct source_sites src;
	int warned_missing, warned_stale;
};

#define CACHE_BUCKETS 4096

struct source_cache {
	pthread_mutex_t lock; /* -j: workers share the cache */
	const struct once_macros *macros;
	char *sources_dir;
	struct cache_entry *bucket[CACHE_BUCKETS];
	size_t missing, stale;
};

struct source_cache *source_cache_new(const struct once_macros *macros,
				      const char *sources_dir)
{
	struct source_cache *c = xcalloc(1, sizeof(*c));

	pthread_mutex_init(&c->lock, NULL);
	c->macros = macros;
	c->sources_dir = sources_dir ? xstrdup(sources_dir) : NULL;
	return c;
}

void source_cache_free(struct source_cache *c)
{
	if (!c)
		return;
	for (size_t b = 0; b < CACHE_BUCKETS; b++) {
		struct cache_entry *e = c->bucket[b], *next;

		for (; e; e = next) {
			next = e->next;
			source_sites_release(&e->src);
			free(e);
		}
	}
	free(c->sources_dir);
	pthread_mutex_destroy(&c->lock);
	free(c);
}

size_t source_cache_missing(const struct source_cache *c)
{
	return c->missing;
}

size_t source_cache_stale(const struct source_cache *c)
{
	return c->stale;
}

size_t source_cache_sites_seen(const struct source_cache *c)
{
	size_t n = 0;

	for (size_t b = 0; b < CACHE_BUCKETS; b++)
		for (struct cache_entry *e = c->bucket[b]; e; e = e->next)
			for (size_t k = 0; k < e->src.nr; k++)
				n += (size_t)(e->src.sites[k].seen != 0);
	return n;
}

static size_t hash_path(const char *s)
{
	size_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h % CACHE_BUCKETS;
}

/* The entry of path, read on first need.  The sites of an entry never
 * change once it is in the cache, so workers read them without the lock. */
static struct cache_entry *cache_get(struct source_cache *c, const char *path)
{
	size_t b = hash_path(path);
	struct cache_entry *e;

	struct cache_entry *mine;

	pthread_mutex_lock(&c->lock);
	for (e = c->bucket[b]; e; e = e->next)
		if (!strcmp(e->src.path, path))
			break;
	pthread_mutex_unlock(&c->lock);
	if (e)
		return e;
	/* read and lex outside the lock; a worker that was quicker wins */
	mine = xcalloc(1, sizeof(*mine));
	source_sites_load(&mine->src, path, c->macros);
	pthread_mutex_lock(&c->lock);
	for (e = c->bucket[b]; e; e = e->next)
		if (!strcmp(e->src.path, path))
			break;
	if (!e) {
		mine->next = c->bucket[b];
		c->bucket[b] = e = mine;
		mine = NULL;
	}
	pthread_mutex_unlock(&c->lock);
	if (mine) {
		source_sites_release(&mine->src);
		free(mine);
	}
	return e;
}

/* Is this the first time for *flag?  Counts it in *count. */
static int first_time(struct source_cache *c, int *flag, size_t *count)
{
	int first;

	pthread_mutex_lock(&c->lock);
	first = !*flag;
	*flag = 1;
	*count += (size_t)first;
	pthread_mutex_unlock(&c->lock);
	return first;
}

/* Say once per source that it is missing or newer than an object. */
static void note_missing(struct source_cache *c, struct cache_entry *e,
			 const char *obj)
{
	if (first_time(c, &e->warned_missing, &c->missing))
		warning("%s: source '%s' named by its line table cannot be read "
			"(%s): its sites are not checked (--sources DIR?)", obj,
			e->src.path, strerror(e->src.missing));
}

static void note_stale(struct source_cache *c, struct cache_entry *e,
		       const char *obj)
{
	if (first_time(c, &e->warned_stale, &c->stale))
		warning("%s: sources changed since the build: '%s' is newer "
			"than the object; its lines may no longer match the code",
			obj, e->src.path);
}

/*
 * The path of a line-table file name: absolute with the unit's comp_dir;
 * with --sources DIR, DIR takes comp_dir's place (or, for a file outside
 * comp_dir, DIR is searched for the longest tail of the path that exists).
 */
static void source_path(const struct source_cache *c, const struct line_unit *u,
			const char *file, struct strbuf *out)
{
	const char *dir = u->comp_dir;
	size_t n = dir ? strlen(dir) : 0;

	strbuf_reset(out);
	if (file[0] != '/' && dir)
		strbuf_addf(out, "%s/%s", dir, file);
	else
		strbuf_addstr(out, file);
	if (!c->sources_dir)
		return;
	if (dir && !strncmp(out->buf, dir, n) && out->buf[n] == '/') {
		char *rest = xstrdup(out->buf + n);

		strbuf_reset(out);
		strbuf_addf(out, "%s%s", c->sources_dir, rest);
		free(rest);
		return;
	}
	for (const char *p = out->buf; (p = strchr(p, '/')); p++) {
		char *try = xasprintf("%s%s", c->sources_dir, p);

		if (!access(try, R_OK)) {
			strbuf_reset(out);
			strbuf_addstr(out, try);
			free(try);
			return;
		}
		free(try);
	}
}

/* ---- rows to instances ---- */

/*
 * Which site of the line a row with column col belongs to: its index, or
 * -1 for none.  *together: the number of sites judged as one.
 *
 * clang puts a site's code at the macro's or the cast's column; gcc often
 * at the start of what receives the value (`t = READ_ONCE(*p)`: the 't').
 * So a column inside a site's text picks that site, and a column before
 * the line's sites picks them (together when there are several); a
 * column after them is another expression (`READ_ONCE(a) + p->b`).
 */
static long pick_site(const struct source_sites *s, size_t first, size_t n,
		      unsigned line, unsigned col, size_t *together,
		      int *before)
{
	*together = 1;
	*before = 0;
	if (col) {
		long inner = -1;

		/* the innermost site holding the column: READ_ONCE(*READ_ONCE(p)) */
		for (size_t k = first; k < first + n; k++) {
			const struct scan_site *x = &s->sites[k];

			if (col >= x->col && (x->end_line > line || col < x->end_col))
				inner = (long)k;
		}
		if (inner >= 0)
			return inner;
		if (col >= s->sites[first].col)
			return -1;
		*before = 1;
	}
	if (n > 1)
		*together = n;
	return (long)first;
}

static int same_chain(const struct site_instance *a,
		      const struct inline_frame *chain, size_t n)
{
	if (a->nchain != n)
		return 0;
	for (size_t k = 0; k < n; k++)
		if (a->chain[k].die != chain[k].die)
			return 0;
	return 1;
}

static void add_range(struct site_instance *in, uint64_t lo, uint64_t hi,
		      int before)
{
	if (in->nr_ranges && in->ranges[in->nr_ranges - 1].hi == lo &&
	    in->ranges[in->nr_ranges - 1].before == before) {
		in->ranges[in->nr_ranges - 1].hi = hi;
		return;
	}
	ALLOC_GROW(in->ranges, in->nr_ranges + 1, in->alloc_ranges);
	in->ranges[in->nr_ranges].lo = lo;
	in->ranges[in->nr_ranges].hi = hi;
	in->ranges[in->nr_ranges].before = before;
	in->nr_ranges++;
}

static struct site_instance *instance_for(struct instance_list *out,
					  struct source_sites *src, size_t site,
					  size_t together,
					  const struct inline_frame *chain,
					  size_t nchain)
{
	struct site_instance *in;

	/* the newest first: rows of one instance come close together */
	for (size_t k = out->nr; k-- > 0;) {
		in = &out->items[k];
		if (in->src == src && in->site == site &&
		    same_chain(in, chain, nchain))
			return in;
	}
	ALLOC_GROW(out->items, out->nr + 1, out->alloc);
	in = &out->items[out->nr++];
	memset(in, 0, sizeof(*in));
	in->src = src;
	in->site = site;
	in->together = together;
	memcpy(in->chain, chain, nchain * sizeof(*chain));
	in->nchain = nchain;
	return in;
}

/* The last file name looked up, and its entry: rows come in runs. */
struct file_memo {
	const char *file;
	struct cache_entry *e;
};

void attribute_unit(struct line_unit *u, struct source_cache *c,
		    const char *obj, time_t obj_mtime,
		    struct instance_list *out)
{
	struct strbuf path = STRBUF_INIT;
	struct file_memo memo[8];
	size_t next_memo = 0;

	memset(memo, 0, sizeof(memo));
	for (size_t i = 0; i + 1 < u->nr; i++) {
		const struct line_row *row = &u->rows[i];
		struct cache_entry *e = NULL;
		struct inline_frame chain[SCAN_MAX_CHAIN];
		size_t first, n, nchain, together;
		long site;
		int before;

		if (row->end_sequence || u->rows[i + 1].addr <= row->addr ||
		    !row->line)
			continue;
		for (size_t m = 0; m < ARRAY_SIZE(memo); m++)
			if (memo[m].file == row->file)
				e = memo[m].e;
		if (!e) {
			source_path(c, u, row->file, &path);
			e = cache_get(c, path.buf);
			memo[next_memo].file = row->file;
			memo[next_memo].e = e;
			next_memo = (next_memo + 1) % ARRAY_SIZE(memo);
			/* a directory: some tables name the unit's folder as
			 * a file (entry 0 of DWARF 5); no code is there */
			if (e->src.missing && e->src.missing != EISDIR)
				note_missing(c, e, obj);
		}
		if (e->src.missing || !e->src.nr)
			continue;
		n = source_sites_on_line(&e->src, row->line, &first);
		if (!n)
			continue;
		site = pick_site(&e->src, first, n, row->line, row->col,
				 &together, &before);
		if (site < 0)
			continue;
		if (e->src.mtime > obj_mtime)
			note_stale(c, e, obj);
		/* a row may span code of several inlined copies */
		for (uint64_t a = row->addr, b = u->rows[i + 1].addr, end; a < b;
		     a = end) {
			nchain = line_unit_inline_chain(u, a, chain,
							ARRAY_SIZE(chain), &end);
			if (end <= a || end > b)
				end = b;
			add_range(instance_for(out, &e->src, (size_t)site,
					       together, chain, nchain), a, end,
				  before);
		}
	}
	strbuf_release(&path);
}

void instance_list_clear(struct instance_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->items[i].ranges);
	l->nr = 0;
}
