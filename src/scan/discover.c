/* A build's own once-macros, from the sources its line tables name
 * (discover.h). */
#include "scan/discover.h"
#include "cfront/header-macros.h"
#include "cfront/once-accessor.h"
#include "cfront/once-discover.h"
#include "elf/dwarf-lines.h"
#include "lib/pool.h"
#include "lib/shown-path.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "scan/attribute.h"
#include "scan/disasm.h"
#include "scan/judge.h"
#include "scan/shares.h"
#include "scan/source-match.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A source some unit's file table names, and the MD5 it records. */
struct named_source {
	char *path;
	unsigned char md5[16];
	int has_md5;
	int md5_conflict;  /* two units record different MD5s */
	int mismatch;      /* the text's MD5 is not the one recorded */
};

/* The sources named so far, by path (shared by the workers). */
struct source_set {
	pthread_mutex_t lock;
	struct named_source *items;
	size_t nr, alloc;
	size_t *index;      /* open addressing: 1 + position; 0 empty */
	size_t index_size;  /* a power of two, at least twice nr */
	const char *sources_dir;
	const char *const *files;
};

static size_t hash_str(const char *s)
{
	size_t h = 5381;

	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

static void index_grow(struct source_set *set)
{
	size_t size = set->index_size ? set->index_size * 2 : 1024;

	free(set->index);
	set->index = xcalloc(size, sizeof(*set->index));
	set->index_size = size;
	for (size_t i = 0; i < set->nr; i++) {
		size_t h = hash_str(set->items[i].path) & (size - 1);

		while (set->index[h])
			h = (h + 1) & (size - 1);
		set->index[h] = i + 1;
	}
}

/* Note that a unit names path, with the MD5 it records (or NULL). */
static void note_source(struct source_set *set, const char *path,
			const unsigned char *md5)
{
	struct named_source *s;
	size_t h;

	pthread_mutex_lock(&set->lock);
	if (2 * (set->nr + 1) > set->index_size)
		index_grow(set);
	for (h = hash_str(path) & (set->index_size - 1); set->index[h];
	     h = (h + 1) & (set->index_size - 1))
		if (!strcmp(set->items[set->index[h] - 1].path, path))
			break;
	if (!set->index[h]) {
		ALLOC_GROW(set->items, set->nr + 1, set->alloc);
		s = &set->items[set->nr++];
		memset(s, 0, sizeof(*s));
		s->path = xstrdup(path);
		set->index[h] = set->nr;
	}
	s = &set->items[set->index[h] - 1];
	if (md5 && !s->has_md5) {
		memcpy(s->md5, md5, 16);
		s->has_md5 = 1;
	} else if (md5 && !source_match_md5_same(s->md5, md5)) {
		s->md5_conflict = 1;
	}
	pthread_mutex_unlock(&set->lock);
}

/*
 * The file tables' names a walk noted without an MD5, for the units of
 * one folder (DW_AT_comp_dir; a kernel's units all have one): the units
 * name the same headers again and again (Debian's vmlinux: 327,043
 * names, 4,266 sources), and noting one again, with no MD5, changes
 * nothing -- nor need its path be made again.  Each name is kept with
 * its hash and length, compared with memcmp() only where both agree:
 * strset's byte-at-a-time hash and strcmp() of every probe cost as much
 * as the paths it spared (measured).
 */
struct noted_names {
	char *dir;          /* NULL: units without a folder */
	struct noted_name {
		uint64_t hash;
		size_t len;
		char *name;     /* NULL: an empty slot */
	} *slot;
	size_t size, nr;    /* size a power of two, at least twice nr */
};

/* A hash of s[0..len), eight bytes at a time. */
static uint64_t name_hash(const char *s, size_t len)
{
	uint64_t h = len * 0x9e3779b97f4a7c15ull;

	for (size_t i = 0; i < len; i += 8) {
		uint64_t w = 0;

		memcpy(&w, s + i, len - i < 8 ? len - i : 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
	}
	return h;
}

/* Add name; 1 when it was not there yet. */
static int noted_add(struct noted_names *n, const char *name)
{
	size_t len = strlen(name), i;
	uint64_t h = name_hash(name, len);

	if (2 * (n->nr + 1) > n->size) {
		struct noted_names bigger = { n->dir, NULL,
					      n->size ? 2 * n->size : 1024, 0 };

		bigger.slot = xcalloc(bigger.size, sizeof(*bigger.slot));
		for (size_t k = 0; k < n->size; k++) {
			if (!n->slot[k].name)
				continue;
			for (i = n->slot[k].hash & (bigger.size - 1);
			     bigger.slot[i].name; i = (i + 1) & (bigger.size - 1))
				;
			bigger.slot[i] = n->slot[k];
			bigger.nr++;
		}
		free(n->slot);
		*n = bigger;
	}
	for (i = h & (n->size - 1); n->slot[i].name; i = (i + 1) & (n->size - 1))
		if (n->slot[i].hash == h && n->slot[i].len == len &&
		    !memcmp(n->slot[i].name, name, len))
			return 0;
	n->slot[i].hash = h;
	n->slot[i].len = len;
	n->slot[i].name = xstrndup(name, len);
	n->nr++;
	return 1;
}

/* One worker's walk through its share of a file's units. */
struct name_walk {
	struct source_set *set;
	struct share_walk walk;
	struct noted_names *noted; /* one per folder of the units */
	size_t nr_noted, alloc_noted, last;
	struct strbuf path;
	size_t made, again; /* paths made; names seen before, skipped */
};

/* The names noted for the units of folder dir (NULL: none). */
static struct noted_names *noted_for(struct name_walk *w, const char *dir)
{
	for (size_t k = 0; k < w->nr_noted; k++) {
		size_t i = (w->last + k) % w->nr_noted; /* the last one first */
		const char *d = w->noted[i].dir;

		if (d ? dir && !strcmp(d, dir) : !dir) {
			w->last = i;
			return &w->noted[i];
		}
	}
	ALLOC_GROW(w->noted, w->nr_noted + 1, w->alloc_noted);
	memset(&w->noted[w->nr_noted], 0, sizeof(*w->noted));
	w->noted[w->nr_noted].dir = dir ? xstrdup(dir) : NULL;
	w->last = w->nr_noted;
	return &w->noted[w->nr_noted++];
}

static void name_walk_release(struct name_walk *w)
{
	for (size_t k = 0; k < w->nr_noted; k++) {
		for (size_t i = 0; i < w->noted[k].size; i++)
			free(w->noted[k].slot[i].name);
		free(w->noted[k].slot);
		free(w->noted[k].dir);
	}
	free(w->noted);
	strbuf_release(&w->path);
}

static int name_unit_sources(struct line_unit *u, void *ctx)
{
	struct name_walk *w = ctx;
	struct noted_names *noted;

	if (u->assembly) /* its rows name a .S, no C with macros */
		return 0;
	/* the path is made of the unit's folder and the name
	 * (scan_source_path()) */
	noted = noted_for(w, u->comp_dir);
	for (size_t i = 0; i < u->nfiles; i++) {
		const struct unit_file *f = &u->files[i];

		if (!f->name)
			continue;
		if (!f->has_md5 && !noted_add(noted, f->name)) {
			w->again++;
			continue;
		}
		w->made++;
		scan_source_path(w->set->sources_dir, u, f->name, &w->path);
		note_source(w->set, w->path.buf, f->has_md5 ? f->md5 : NULL);
	}
	return 0;
}

static int take_unit(void *ctx)
{
	return share_walk_take(&((struct name_walk *)ctx)->walk);
}

static int name_image_sources(struct elf_image *img, void *ctx)
{
	struct strbuf why = STRBUF_INIT;

	/* a file that cannot be read is the scan's to name */
	(void)elf_image_unit_files_each_taken(img, take_unit,
					      name_unit_sources, ctx, &why);
	strbuf_release(&why);
	return 0;
}

struct name_pass {
	struct source_set *set;
	const struct share_plan *plan;
	size_t made, again; /* atomics: the walks' counts */
};

/* One share of a file: a large one's units are read by every worker
 * (shares.h), as the scan after this reads them. */
static void name_share_sources(size_t i, void *worker, void *ctx)
{
	struct name_pass *np = ctx;
	const struct share *sh = &np->plan->items[i];
	struct name_walk w;
	struct strbuf why = STRBUF_INIT;

	(void)worker;
	memset(&w, 0, sizeof(w));
	w.set = np->set;
	strbuf_init(&w.path);
	share_walk_start(&w.walk, sh);
	(void)elf_images_each_shared(np->set->files[sh->file], sh->nr_shards,
				     disasm_elf_rules, name_image_sources, &w,
				     &why);
	__atomic_fetch_add(&np->made, w.made, __ATOMIC_RELAXED);
	__atomic_fetch_add(&np->again, w.again, __ATOMIC_RELAXED);
	name_walk_release(&w);
	strbuf_release(&why);
}

struct offer_pass {
	struct source_set *set;
	struct once_discovery *d;
	size_t mismatched, unreadable; /* atomics */
	size_t read, not_read;         /* atomics, for the test hook */
};

/* A named source with an MD5 that its text does not have is never
 * offered, not even as another file's local include: first all of them
 * are checked, then the others offered. */
static void check_md5(size_t i, void *worker, void *ctx)
{
	struct offer_pass *op = ctx;
	struct named_source *s = &op->set->items[i];
	struct source_match m;
	size_t len;
	char *buf;

	(void)worker;
	if (!s->has_md5)
		return;
	buf = read_file(s->path, &len);
	if (!buf)
		return; /* counted when offered */
	memset(&m, 0, sizeof(m));
	source_match_md5(&m, buf, len);
	free(buf);
	if (s->md5_conflict || !source_match_md5_same(s->md5, m.md5)) {
		s->mismatch = 1;
		__atomic_fetch_add(&op->mismatched, 1, __ATOMIC_RELAXED);
		once_discovery_skip(op->d, s->path);
	}
}

/* Offer one named source (and its local includes) to the discovery. */
static void offer_source(size_t i, void *worker, void *ctx)
{
	struct offer_pass *op = ctx;
	const struct named_source *s = &op->set->items[i];
	size_t len;
	char *buf;

	(void)worker;
	if (s->mismatch)
		return;
	/* offered already as an #include, its text read: offering it
	 * again would do nothing (and reading it would succeed) */
	if (once_discovery_has_text(op->d, s->path)) {
		__atomic_fetch_add(&op->not_read, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_add(&op->read, 1, __ATOMIC_RELAXED);
	buf = read_file(s->path, &len);
	if (!buf) {
		__atomic_fetch_add(&op->unreadable, 1, __ATOMIC_RELAXED);
		return;
	}
	if (!memchr(buf, '\0', len)) /* a binary named as a source */
		once_discovery_add_buffer(op->d, s->path, buf, len);
	free(buf);
}

/*
 * Where the sources' #include <name> are looked for: the compilation
 * database's -I folders, --sources, and every folder a named source is
 * in (the line tables' include folders: a header of macros only is
 * never named itself, but the headers next to it are).
 */
static void add_include_dirs(struct once_discovery *d,
			     const struct source_set *set,
			     const struct strlist *roots,
			     const char *sources_dir)
{
	for (size_t i = 0; roots && i < roots->nr; i++)
		once_discovery_add_include_dir(d, roots->items[i], 1);
	if (sources_dir)
		once_discovery_add_include_dir(d, sources_dir, 1);
	for (size_t i = 0; i < set->nr; i++) {
		const char *path = set->items[i].path;
		const char *slash = strrchr(path, '/');
		char *dir;

		if (!slash || slash == path)
			continue;
		dir = xstrndup(path, (size_t)(slash - path));
		once_discovery_add_include_dir(d, dir, 0);
		free(dir);
	}
}

/* Test hook: RWONCE_TEST_SCAN_DISCOVER_STATS prints what discovery
 * read and lexed, the counts its pre-filters lower (not in -vv, whose
 * output stays what it was). */
static void print_test_stats(const struct once_discovery *d,
			     const struct name_pass *np,
			     const struct offer_pass *op)
{
	struct once_discovery_stats ds;
	size_t lookups, walks;

	if (!getenv("RWONCE_TEST_SCAN_DISCOVER_STATS"))
		return;
	once_discovery_stats(d, &ds);
	fprintf(stderr, "rwonce scan: discovery statistics: file tables' "
		"names: %zu made into paths, %zu seen before\n", np->made,
		np->again);
	fprintf(stderr, "rwonce scan: discovery statistics: %zu files lexed "
		"for once-accessors, %zu that hold none not (%zu of them "
		"lexed later, %zu accessors in them); %zu helpers: %zu files "
		"read again, %zu lexed, %zu lexed with helpers put in; include "
		"paths: %zu asked of access(), %zu not there by the listings "
		"of %zu folders; %zu include names in none of them\n",
		ds.accessor_lexes, ds.deferred,
		ds.deferred_lexes, ds.deferred_accessors, ds.helper_names,
		ds.revisits_read, ds.revisits_lexed, ds.revisit_lexes,
		ds.access_calls, ds.not_there_by_listing, ds.folders_listed,
		ds.names_in_no_folder);
	once_accessors_barrier_stats(&lookups, &walks);
	fprintf(stderr, "rwonce scan: discovery statistics: files that "
		"paste names and hold no accessor's mark: %zu lexed for "
		"generator macros, %zu not (no '{' after a \"##\" of "
		"theirs); barriers' #define lookups: %zu, files' tokens "
		"walked for them: %zu\n", ds.paste_lexes, ds.paste_skips,
		lookups, walks);
	fprintf(stderr, "rwonce scan: discovery statistics: named sources: "
		"%zu read, %zu not (offered before as an #include); names "
		"called at a line's start: %zu\n", op->read, op->not_read,
		ds.invocations);
}

void scan_discover(struct once_macros *t, const char *const *files,
		   size_t nr, const char *sources_dir,
		   const struct strlist *include_roots, int jobs,
		   struct scan_discover_stats *st)
{
	struct source_set set;
	struct pool_options po;
	struct offer_pass op;
	struct share_plan plan;
	struct name_pass np;

	memset(&set, 0, sizeof(set));
	pthread_mutex_init(&set.lock, NULL);
	set.sources_dir = sources_dir;
	set.files = files;
	memset(&po, 0, sizeof(po));
	po.jobs = jobs;
	share_plan_make(&plan, files, nr, jobs);
	memset(&np, 0, sizeof(np));
	np.set = &set;
	np.plan = &plan;
	po.ctx = &np;
	pool_run(plan.nr, name_share_sources, &po);
	share_plan_free(&plan);

	memset(&op, 0, sizeof(op));
	op.set = &set;
	op.d = once_discovery_new();
	once_discovery_want_accessors(op.d);
	add_include_dirs(op.d, &set, include_roots, sources_dir);
	for (size_t i = 0; i < set.nr; i++)
		once_discovery_built(op.d, set.items[i].path);
	po.ctx = &op;
	pool_run(set.nr, check_md5, &po);
	pool_run(set.nr, offer_source, &po);
	memset(st, 0, sizeof(*st));
	/* the definitions as the headers have them: finishing puts
	 * pasting macros into the bodies that use them */
	if (!t->headers) {
		t->headers = xcalloc(1, sizeof(*t->headers));
		once_discovery_header_macros(op.d, t->headers);
	}
	st->found = once_discovery_finish(op.d, t);
	print_test_stats(op.d, &np, &op);
	/* the notes name a definition as the findings name a source */
	for (size_t i = 0; i < t->nr; i++) {
		char *shown;

		if (!t->items[i].def_path)
			continue;
		shown = xstrdup(shown_path(t->items[i].def_path));
		free(t->items[i].def_path);
		t->items[i].def_path = shown;
	}
	once_discovery_include_stats(op.d, &st->includes_found,
				     &st->includes_not_found);
	st->sources = set.nr;
	st->mismatched = op.mismatched;
	st->unreadable = op.unreadable;
	once_discovery_free(op.d);
	for (size_t i = 0; i < set.nr; i++)
		free(set.items[i].path);
	free(set.items);
	free(set.index);
	pthread_mutex_destroy(&set.lock);
}
