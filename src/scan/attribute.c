/* Line-table rows to site instances (attribute.h). */
#include "scan/attribute.h"
#include "cfront/header-macros.h"
#include "cfront/once-accessor.h"
#include "lib/strbuf.h"
#include "lib/messages.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- the source cache: path -> sites, read once per run ---- */

struct cache_entry {
	struct cache_entry *next;
	size_t hash;            /* hash_path(src.path), compared first */
	struct source_sites src;
	int warned_missing, warned_mismatch;
};

#define CACHE_BUCKETS 4096

/* Over the run, for the test hook: the units' files whose paths were
 * looked up, and those found by their strings' places (memo below). */
static size_t paths_looked_up, paths_remembered;

struct source_cache {
	pthread_mutex_t lock; /* -j: workers share the cache */
	const struct once_macros *macros;
	/* objects declared volatile whose uses are sites, or NULL */
	const struct volatile_objects *vol;
	/* a --macro name no source defines: any row may be an inlined
	 * copy of a function of that name (sites.h: maybe_accessor) */
	int unseen_names;
	char *sources_dir;
	struct cache_entry *bucket[CACHE_BUCKETS];
	size_t missing, mismatched;
	int no_memo; /* test hook RWONCE_TEST_SCAN_NO_PATH_MEMO */
};

struct source_cache *source_cache_new(const struct once_macros *macros,
				      const struct volatile_objects *vol,
				      const char *sources_dir)
{
	struct source_cache *c = xcalloc(1, sizeof(*c));

	pthread_mutex_init(&c->lock, NULL);
	c->macros = macros;
	c->vol = vol;
	/* Test hook: every unit's files looked up by their paths (the
	 * reports must be the same) */
	c->no_memo = !!getenv("RWONCE_TEST_SCAN_NO_PATH_MEMO");
	c->sources_dir = sources_dir ? xstrdup(sources_dir) : NULL;
	for (size_t i = 0; i < macros->nr; i++)
		c->unseen_names |= !(macros->items[i].flags &
				     (OMF_BUILTIN | OMF_DISCOVERED | OMF_ACCESSOR)) &&
				   !macros->items[i].def_path;
	return c;
}

