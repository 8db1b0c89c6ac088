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
	const struct lexical_options *macros;
	char *sources_dir;
	struct cache_entry *bucket[CACHE_BUCKETS];
	size_t missing, stale;
};

struct source_cache *source_cache_new(const struct lexical_options *macros,
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

/* Is (line, col) before (l2, c2)? */
static int pos_before(unsigned line, unsigned col, unsigned l2, unsigned c2)
{
	return line < l2 || (line == l2 && col < c2);
}

/* Is the position inside the site's text? */
static int in_text(const struct scan_site *x, unsigned line, unsigned col)
{
	return !pos_before(line, col, x->line, x->col) &&
	       pos_before(line, col, x->end_line, x->end_col);
}

/* ... inside the site's whole assignment (its text included)? */
static int in_assignment(const struct scan_site *x, unsigned line,
			 unsigned col)
{
	return x->asg_line &&
	       !pos_before(line, col, x->asg_line, x->asg_col) &&
	       pos_before(line, col, x->asg_end_line, x->asg_end_col);
}

/* The site that starts later (the inner of two nested ones). */
static long later(const struct source_sites *s, long a, size_t b)
{
	if (a < 0)
		return (long)b;
	return pos_before(s->sites[a].line, s->sites[a].col, s->sites[b].line,
			  s->sites[b].col) ? (long)b : a;
}

/* Which sites a row belongs to (pick_sites). */
struct pick {
	long site;           /* -1: none */
	size_t together;     /* > 1: the line's sites as one (no columns) */
	enum row_place place;
	long writer;         /* also: a site whose assignment holds the
				column outside its text (its stores), or -1 */
	long reader;         /* also: the one site that reads inside the
				text or value of a site that only writes
				(gcc's column of WRITE_ONCE(x, READ_ONCE(y))
				for both), as if before it; or -1 */
};

/* Does site a lie inside the text or the assignment of site w? */
static int nested_in(const struct scan_site *a, const struct scan_site *w)
{
	unsigned end_line = w->end_line, end_col = w->end_col;

	if (w->asg_line && pos_before(end_line, end_col, w->asg_end_line,
				      w->asg_end_col)) {
		end_line = w->asg_end_line;
		end_col = w->asg_end_col;
	}
	return pos_before(w->line, w->col, a->line, a->col) &&
	       !pos_before(end_line, end_col, a->end_line, a->end_col);
}

/*
 * Which site of the line a row with column col belongs to.
 *
 * clang puts a site's code at the macro's or the cast's column; gcc often
 * at the start of what receives the value (`t = READ_ONCE(*p)`: the 't').
 * So a column inside a site's text picks that site -- the innermost, for
 * READ_ONCE(*READ_ONCE(p)) -- and a column before the line's sites picks
 * them (together when there are several); a column after them is another
 * expression (`READ_ONCE(a) + p->b`) -- unless it lies in the assignment
 * of a site that writes: a store is put at the '=' or the '++' (gcc) or
 * at the value (clang), and the row then belongs to that site too, for
 * its stores, even when the value holds a site of its own
 * (ACCESS_ONCE(x) = READ_ONCE(y)); and a row in the text of a site that
 * only writes belongs to the one site that reads in it, as a column
 * before that site does (gcc gives WRITE_ONCE(x, READ_ONCE(y)) one
 * column).  A statement over several lines has
 * rows on each: the sites that reach the row's line count too.
 */
static struct pick pick_sites(const struct source_sites *s, unsigned line,
			      unsigned col)
{
	struct pick p = { -1, 1, ROW_IN_TEXT, -1, -1 };
	size_t first, n, mfirst, nmore;
	long w;

	n = source_sites_on_line(s, line, &first);
	nmore = col ? source_sites_reaching(s, line, &mfirst) : 0;
	if (!n && !nmore)
		return p;
	if (!col) { /* no columns: the line's sites, together */
		if (n) {
			p.site = (long)first;
			p.together = n;
		}
		return p;
	}
	for (size_t i = 0; i < n + nmore; i++) {
		size_t k = i < n ? first + i : s->more[mfirst + i - n].site;
		const struct scan_site *x = &s->sites[k];

		if (in_text(x, line, col))
			p.site = later(s, p.site, k);
		else if (in_assignment(x, line, col))
			p.writer = later(s, p.writer, k);
	}
	w = p.site >= 0 ? p.site : p.writer;
	if (w >= 0 && s->sites[w].access == SITE_WRITE) {
		int readers = 0;

		for (size_t i = 0; i < n + nmore; i++) {
			size_t k = i < n ? first + i : s->more[mfirst + i - n].site;

			if (s->sites[k].access != SITE_WRITE &&
			    nested_in(&s->sites[k], &s->sites[w]) &&
			    (long)k != p.reader) {
				p.reader = (long)k;
				readers++;
			}
		}
		if (readers != 1)
			p.reader = -1;
	}
	if (p.site < 0 && p.writer >= 0) {
		p.site = p.writer;
		p.place = ROW_ASSIGNMENT;
		p.writer = -1;
	} else if (p.site < 0 && n && col < s->sites[first].col) {
		p.site = (long)first;
		p.place = ROW_BEFORE;
		p.together = n;
	}
	return p;
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
		      enum row_place place)
{
	if (in->nr_ranges && in->ranges[in->nr_ranges - 1].hi == lo &&
	    in->ranges[in->nr_ranges - 1].place == place) {
		in->ranges[in->nr_ranges - 1].hi = hi;
		return;
	}
	ALLOC_GROW(in->ranges, in->nr_ranges + 1, in->alloc_ranges);
	in->ranges[in->nr_ranges].lo = lo;
	in->ranges[in->nr_ranges].hi = hi;
	in->ranges[in->nr_ranges].place = place;
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
		size_t nchain;
		struct pick pick;

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
		pick = pick_sites(&e->src, row->line, row->col);
		if (pick.site < 0)
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
			add_range(instance_for(out, &e->src, (size_t)pick.site,
					       pick.together, chain, nchain),
				  a, end, pick.place);
			if (pick.reader >= 0)
				add_range(instance_for(out, &e->src,
						       (size_t)pick.reader, 1,
						       chain, nchain),
					  a, end, ROW_BEFORE);
			if (pick.writer >= 0)
				add_range(instance_for(out, &e->src,
						       (size_t)pick.writer, 1,
						       chain, nchain),
					  a, end, ROW_ASSIGNMENT);
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