void source_cache_free(struct source_cache *c)
{
	if (!c)
		return;
	/* Test hook: what reading the sources took, said on stderr */
	if (getenv("RWONCE_TEST_SCAN_SOURCES")) {
		struct source_sites_stats st;
		size_t bodies, unwanted, worked, remembered;

		source_sites_stats(&st);
		fprintf(stderr, "rwonce: test: sources: %zu read, %zu lexed "
			"(%zu bytes); units' files: %zu paths looked up, %zu "
			"found by their strings' places\n", st.read, st.lexed,
			st.bytes_lexed,
			__atomic_load_n(&paths_looked_up, __ATOMIC_RELAXED),
			__atomic_load_n(&paths_remembered, __ATOMIC_RELAXED));
		once_accessors_body_stats(&bodies, &unwanted);
		fprintf(stderr, "rwonce: test: functions' bodies read for "
			"once-accessors over the run: %zu, left by their "
			"names: %zu\n", bodies, unwanted);
		header_macros_memo_stats(c->macros->headers, &worked,
					 &remembered);
		fprintf(stderr, "rwonce: test: the headers' macro readings of "
			"an expression: %zu worked out, %zu remembered\n",
			worked, remembered);
		header_macros_combo_stats(&worked, &remembered);
		fprintf(stderr, "rwonce: test: combinations of the headers' "
			"definitions: %zu expanded, %zu given by one expanded "
			"before\n", worked, remembered);
	}
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

size_t source_cache_mismatched(const struct source_cache *c)
{
	return c->mismatched;
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

void source_cache_each(const struct source_cache *c,
		       void (*fn)(const struct source_sites *src, void *ctx),
		       void *ctx)
{
	for (size_t b = 0; b < CACHE_BUCKETS; b++)
		for (struct cache_entry *e = c->bucket[b]; e; e = e->next)
			fn(&e->src, ctx);
}

static size_t hash_path(const char *s)
{
	size_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/* The entry of path, read on first need.  The sites of an entry never
 * change once it is in the cache, so workers read them without the lock.
 * (Each unit looks up every file of its table: the hashes are compared
 * before the paths, which share long beginnings.) */
static struct cache_entry *cache_get(struct source_cache *c, const char *path)
{
	size_t h = hash_path(path), b = h % CACHE_BUCKETS;
	struct cache_entry *e;

	struct cache_entry *mine;

	pthread_mutex_lock(&c->lock);
	for (e = c->bucket[b]; e; e = e->next)
		if (e->hash == h && !strcmp(e->src.path, path))
			break;
	pthread_mutex_unlock(&c->lock);
	if (e)
		return e;
	/* read and lex outside the lock; a worker that was quicker wins */
	mine = xcalloc(1, sizeof(*mine));
	mine->hash = h;
	source_sites_load(&mine->src, path, c->macros, c->vol);
	pthread_mutex_lock(&c->lock);
	for (e = c->bucket[b]; e; e = e->next)
		if (e->hash == h && !strcmp(e->src.path, path))
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

/* Say once per source that it is missing or newer than an object: an
 * error, as the run's exit status 2 says (its sites are not checked). */
static void note_missing(struct source_cache *c, struct cache_entry *e,
			 const char *obj)
{
	struct strbuf why = STRBUF_INIT;

	if (!first_time(c, &e->warned_missing, &c->missing))
		return;
	error("%s: source '%s' named by its line table cannot be read "
		"(%s): its sites are not checked (--sources DIR?)", obj,
		e->src.path, file_strerror(e->src.missing));
	strbuf_addf(&why, "a source %s's line table names: cannot be read "
		    "(%s): its sites are not checked", obj,
		    file_strerror(e->src.missing));
	messages_unchecked(MESSAGE_ERROR, e->src.path, why.buf);
	strbuf_release(&why);
}

/* Say once per source that a unit was not built from it. */
static void note_mismatch(struct source_cache *c, struct cache_entry *e,
			  const char *obj, const char *why)
{
	__atomic_store_n(&e->src.mismatch, 1, __ATOMIC_RELAXED);
	struct strbuf text = STRBUF_INIT;

	if (!first_time(c, &e->warned_mismatch, &c->mismatched))
		return;
	error("%s: source '%s' does not match the build: %s; its sites "
	      "are not judged (--sources DIR with the build's sources)",
	      obj, e->src.path, why);
	strbuf_addf(&text, "does not match the build of %s: %s; its sites "
		    "are not judged", obj, why);
	messages_unchecked(MESSAGE_ERROR, e->src.path, text.buf);
	strbuf_release(&text);
}

/*
 * "a/./b//c/../d" -> "a/b/d", as the names are spelled and not through
 * the file system (no symbolic link is followed): the tables of two
 * units, or of gcc and clang, name one header "./include/x.h" and
 * "include/x.h", and it is one source, with one count of sites.
 */
/* Is s as normalize_path() leaves it: no empty, "." or ".." segment?
 * (Most names are: a vmlinux's tables name 327,000 files, and building
 * each path through snprintf and a second buffer was 7% of scan.) */
static int already_normal(const char *s)
{
	const char *seg = s + (*s == '/');

	if (!*seg)
		return 0;
	for (;;) {
		size_t n = strcspn(seg, "/");

		if (!n || (n == 1 && seg[0] == '.') ||
		    (n == 2 && seg[0] == '.' && seg[1] == '.'))
			return 0;
		if (!seg[n])
			return 1;
		seg += n + 1;
	}
}

static void normalize_path(struct strbuf *p)
{
	struct strbuf out = STRBUF_INIT;
	size_t ends[256], depth = 0; /* out.len before each segment kept */
	int abs = p->buf[0] == '/';

	if (already_normal(p->buf))
		return;
	for (const char *in = p->buf; *in;) {
		size_t n = strcspn(in, "/");

		/* the last segment kept, after its '/' */
		const char *last = depth ? out.buf + ends[depth - 1] +
			(ends[depth - 1] || abs) : NULL;

		if (n == 2 && in[0] == '.' && in[1] == '.' && last &&
		    strcmp(last, "..")) {
			out.len = ends[--depth]; /* "b/..": both gone */
			out.buf[out.len] = '\0';
		} else if (n == 2 && in[0] == '.' && in[1] == '.' && abs && !depth) {
			/* "/.." is "/" */
		} else if (n && !(n == 1 && in[0] == '.')) {
			if (depth == ARRAY_SIZE(ends)) {
				strbuf_release(&out);
				return; /* that deep: leave it as it is */
			}
			ends[depth++] = out.len;
			if (out.len || abs)
				strbuf_addch(&out, '/');
			strbuf_add(&out, in, n);
		}
		in += n;
		in += *in == '/';
	}
	if (!out.len)
		strbuf_addstr(&out, abs ? "/" : ".");
	strbuf_reset(p);
	strbuf_add(p, out.buf, out.len);
	strbuf_release(&out);
}

/* The path of a line-table file name (attribute.h). */
void scan_source_path(const char *sources_dir, const struct line_unit *u,
		      const char *file, struct strbuf *out)
{
	const char *dir = u->comp_dir;
	size_t n = dir ? strlen(dir) : 0;
	char *moved = NULL;

	strbuf_reset(out);
	if (file[0] != '/' && dir) {
		strbuf_add(out, dir, n);
		strbuf_addch(out, '/');
	}
	strbuf_addstr(out, file);
	normalize_path(out);
	if (!sources_dir)
		return;
	if (dir && !strncmp(out->buf, dir, n) && out->buf[n] == '/')
		/* sources_dir takes dir's place */
		moved = xasprintf("%s%s", sources_dir, out->buf + n);
	/* where that is not there, or for a file outside comp_dir, DIR is
	 * searched for the path's longest tail: DIR may be a folder above
	 * the build's (the checkout of a project built in its src/, as
	 * Redis is) */
	if (!moved || access(moved, R_OK))
		for (const char *p = out->buf; (p = strchr(p, '/')); p++) {
			char *try = xasprintf("%s%s", sources_dir, p);

			if (!access(try, R_OK)) {
				free(moved);
				moved = try;
				break;
			}
			free(try);
		}
	if (moved) { /* else the path as it is, not found below DIR */
		strbuf_reset(out);
		strbuf_addstr(out, moved);
		free(moved);
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
	long call;           /* a once-accessor's call whose text holds the
				column: a call left out of line, unless the
				code is an inlined copy; or -1 */
	long folded_call;    /* a once-accessor's call whose statement holds
				the column (an operator's, outside every
				site's text): a load of its inlined copy
				folded into the caller's instruction; or -1 */
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

/* Is line:col inside the statement of site x? */
static int in_statement(const struct scan_site *x, unsigned line,
			unsigned col)
{
	return !pos_before(line, col, x->stmt_line, x->stmt_col) &&
	       pos_before(line, col, x->stmt_end_line, x->stmt_end_col);
}

/*
 * A row on another column of a site's statement, outside every site's
 * text: an operator, whose instruction may hold a site's load folded in
 * (clang: `cmpl $0, (%rbx)` at the '>' of READ_ONCE(x->v) > 0, `add
 * 4(%rdi), %eax` at the '+' before READ_ONCE(s->b)).  The next site of
 * the statement after the column (the right operand), else the one
 * before it; -1 when the column is in no site's statement.  A
 * once-accessor's call counts as any site: clang hoists its inlined
 * copy's load into the caller and folds it there too (nsync's
 * `ATM_LOAD_ACQ (&c->value) == 0`: `cmpl $0x0, 0x18(%rdi)` at the '==',
 * the copy keeping only its `mfence`).
 */
static long folded_pick(const struct source_sites *s, unsigned line,
			unsigned col, size_t first, size_t n, size_t mfirst,
			size_t nmore)
{
	long next = -1, prev = -1;

	for (size_t i = 0; i < n + nmore; i++) {
		size_t k = i < n ? first + i : s->more[mfirst + i - n].site;
		const struct scan_site *x = &s->sites[k];

		if (!x->stmt_line || !in_statement(x, line, col))
			continue;
		if (pos_before(line, col, x->line, x->col)) {
			if (next < 0 || pos_before(x->line, x->col,
						   s->sites[next].line,
						   s->sites[next].col))
				next = (long)k;
		} else if (!pos_before(line, col, x->end_line, x->end_col)) {
			if (prev < 0 || pos_before(s->sites[prev].end_line,
						   s->sites[prev].end_col,
						   x->end_line, x->end_col))
				prev = (long)k;
		}
	}
	return next >= 0 ? next : prev;
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
	struct pick p = { -1, 1, ROW_IN_TEXT, -1, -1, -1, -1 };
	size_t first, n, mfirst, nmore;
	long w;

	n = source_sites_on_line(s, line, &first);
	nmore = col ? source_sites_reaching(s, line, &mfirst) : 0;
	if (!n && !nmore)
		return p;
	if (!col) { /* no columns: the line's sites, together */
		/* the one site is an accessor's call: its code is the
		 * inlined copy's, the line's the arguments' (and the rest
		 * of the statement's: clang's `movq (%rsi), %rax` of an
		 * nsync_time constant on `r = (ATM_LOAD_ACQ (&c->value) ==
		 * 0 ? nsync_time_zero : ...)`) -- a call, as in its text */
		if (n == 1 && s->sites[first].accessor) {
			p.call = (long)first;
			return p;
		}
		if (n) {
			p.site = (long)first;
			p.together = n;
		}
		return p;
	}
	for (size_t i = 0; i < n + nmore; i++) {
		size_t k = i < n ? first + i : s->more[mfirst + i - n].site;
		const struct scan_site *x = &s->sites[k];

		/* an accessor's call: its code is the inlined body's,
		 * elsewhere; the code on its line is the arguments' */
		if (x->accessor) {
			if (in_text(x, line, col))
				p.call = later(s, p.call, k);
			continue;
		}
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
	} else if (p.site < 0 && n && col < s->sites[first].col &&
		   !s->sites[first].accessor) {
		p.site = (long)first;
		p.place = ROW_BEFORE;
		p.together = n;
	} else if (p.site < 0 && p.call < 0) {
		p.site = folded_pick(s, line, col, first, n, mfirst, nmore);
		p.place = ROW_FOLDED;
		if (p.site >= 0 && s->sites[p.site].accessor) {
			p.folded_call = p.site;
			p.site = -1;
		}
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

static struct site_instance *instance_of(struct instance_list *out,
					 struct source_sites *src, size_t site,
					 size_t together,
					 const struct inline_frame *chain,
					 size_t nchain, int folded)
{
	struct site_instance *in;

	/* the newest first: rows of one instance come close together */
	for (size_t k = out->nr; k-- > 0;) {
		in = &out->items[k];
		if (in->src == src && in->site == site &&
		    in->folded_only == folded && same_chain(in, chain, nchain))
			return in;
	}
	ALLOC_GROW(out->items, out->nr + 1, out->alloc);
	in = &out->items[out->nr++];
	memset(in, 0, sizeof(*in));
	in->src = src;
	in->site = site;
	in->together = together;
	in->folded_only = folded;
	if (nchain) /* chain may be NULL then */
		memcpy(in->chain, chain, nchain * sizeof(*chain));
	in->nchain = nchain;
	return in;
}

static struct site_instance *instance_for(struct instance_list *out,
					  struct source_sites *src, size_t site,
					  size_t together,
					  const struct inline_frame *chain,
					  size_t nchain)
{
	return instance_of(out, src, site, together, chain, nchain, 0);
}

/* Code on an operator's column of an accessor's call's statement
 * (pick.folded_call), outside the inlined copy: merge_folded_calls(). */
static void add_folded_call(struct instance_list *out,
			    struct source_sites *src, size_t site,
			    const struct inline_frame *chain, size_t nchain,
			    uint64_t a, uint64_t end)
{
	add_range(instance_of(out, src, site, 1, chain, nchain, 1), a, end,
		  ROW_FOLDED);
}

/*
 * Rows that fall between the tokens of a source that has no MD5 in the
 * table: this many say the text moved since the build.  On the sources
 * that match, not one row falls between tokens (doc/scan.md: Debian's
 * vmlinux with its own sources, 4266 files; the gcc kernel builds); on
 * two versions older sources, a unit may have 1 such row of 15.
 */
#define MISMATCH_MIN_ROWS 1

/* A source of one unit: its entry, and what the unit says about it. */
struct unit_source {
	struct cache_entry *e;
	const unsigned char *md5;   /* the table's, or NULL */
	unsigned rows, between;     /* rows checked; between its tokens */
	unsigned first_line, first_col; /* the first of those */
};

struct unit_sources {
	struct source_cache *c;
	struct unit_source *items;
	size_t nr, alloc;
	size_t *of_file;            /* file table index -> items index */
	/* names that are no pointer of the file table (libdw gives the
	 * rows the table's strings; should it not, they are looked up by
	 * path, not dropped): by name, items index */
	const char **other;
	size_t *other_at, nother, alloc_other;
	/* the last name asked and its answer (an items index, SIZE_MAX for
	 * none): a unit's rows come in runs of one file */
	const char *last_file;
	size_t last_at;
};

/*
 * The entries a worker found for the files of the image it scans, by the
 * pointers their names were joined from (unit_file: raw_dir, raw_name)
 * and the unit's comp_dir: the same three pointers are the same path, so
 * a kernel's units -- each naming a few hundred headers, mostly the same
 * -- find them without building, hashing and comparing the path (4% of
 * scanning Debian's vmlinux).  Valid while the image is open: emptied by
 * attribute_image_done().
 */
struct memo_slot {
	const char *comp_dir, *dir, *name;
	struct cache_entry *e;
};
static __thread struct memo_slot *memo;
static __thread size_t memo_size, memo_nr;

static size_t memo_hash(const char *comp_dir, const char *dir,
			const char *name)
{
	uint64_t h = (uintptr_t)comp_dir;

	h = (h ^ (uintptr_t)dir) * 0x9e3779b97f4a7c15ull;
	h = (h ^ (uintptr_t)name) * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 24);
}

static struct memo_slot *memo_slot(const char *comp_dir, const char *dir,
				   const char *name)
{
	size_t k = memo_hash(comp_dir, dir, name) & (memo_size - 1);

	while (memo[k].name && !(memo[k].name == name && memo[k].dir == dir &&
				 memo[k].comp_dir == comp_dir))
		k = (k + 1) & (memo_size - 1);
	return &memo[k];
}

static void memo_put(const char *comp_dir, const char *dir, const char *name,
		     struct cache_entry *e)
{
	struct memo_slot *m;

	if (2 * (memo_nr + 1) > memo_size) {
		struct memo_slot *old = memo;
		size_t n = memo_size;

		memo_size = n ? 2 * n : 1024;
		memo = xcalloc(memo_size, sizeof(*memo));
		for (size_t k = 0; k < n; k++)
			if (old[k].name)
				*memo_slot(old[k].comp_dir, old[k].dir,
					   old[k].name) = old[k];
		free(old);
	}
	m = memo_slot(comp_dir, dir, name);
	m->comp_dir = comp_dir;
	m->dir = dir;
	m->name = name;
	m->e = e;
	memo_nr++;
}

void attribute_image_done(void)
{
	free(memo);
	memo = NULL;
	memo_size = memo_nr = 0;
}

/* Resolve every file of the unit's table to its cache entry (read and
 * lexed on first need by any unit): the sources whose sites are counted
 * are all those the tables name, rows or not. */
static void unit_sources_load(struct source_cache *c, struct line_unit *u,
			      struct unit_sources *us)
{
	struct strbuf path = STRBUF_INIT;
	/* the entries met so far, by pointer: open addressing, 1 + their
	 * place in us->items (a table names a few hundred files) */
	size_t size = 16, *seen, looked_up = 0, remembered = 0;

	while (size < 2 * (u->nfiles + 1))
		size *= 2;
	seen = xcalloc(size, sizeof(*seen));
	memset(us, 0, sizeof(*us));
	us->c = c;
	us->alloc = u->nfiles + 1;
	us->items = xcalloc(us->alloc, sizeof(*us->items));
	us->of_file = xcalloc(u->nfiles + 1, sizeof(*us->of_file));
	for (size_t i = 0; i < u->nfiles; i++) {
		struct cache_entry *e;
		size_t k, h;

		if (!u->files[i].name) {
			us->of_file[i] = SIZE_MAX;
			continue;
		}
		e = NULL;
		if (u->files[i].raw_name && memo_size && !c->no_memo) {
			struct memo_slot *m = memo_slot(u->comp_dir,
							u->files[i].raw_dir,
							u->files[i].raw_name);

			e = m->e;
		}
		if (e) {
			remembered++;
		} else {
			scan_source_path(c->sources_dir, u, u->files[i].name,
					 &path);
			e = cache_get(c, path.buf);
			looked_up++;
			if (u->files[i].raw_name && !c->no_memo)
				memo_put(u->comp_dir, u->files[i].raw_dir,
					 u->files[i].raw_name, e);
		}
		for (h = ((uintptr_t)e >> 4) & (size - 1);
		     seen[h] && us->items[seen[h] - 1].e != e;
		     h = (h + 1) & (size - 1))
			;
		if (seen[h]) {
			k = seen[h] - 1;
		} else {
			k = us->nr;
			us->items[us->nr++].e = e;
			seen[h] = k + 1;
		}
		if (u->files[i].has_md5)
			us->items[k].md5 = u->files[i].md5;
		us->of_file[i] = k;
	}
	free(seen);
	strbuf_release(&path);
	__atomic_fetch_add(&paths_looked_up, looked_up, __ATOMIC_RELAXED);
	__atomic_fetch_add(&paths_remembered, remembered, __ATOMIC_RELAXED);
}

static size_t unit_source_at(struct unit_sources *us, struct line_unit *u,
			     const char *file)
{
	const struct unit_file *f = line_unit_file(u, file);
	struct strbuf path = STRBUF_INIT;
	struct cache_entry *e;
	size_t k;

	if (f)
		return us->of_file[f->index];
	for (k = 0; k < us->nother; k++)
		if (us->other[k] == file)
			return us->other_at[k];
	scan_source_path(us->c->sources_dir, u, file, &path);
	e = cache_get(us->c, path.buf);
	strbuf_release(&path);
	for (k = 0; k < us->nr && us->items[k].e != e; k++)
		;
	if (k == us->nr) {
		ALLOC_GROW(us->items, us->nr + 1, us->alloc);
		memset(&us->items[us->nr], 0, sizeof(*us->items));
		us->items[us->nr++].e = e;
	}
	ALLOC_GROW(us->other, us->nother + 1, us->alloc_other);
	us->other_at = xrealloc(us->other_at, us->alloc_other *
				sizeof(*us->other_at));
	us->other[us->nother] = file;
	us->other_at[us->nother++] = k;
	return k;
}

/* The unit's source of the name file (a pointer of the rows or of
 * libdw), or NULL when the file table names none there. */
static struct unit_source *unit_source_of(struct unit_sources *us,
					  struct line_unit *u, const char *file)
{
	if (!file || file != us->last_file) {
		us->last_at = unit_source_at(us, u, file);
		us->last_file = file;
	}
	return us->last_at == SIZE_MAX ? NULL : &us->items[us->last_at];
}

/* Is decl_file a source with sites?  Asked of each function before
 * its attributes are read: a kernel unit defines hundreds of functions
 * of headers without any. */
static int with_sites(const char *decl_file, void *arg)
{
	void **pass = arg;
	struct unit_source *src = unit_source_of(pass[0], pass[1], decl_file);

	return src && src->e->src.nr;
}

/* A function of the unit declared in a source with sites: mark its line
 * (with code, or only inlined) for saying why a site has none. */
static void mark_function(const struct unit_function *f, void *arg)
{
	void **pass = arg;
	struct unit_source *src = unit_source_of(pass[0], pass[1], f->decl_file);
	struct source_sites *s = &src->e->src;

	if (f->has_code)
		source_sites_mark(s->fn_code_lines, s->match.nlines, f->decl_line);
	if (f->line0)
		source_sites_mark(s->fn_line0_lines, s->match.nlines,
				  f->decl_line);
	if (!f->has_code && f->abstract)
		source_sites_mark(s->fn_inline_lines, s->match.nlines,
				  f->decl_line);
}

/* The source's MD5, computed on first need (the file read again). */
static const unsigned char *source_md5(struct source_cache *c,
				       struct cache_entry *e)
{
	pthread_mutex_lock(&c->lock);
	if (!e->src.match.has_md5) {
		size_t len;
		char *buf = read_file(e->src.path, &len);

		if (buf)
			source_match_md5(&e->src.match, buf, len);
		free(buf);
	}
	pthread_mutex_unlock(&c->lock);
	return e->src.match.has_md5 ? e->src.match.md5 : NULL;
}

/* Was the unit built from this text?  0 yes or not known, else why not
 * in *why. */
static int unit_source_mismatch(struct source_cache *c,
				const struct unit_source *src,
				struct strbuf *why)
{
	const struct source_sites *s = &src->e->src;
	const unsigned char *md5;

	if (s->missing)
		return 0; /* said already, or without code */
	if (src->md5) {
		md5 = source_md5(c, src->e);
		if (!md5 || source_match_md5_same(src->md5, md5))
			return 0;
		strbuf_addstr(why, "its MD5 is not the one the line table "
			      "records");
		return 1;
	}
	if (src->between < MISMATCH_MIN_ROWS)
		return 0;
	strbuf_addf(why, "%u of the %u line-table rows on it fall between "
		    "its tokens (the first at line %u, column %u)",
		    src->between, src->rows, src->first_line, src->first_col);
	return 1;
}

/* Keep the instances whose source was not found not to match. */
static void drop_mismatched(struct instance_list *out, size_t from,
			    const struct source_sites *src)
{
	size_t k = from;

	for (size_t i = from; i < out->nr; i++) {
		if (out->items[i].src == src) {
			free(out->items[i].ranges);
			continue;
		}
		out->items[k++] = out->items[i];
	}
	out->nr = k;
}

/*
 * Is a copy of the instance's inline chain called from inside a loop
 * body of its caller (`for (j ...) sum += zone_managed_pages(z)` calling
 * a function with a READ_ONCE)?  Unrolled, the loop repeats the one
 * access: iterations, not a duplicate (verdict.c).  A caller's file
 * without sites was not lexed: its frame is left in loops_unknown.
 */
static int called_in_loop(struct unit_sources *us, struct line_unit *u,
			  struct site_instance *in)
{
	for (size_t k = 0; k < in->nchain; k++) {
		const struct inline_frame *f = &in->chain[k];
		struct unit_source *src;

		in->loops_unknown[k] = NULL;
		in->caller_src[k] = NULL;
		if (!f->call_file || !f->call_line ||
		    !(src = unit_source_of(us, u, f->call_file)))
			continue;
		in->caller_src[k] = &src->e->src;
		if (!__atomic_load_n(&src->e->src.loops_known, __ATOMIC_ACQUIRE)) {
			in->loops_unknown[k] = &src->e->src;
			continue;
		}
		if (source_sites_in_loop(&src->e->src, f->call_line,
					 f->call_col ? f->call_col : UINT_MAX))
			return 1;
	}
	return 0;
}

int attribute_caller_loop(struct source_cache *c,
			  const struct site_instance *in)
{
	for (size_t k = 0; k < in->nchain; k++) {
		const struct inline_frame *f = &in->chain[k];
		struct source_sites *s = in->loops_unknown[k];

		if (!s)
			continue;
		pthread_mutex_lock(&c->lock);
		source_sites_load_loops(s);
		pthread_mutex_unlock(&c->lock);
		if (source_sites_in_loop(s, f->call_line,
					 f->call_col ? f->call_col : UINT_MAX))
			return 1;
	}
	return 0;
}

/* Code on the text of an accessor's call, no inlined copy of it. */
static void add_call(struct instance_list *out, struct source_sites *src,
		     size_t site, const struct inline_frame *chain,
		     size_t nchain, uint64_t a, uint64_t end)
{
	struct site_instance *in = instance_for(out, src, site, 1, chain,
						nchain);

	in->call_only = 1;
	add_range(in, a, end, ROW_IN_TEXT);
}

/*
 * Is fn the function a use of the --macro name expands to: ck's
 * ck_pr_load_32(x) is ck_pr_md_load_32((x)), made by CK_PR_LOAD_SAFE's
 * ##?  Told by the name's last two parts ("load_32"), which fn ends with.
 */
static int pasted_tail(const char *name, const char *fn)
{
	const char *tail = name + strlen(name);
	size_t n, fl = strlen(fn);
	int parts = 0;

	while (tail > name && parts < 2) {
		tail--;
		if (*tail == '_' && ++parts == 2) {
			tail++;
			break;
		}
	}
	n = strlen(tail);
	return n >= 4 && fl >= n && !strcmp(fn + fl - n, tail) &&
	       (fl == n || fn[fl - n - 1] == '_');
}

/*
 * Or fn is the name with a width put in as one more part: Xen's
 * read_atomic(p) switches on sizeof(*(p)) to read_u8_atomic ...
 * read_u64_atomic, functions a generator macro made.  The part holds
 * a digit (u64, 32, s16) and sits between two parts of the name.
 */
static int width_inserted(const char *name, const char *fn)
{
	size_t nl = strlen(name), fl = strlen(fn);

	for (size_t cut = 1; cut < nl; cut++) {
		const char *part;
		size_t plen, k;
		int digit = 0;

		if (name[cut] != '_')
			continue;
		/* fn = name[0, cut) "_" part "_" name[cut + 1, nl) */
		if (fl < nl + 2 || strncmp(fn, name, cut + 1) ||
		    strcmp(fn + fl - (nl - cut), name + cut))
			continue;
		part = fn + cut + 1;
		plen = fl - (nl - cut) - (cut + 1);
		for (k = 0; k < plen && part[k] != '_'; k++)
			digit |= part[k] >= '0' && part[k] <= '9';
		if (plen && k == plen && digit)
			return 1;
	}
	return 0;
}

static int related_names(const char *name, const char *fn)
{
	return pasted_tail(name, fn) || width_inserted(name, fn);
}

/* The --macro name a use reaches: its own, or the one its macro
 * forwards to (sites.h: accessor_name). */
static const char *reached_name(const struct scan_site *x)
{
	return x->accessor_name ? x->accessor_name : x->what;
}

/* A use of a name related to the inlined function fn, not fn itself:
 * under a --macro name, the function its expansion calls. */
static int related_use(const struct scan_site *x, const char *fn)
{
	return x->maybe_accessor && strcmp(reached_name(x), fn) &&
	       related_names(reached_name(x), fn);
}

/* A use of the once-accessor fn itself. */
static int accessor_use(const struct scan_site *x, const char *fn)
{
	return (x->accessor || x->maybe_accessor) &&
	       !strcmp(reached_name(x), fn);
}

/*
 * Which site of s is the call of frame f: of the n sites from first, on
 * the line of the call, the first whose text holds the call's column
 * (any, when the frame gives no column).  Else one that the copy's
 * position stands before: gcc and clang give a call made inside a
 * macro's argument the position of the macro's name (ck's
 * CK_CC_DECONST_PTR(ck_pr_load_ptr(&map->entries[i])) calls
 * ck_pr_md_load_ptr at CK_CC_DECONST_PTR's column), gcc even that of
 * the variadic call whose argument holds it, lines before it
 * (rdma-core's mlx5_err(ctx->dbg_fp, "...",<newline>
 * be32toh(mmio_read32_be(...))) calls mmio_read32_be at mlx5_err's
 * 2115:3, the use on 2116; Linux's seq_printf(s, "...", regs->name,
 * <newline> readl(base + regs->offset))): a use after the column on
 * the call's line, else one on a later line of the statement that
 * holds the position.
 * A macro's body calls get that position too, so nobody knows which
 * copy is whose when the position holds more than one call of the
 * function: two such uses, one in the arguments of a macro whose body
 * names the function (arg_macro_calls), or one inside the text of the
 * use of a macro of the function that holds the position (a once-macro
 * forwarding to it: log_status(fp, st, ..., reg_read32(p))).  Then each
 * of those uses is marked copy_unclear, *unclear_own is the macro's
 * use (or -1), and -2; -1: none.
 */
static long call_site(struct source_sites *s, size_t first, size_t n,
		      const struct inline_frame *f,
		      int (*use)(const struct scan_site *, const char *),
		      long *unclear_own)
{
	long own = -1, only = -1, later = -1;
	size_t end;
	int unclear = 0, later_unclear = 0;

	*unclear_own = -1;
	for (end = first; end < s->nr; end++) {
		const struct scan_site *x = &s->sites[end];
		int on_line = end < first + n;

		/* past the call's line and the statements that start by
		 * its position */
		if (!on_line && (!f->call_col || !x->stmt_line ||
				 x->stmt_line > f->call_line))
			break;
		if (!use(x, f->function))
			continue;
		if (!f->call_col)
			return (long)end;
		if (on_line && own < 0 &&
		    in_text(x, f->call_line, f->call_col)) {
			own = (long)end;
			continue;
		}
		if (on_line && x->col > f->call_col) {
			unclear |= only >= 0 || x->arg_macro_calls;
			only = (long)end;
		} else if (!on_line &&
			   in_statement(x, f->call_line, f->call_col)) {
			later_unclear |= later >= 0 || x->arg_macro_calls;
			later = (long)end;
		}
	}
	/* a later line's only when the call's line has none */
	if (only < 0 && later >= 0) {
		only = later;
		unclear = later_unclear;
	} else {
		later = -1;
	}
	/* a macro's use whose text holds the position, and a use in its
	 * arguments (not a call of the function itself, whose arguments'
	 * calls have positions of their own) */
	if (own >= 0 && only >= 0 &&
	    strcmp(s->sites[own].what, f->function) &&
	    nested_in(&s->sites[only], &s->sites[own]))
		unclear = 1;
	else if (own >= 0)
		return own;
	if (!unclear)
		return only;
	for (size_t i = first; i < end; i++) {
		struct scan_site *x = &s->sites[i];

		if (use(x, f->function) &&
		    ((long)i == own ||
		     (i < first + n ? x->col > f->call_col &&
		      !in_text(x, f->call_line, f->call_col) :
		      later >= 0 &&
		      in_statement(x, f->call_line, f->call_col))))
			__atomic_store_n(&x->copy_unclear, 1, __ATOMIC_RELAXED);
	}
	*unclear_own = own;
	return -2;
}

/*
 * The use of a --macro name whose definition no source showed that
 * stands exactly where the inlined copy of frame f was called -- its
 * line, and the column of its name: the compilers give a call that a
 * macro's body makes the column of the macro's use, and one made in its
 * arguments the argument's own.  Xen's arm read_atomic(p) calls
 * read_atomic_size(p, ...) there, which calls read_u8_atomic().  Not a
 * copy of a function of the name itself.  -1: none.
 */
static long expansion_site(const struct source_sites *s, size_t first,
			   size_t n, const struct inline_frame *f)
{
	for (size_t i = first; f->call_col && i < first + n; i++) {
		const struct scan_site *x = &s->sites[i];

		/* a copy of the name itself is the accessor's (accessor_use,
		 * innermost first: its own calls are its body's sites) */
		if (x->maybe_accessor && x->line == f->call_line &&
		    x->col == f->call_col &&
		    strcmp(reached_name(x), f->function))
			return (long)i;
	}
	return -1;
}

/*
 * The stretch [a, end) goes to the instance of site i of src, whose
 * call chain (nchain frames, the called function's first) is; or, i <
 * 0, to the macro's use own that call_site() named, marked unclear
 * (whose copy it is cannot be told).  0 when there is neither.
 */
static int claim_stretch(struct instance_list *out, struct unit_source *src,
			 long i, long own, const struct inline_frame *chain,
			 size_t nchain, uint64_t a, uint64_t end)
{
	struct site_instance *in;

	if (i < 0 && own < 0)
		return 0;
	in = instance_for(out, &src->e->src, (size_t)(i >= 0 ? i : own), 1,
			  chain, nchain);
	in->unclear |= i < 0;
	add_range(in, a, end, ROW_IN_TEXT);
	return 1;
}

/*
 * The stretch [a, end) with inline chain `chain`: is it (part of) an
 * inlined copy of a once-accessor called at a site?  Then it belongs to
 * that call's instance -- the chain from the accessor's frame out -- and
 * to no site of the accessor's own body.  Returns 1 when it does.
 */
static int accessor_stretch(struct unit_sources *us, struct line_unit *u,
			    const struct inline_frame *chain, size_t nchain,
			    uint64_t a, uint64_t end, struct instance_list *out)
{
	/* the outermost first: a --macro name's expansion may call one
	 * function that calls others */
	for (size_t k = nchain ? nchain - 1 : 0; us->c->unseen_names && k-- > 0;) {
		const struct inline_frame *f = &chain[k];
		struct unit_source *src;
		size_t first, n;
		long i, own;

		if (!f->function || !f->call_file || !f->call_line ||
		    !f->call_col ||
		    !(src = unit_source_of(us, u, f->call_file)) ||
		    !src->e->src.nr)
			continue;
		n = source_sites_on_line(&src->e->src, f->call_line, &first);
		i = call_site(&src->e->src, first, n, f, related_use, &own);
		if (i == -1)
			i = expansion_site(&src->e->src, first, n, f);
		if (claim_stretch(out, src, i, own, chain + k, nchain - k, a,
				  end))
			return 1;
	}
	for (size_t k = 0; k + 1 < nchain; k++) {
		const struct inline_frame *f = &chain[k];
		const struct once_macro *m;
		struct unit_source *src;
		size_t first, n;
		long i, own;

		if (!f->function || !f->call_file || !f->call_line ||
		    !(m = once_macros_find(us->c->macros, f->function,
					   strlen(f->function))) ||
		    !((m->flags & OMF_ACCESSOR) ||
		      (us->c->unseen_names && !m->def_path &&
		       !(m->flags & (OMF_BUILTIN | OMF_DISCOVERED)))) ||
		    !(src = unit_source_of(us, u, f->call_file)) ||
		    !src->e->src.nr)
			continue;
		n = source_sites_on_line(&src->e->src, f->call_line, &first);
		i = call_site(&src->e->src, first, n, f, accessor_use, &own);
		if (claim_stretch(out, src, i, own, chain + k, nchain - k, a,
				  end))
			return 1;
	}
	return 0;
}

/*
 * The stretch [a, end) with inline chain `chain`: is it (part of) an
 * inlined copy of a function that a once-macro's body calls at a use
 * of it?  The compilers give a call made by a macro's body the column
 * of the macro's name at its use (expansion_site()), so a frame called
 * exactly where a macro use stands, and named by the macro's
 * definition, is that use's code: the tools/ headers' READ_ONCE(x) of
 * Linux (perf, libperf, bpftool) hands &x to __read_once_size(), whose
 * switch of volatile casts holds the load.
 * The innermost such frame takes it, with the chain of the function
 * the use is in; the body's own site is judged at the use.  Returns 1 when it
 * does.
 */
static int macro_call_stretch(struct unit_sources *us, struct line_unit *u,
			      const struct inline_frame *chain, size_t nchain,
			      uint64_t a, uint64_t end,
			      struct instance_list *out)
{
	for (size_t k = 0; k + 1 < nchain; k++) {
		const struct inline_frame *f = &chain[k];
		struct unit_source *src;
		size_t first, n;

		if (!f->call_file || !f->call_line || !f->call_col ||
		    !(src = unit_source_of(us, u, f->call_file)) ||
		    !src->e->src.nr)
			continue;
		n = source_sites_on_line(&src->e->src, f->call_line, &first);
		for (size_t i = first; i < first + n; i++) {
			const struct scan_site *x = &src->e->src.sites[i];

			/* gcc gives a call made in the macro's arguments
			 * the macro's column too (WRITE_ONCE(fn->fn_sernum,
			 * fib6_new_sernum(net)) in Linux): only a function
			 * the macro's definition names is its body's */
			if (x->col != f->call_col || x->accessor ||
			    x->maybe_accessor || !f->function ||
			    !strcmp(x->what, "volatile cast") ||
			    !header_macros_body_names(src->e->src.headers,
						      x->what, strlen(x->what),
						      f->function))
				continue;
			/* the chain of the function the use is in: its
			 * instance is the use's own code's */
			add_range(instance_for(out, &src->e->src, i, 1,
					       chain + k + 1, nchain - k - 1),
				  a, end, ROW_IN_TEXT);
			return 1;
		}
	}
	return 0;
}

/*
 * Is the piece [a, ...) of a row of line that began at lo past the end
 * of the inlined copy the row began in (first_nchain frames there,
 * nchain here)?  The compiler gave the code after the copy no location
 * of its own, so the copy's last row covers it (clang for aarch64 puts a
 * shrink-wrapped caller's prologue there: liburing's queue.c:281 in
 * io_uring_submit_and_wait_reg); an instance made of it is a phantom
 * with "no memory access".  Unless the row is of the line the copy was
 * called from (first_call_line): that is the caller's code.
 */
static int past_copy(uint64_t a, uint64_t lo, size_t first_nchain,
		     unsigned first_call_line, size_t nchain, unsigned line)
{
	return a > lo && nchain < first_nchain && first_call_line &&
	       line != first_call_line;
}

/* A row of a file that defines a once-accessor: the inlined copies of
 * the accessor go to their calls; the rest to the file's own sites --
 * those of given, when not NULL (a row that shares its address: only
 * the site whose text holds its column), else the row's. */
static void accessor_rows(struct unit_sources *us, struct line_unit *u,
			  const struct line_row *row, uint64_t b,
			  const struct pick *given, struct instance_list *out)
{
	struct unit_source *src = unit_source_of(us, u, row->file);
	struct inline_frame chain[SCAN_MAX_CHAIN];
	struct pick pick = { -1, 1, ROW_IN_TEXT, -1, -1, -1, -1 };
	size_t nchain, first_nchain = 0;
	unsigned first_call_line = 0;

	if (given)
		pick = *given;
	else if (src && src->e->src.nr)
		pick = pick_sites(&src->e->src, row->line, row->col);
	for (uint64_t a = row->addr, end; a < b; a = end) {
		nchain = line_unit_inline_chain(u, a, chain, ARRAY_SIZE(chain),
						&end);
		if (end <= a || end > b)
			end = b;
		if (a == row->addr) {
			first_nchain = nchain;
			first_call_line = nchain > 1 ? chain[0].call_line : 0;
		}
		if (past_copy(a, row->addr, first_nchain, first_call_line,
			      nchain, row->line))
			continue;
		if (accessor_stretch(us, u, chain, nchain, a, end, out) ||
		    macro_call_stretch(us, u, chain, nchain, a, end, out)) {
			/* the body's own site: judged at the call */
			if (pick.site >= 0)
				__atomic_store_n(&src->e->src.sites[pick.site].seen,
						 1, __ATOMIC_RELAXED);
			continue;
		}
		if (!nchain && a > 0 &&
		    !elf_image_symbol_at(u->img, a, NULL) &&
		    elf_image_symbol_at(u->img, a - 1, NULL))
			continue; /* padding (attribute_unit) */
		if (pick.call >= 0)
			add_call(out, &src->e->src, (size_t)pick.call, chain,
				 nchain, a, end);
		if (pick.folded_call >= 0)
			add_folded_call(out, &src->e->src,
					(size_t)pick.folded_call, chain, nchain,
					a, end);
		if (pick.site < 0)
			continue;
		add_range(instance_for(out, &src->e->src, (size_t)pick.site,
				       pick.together, chain, nchain),
			  a, end, pick.place);
		if (pick.reader >= 0)
			add_range(instance_for(out, &src->e->src,
					       (size_t)pick.reader, 1, chain,
					       nchain), a, end, ROW_BEFORE);
		if (pick.writer >= 0)
			add_range(instance_for(out, &src->e->src,
					       (size_t)pick.writer, 1, chain,
					       nchain), a, end, ROW_ASSIGNMENT);
	}
}

/*
 * A call of a once-accessor whose line also holds an inlined copy of it
 * (the arguments' code stays on the call's line): the copy is the
 * instance; the call-only one, of the same caller chain, goes.
 */
static void drop_inlined_calls(struct instance_list *out, size_t from)
{
	size_t k = from;

	for (size_t i = from; i < out->nr; i++) {
		const struct site_instance *c = &out->items[i];
		int inlined = 0;
		/* the code on the line of a --macro name's use, when an
		 * inlined copy of a function of that name is called there */
		int maybe = c->src->sites[c->site].maybe_accessor;

		for (size_t j = from; (c->call_only || maybe) && j < out->nr &&
		     !inlined; j++) {
			const struct site_instance *x = &out->items[j];

			inlined = !x->call_only && x->src == c->src &&
				  x->site == c->site && x->nchain == c->nchain + 1;
			for (size_t f = 0; inlined && f < c->nchain; f++)
				inlined = x->chain[f + 1].die == c->chain[f].die;
		}
		if (inlined) {
			free(out->items[i].ranges);
			continue;
		}
		out->items[k++] = out->items[i];
	}
	out->nr = k;
}

/* How far apart two instances' code is: 0 when their spans touch. */
static uint64_t distance(const struct site_instance *a,
			 const struct site_instance *b)
{
	uint64_t alo = UINT64_MAX, ahi = 0, blo = UINT64_MAX, bhi = 0;

	for (size_t k = 0; k < a->nr_ranges; k++) {
		alo = a->ranges[k].lo < alo ? a->ranges[k].lo : alo;
		ahi = a->ranges[k].hi > ahi ? a->ranges[k].hi : ahi;
	}
	for (size_t k = 0; k < b->nr_ranges; k++) {
		blo = b->ranges[k].lo < blo ? b->ranges[k].lo : blo;
		bhi = b->ranges[k].hi > bhi ? b->ranges[k].hi : bhi;
	}
	return ahi <= blo ? blo - ahi : bhi <= alo ? alo - bhi : 0;
}

/*
 * The folded rows of an accessor's call (add_folded_call) join the
 * inlined copy of that call -- the same caller chain, one frame more --
 * nearest to them (a loop rotated by clang has two copies, each with
 * its compare beside it); with none, or two as near, they are no one's:
 * an operator's code is not judged as the call's without the copy.  The
 * copy's own ranges stay first (judge.c types the object at the first).
 */
static void merge_folded_calls(struct instance_list *out, size_t from)
{
	size_t k = from;

	for (size_t i = from; i < out->nr; i++) {
		const struct site_instance *c = &out->items[i];
		struct site_instance *best = NULL;
		uint64_t best_d = UINT64_MAX;
		int tie = 0;

		if (!c->folded_only)
			continue;
		for (size_t j = from; j < out->nr; j++) {
			struct site_instance *x = &out->items[j];
			int copy = !x->call_only && !x->folded_only &&
				   x->src == c->src && x->site == c->site &&
				   x->nchain == c->nchain + 1 && x->nr_ranges;
			uint64_t d;

			for (size_t f = 0; copy && f < c->nchain; f++)
				copy = x->chain[f + 1].die == c->chain[f].die;
			if (!copy)
				continue;
			d = distance(c, x);
			if (d < best_d) {
				best = x;
				best_d = d;
				tie = 0;
			} else if (d == best_d) {
				tie = 1;
			}
		}
		for (size_t r = 0; best && !tie && r < c->nr_ranges; r++)
			add_range(best, c->ranges[r].lo, c->ranges[r].hi,
				  ROW_FOLDED);
	}
	for (size_t i = from; i < out->nr; i++) {
		if (out->items[i].folded_only) {
			free(out->items[i].ranges);
			continue;
		}
		out->items[k++] = out->items[i];
	}
	out->nr = k;
}

/*
 * The code [lo, hi) of one row, of line, picked for the sites of pick: a
 * range of the instance of each, per inline chain (a row may span code of
 * several inlined copies); none past the end of the copy the row began
 * in (past_copy()).
 */
static void add_row(struct unit_sources *us, struct line_unit *u,
		    struct source_sites *src, const struct pick *pick,
		    unsigned line, uint64_t lo, uint64_t hi,
		    struct instance_list *out)
{
	struct inline_frame chain[SCAN_MAX_CHAIN];
	size_t nchain, first_nchain = 0;
	unsigned first_call_line = 0;

	for (uint64_t a = lo, end; a < hi; a = end) {
		nchain = line_unit_inline_chain(u, a, chain, ARRAY_SIZE(chain),
						&end);
		if (end <= a || end > hi)
			end = hi;
		if (a == lo) {
			first_nchain = nchain;
			first_call_line = nchain > 1 ? chain[0].call_line : 0;
		}
		if (past_copy(a, lo, first_nchain, first_call_line, nchain,
			      line))
			continue;
		/* the alignment padding after a function's last instruction
		 * (a ret, a noreturn call) still lies in its last row, or
		 * in a row of its own that gcc starts there (the last .loc
		 * after a jmp): outside every function of the DWARF and of
		 * the symbol table, right after a function's symbol ends,
		 * it is no instance */
		if (!nchain && a > 0 && !elf_image_symbol_at(u->img, a, NULL) &&
		    elf_image_symbol_at(u->img, a - 1, NULL))
			continue;
		if (nchain > 1 &&
		    macro_call_stretch(us, u, chain, nchain, a, end, out)) {
			/* the body's own site: judged at the use */
			if (pick->site >= 0)
				__atomic_store_n(&src->sites[pick->site].seen,
						 1, __ATOMIC_RELAXED);
			continue;
		}
		if (pick->call >= 0)
			add_call(out, src, (size_t)pick->call, chain, nchain, a,
				 end);
		if (pick->folded_call >= 0)
			add_folded_call(out, src, (size_t)pick->folded_call,
					chain, nchain, a, end);
		if (pick->site < 0)
			continue;
		add_range(instance_for(out, src, (size_t)pick->site,
				       pick->together, chain, nchain),
			  a, end, pick->place);
		if (pick->reader >= 0)
			add_range(instance_for(out, src, (size_t)pick->reader, 1,
					       chain, nchain), a, end, ROW_BEFORE);
		if (pick->writer >= 0)
			add_range(instance_for(out, src, (size_t)pick->writer, 1,
					       chain, nchain),
				  a, end, ROW_ASSIGNMENT);
	}
}

/* Has site `site` of src an instance in the unit's list from first on,
 * in this chain? */
static int has_instance(const struct instance_list *out, size_t first,
			const struct source_sites *src, size_t site,
			const struct site_instance *like)
{
	for (size_t k = first; k < out->nr; k++)
		if (out->items[k].src == src && out->items[k].site == site &&
		    same_chain(&out->items[k], like->chain, like->nchain))
			return 1;
	return 0;
}

/*
 * Sites of one object in one statement whose code shares rows.  A macro
 * use over several lines -- Linux's WARN_ON_ONCE(sk->sk_state != A &&
 * <newline> sk->sk_state != B), likely(...) -- has all its code on its
 * first line's column (gcc 12 and clang 19 alike), before the first site
 * there: every row goes to that site (ROW_BEFORE), which then held both
 * loads ("duplicated"), and the sites of the later lines had none
 * ("optimised out").  Each site of the statement that names the same
 * object on a later line and has no instance of its own in that chain
 * gets one with those rows, and all of them are told how many share them:
 * the judge expects as many accesses, one each (verdict.c).  Sites with
 * rows of their own are told apart by them, and are left alone.
 */
static void share_statement_rows(struct instance_list *out, size_t first)
{
	size_t end = out->nr;

	for (size_t k = first; k < end; k++) {
		const struct site_instance *in = &out->items[k];
		const struct source_sites *src = in->src;
		const struct scan_site *s = &src->sites[in->site];
		size_t n = 1, from = out->nr, site = in->site;
		int before = 0;

		for (size_t r = 0; r < in->nr_ranges; r++)
			before |= in->ranges[r].place == ROW_BEFORE;
		if (!before || in->together > 1 || in->call_only ||
		    in->folded_only || in->shared || !s->lvalue ||
		    !s->stmt_line)
			continue;
		for (size_t t = site + 1; t < src->nr; t++) {
			const struct scan_site *x = &src->sites[t];
			struct site_instance *sib;

			if (!pos_before(x->line, x->col, s->stmt_end_line,
					s->stmt_end_col))
				break; /* past the statement */
			if (x->line == s->line || !scan_site_same_object(s, x) ||
			    has_instance(out, first, src, t, &out->items[k]))
				continue;
			/* (instance_of may move the list: in again after) */
			sib = instance_of(out, (struct source_sites *)src, t, 1,
					  out->items[k].chain,
					  out->items[k].nchain, 0);
			in = &out->items[k];
			for (size_t r = 0; r < in->nr_ranges; r++)
				if (in->ranges[r].place == ROW_BEFORE)
					add_range(sib, in->ranges[r].lo,
						  in->ranges[r].hi, ROW_BEFORE);
			sib->shared_rank = n++;
		}
		if (n < 2)
			continue;
		out->items[k].shared = n;
		for (size_t m = from; m < out->nr; m++)
			out->items[m].shared = n;
	}
}

/*
 * Does row i, which shares its address with the next row, give the
 * place (file, line, column) of the code just before its address -- the
 * last row of the address before, in the same sequence?  k: the first
 * row of i's address (no end of a sequence between).
 */
static int repeats_place_before(const struct line_unit *u, size_t i,
				size_t k)
{
	const struct line_row *row = &u->rows[i];

	if (!k || u->rows[k - 1].end_sequence ||
	    u->rows[k - 1].addr > row->addr)
		return 0;
	return u->rows[k - 1].file == row->file &&
	       u->rows[k - 1].line == row->line &&
	       u->rows[k - 1].col == row->col;
}

int attribute_unit(struct line_unit *u, struct source_cache *c,
		   const char *obj, struct instance_list *out)
{
	struct unit_sources us;
	struct strbuf why = STRBUF_INIT;
	size_t first_instance = out->nr;
	size_t code_rows = 0, read_rows = 0;
	/* the rows of one address are walked once, not once per row of
	 * them (a kernel unit's runs were 1.4% of a scan): the first row
	 * of row i's address, and the end of the last run found */
	size_t run_start = 0, run_from = 0, run_end = 0;
	void *pass[2];

	unit_sources_load(c, u, &us);
	for (size_t i = 0; i + 1 < u->nr; i++) {
		const struct line_row *row = &u->rows[i];
		struct unit_source *src;
		struct cache_entry *e;
		struct pick pick;
		uint64_t next = u->rows[i + 1].addr;
		int shared = 0;

		if (!i || u->rows[i - 1].addr != row->addr ||
		    u->rows[i - 1].end_sequence)
			run_start = i;
		/* an empty row (dwarf-lines.h) would run to the next
		 * sequence: code between sections, or another function's */
		if (row->end_sequence || row->empty)
			continue;
		/* rows that share an address (clang: the site's column,
		 * then another's): each may be the code's, not only the
		 * last -- the site's for the code up to the next address */
		if (next == row->addr && !u->rows[i + 1].end_sequence &&
		    row->line) {
			size_t j = i + 1;

			/* rows run_from + 1 .. run_end - 1 share the address
			 * and end no sequence: the run ends where it did */
			if (i > run_from && i < run_end)
				j = run_end;
			while (j < u->nr && u->rows[j].addr == row->addr &&
			       !u->rows[j].end_sequence)
				j++;
			run_from = i;
			run_end = j;
			/* only another column of the same line: gcc's row
			 * at the end of an inlined copy, then the caller's
			 * line at the same address, is the caller's code */
			if (j >= u->nr || u->rows[j - 1].line != row->line ||
			    u->rows[j - 1].file != row->file)
				continue;
			/* the place of the code just before said again (gcc's
			 * location views: the row that ends a macro's
			 * statement-expression, then the code's own row) is
			 * no sign that the code here is that site's too */
			if (repeats_place_before(u, i, run_start))
				continue;
			next = u->rows[j].addr;
			shared = 1;
		}
		if (next <= row->addr)
			continue;
		code_rows += !shared;
		if (!row->line || !(src = unit_source_of(&us, u, row->file)))
			continue;
		e = src->e;
		/* a directory: some tables name the unit's folder as a file
		 * (entry 0 of DWARF 5); no code is there */
		if (e->src.missing && e->src.missing != EISDIR)
			note_missing(c, e, obj);
		if (e->src.missing)
			continue;
		read_rows += !shared;
		if (!e->src.nr && !e->src.defines_accessor && !c->unseen_names)
			continue;
		if (shared) {
			/* only the site whose text holds the column -- by
			 * the accessor path too (a file that defines an
			 * accessor, a run with a --macro name discovery did
			 * not take), or the modes would differ */
			if (!e->src.nr)
				continue;
			pick = pick_sites(&e->src, row->line, row->col);
			if (pick.site < 0 || pick.place != ROW_IN_TEXT)
				continue;
			pick.reader = pick.writer = pick.call = -1;
			pick.folded_call = -1;
			if (e->src.defines_accessor || c->unseen_names)
				accessor_rows(&us, u, row, next, &pick, out);
			else
				add_row(&us, u, &e->src, &pick, row->line,
					row->addr, next, out);
			continue;
		}
		if (!e->src.nr) { /* an accessor's body only */
			accessor_rows(&us, u, row, next, NULL, out);
			continue;
		}
		source_sites_mark(e->src.code_lines, e->src.match.nlines,
				  row->line);
		/* rows a person wrote (.loc in assembly) need not sit on
		 * tokens; a compiler's do */
		if (!src->md5 && !u->assembly && row->col) {
			int at = source_match_token_at(&e->src.match, row->line,
						       row->col);

			if (at >= 0) {
				src->rows++;
				if (!at && !src->between++) {
					src->first_line = row->line;
					src->first_col = row->col;
				}
			}
		}
		pick = pick_sites(&e->src, row->line, row->col);
		if (e->src.defines_accessor || c->unseen_names) {
			accessor_rows(&us, u, row, next, NULL, out);
			continue;
		}
		if (pick.site < 0 && pick.call < 0 && pick.folded_call < 0)
			continue;
		add_row(&us, u, &e->src, &pick, row->line, row->addr, next,
			out);
	}
	merge_folded_calls(out, first_instance);
	drop_inlined_calls(out, first_instance);
	share_statement_rows(out, first_instance);
	for (size_t k = first_instance; k < out->nr; k++)
		out->items[k].caller_loop = called_in_loop(&us, u, &out->items[k]);
	pass[0] = &us;
	pass[1] = u;
	line_unit_functions(u, with_sites, mark_function, pass);
	for (size_t k = 0; k < us.nr; k++) {
		strbuf_reset(&why);
		if (unit_source_mismatch(c, &us.items[k], &why)) {
			note_mismatch(c, us.items[k].e, obj, why.buf);
			drop_mismatched(out, first_instance, &us.items[k].e->src);
		}
	}
	strbuf_release(&why);
	free(us.items);
	free(us.of_file);
	free(us.other);
	free(us.other_at);
	return read_rows || !code_rows;
}

static int by_span_lo(const void *a, const void *b)
{
	const struct instance_span *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

void instance_list_spans(struct instance_list *l)
{
	free(l->spans);
	l->spans = xmalloc((l->nr ? l->nr : 1) * sizeof(*l->spans));
	l->nr_spans = 0;
	for (size_t i = 0; i < l->nr; i++) {
		const struct site_instance *in = &l->items[i];
		struct instance_span *sp;

		if (!in->nr_ranges)
			continue;
		sp = &l->spans[l->nr_spans++];
		sp->lo = in->ranges[0].lo;
		sp->hi = in->ranges[0].hi;
		for (size_t k = 1; k < in->nr_ranges; k++) {
			if (in->ranges[k].lo < sp->lo)
				sp->lo = in->ranges[k].lo;
			if (in->ranges[k].hi > sp->hi)
				sp->hi = in->ranges[k].hi;
		}
	}
	sane_qsort(l->spans, l->nr_spans, sizeof(*l->spans), by_span_lo);
}

void instance_list_clear(struct instance_list *l)
{
	for (size_t i = 0; i < l->nr; i++)
		free(l->items[i].ranges);
	l->nr = 0;
	free(l->spans);
	l->spans = NULL;
	l->nr_spans = 0;
}
