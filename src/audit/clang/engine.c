/*
 * The libclang engine's driver: load the compilation database, audit the
 * units on N threads (one libclang index per thread), then merge the
 * findings in database order so that a finding in a header shared by
 * many units is reported once, the same way on every run.
 */
#include "audit/clang/engine-internal.h"
#include "lib/clock.h"
#include "lib/messages.h"
#include "lib/pool.h"
#include "lib/progress.h"
#include "lib/shown-path.h"

#include <fnmatch.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int clang_engine_available(struct strbuf *why)
{
	(void)why;
	return 1;
}

/* Is the unit's file one of the paths asked for (a file, or below a
 * folder)? */
static int unit_selected(const struct unit *u, const struct strlist *paths)
{
	char *real_file;
	int ok = 0;

	if (!paths || !paths->nr)
		return 1;
	real_file = realpath(u->file, NULL);
	if (!real_file)
		real_file = xstrdup(u->file);
	for (size_t i = 0; i < paths->nr && !ok; i++) {
		char *p = realpath(paths->items[i], NULL);
		size_t n;

		if (!p)
			continue;
		n = strlen(p);
		ok = !strcmp(real_file, p) ||
		     (!strncmp(real_file, p, n) &&
		      (real_file[n] == '/' || (n == 1 && p[0] == '/')));
		free(p);
	}
	free(real_file);
	return ok;
}

static int excluded(const char *path, const struct strlist *globs)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	for (size_t i = 0; globs && i < globs->nr; i++)
		if (!fnmatch(globs->items[i], path, 0) ||
		    !fnmatch(globs->items[i], base, 0))
			return 1;
	return 0;
}

/* What the pool's workers share. */
struct units_run {
	const struct unit_list *units;
	const struct clang_engine_options *o;
	const struct once_macros *macros;
	struct unit_result *results;
	struct seen_set *seen;
	size_t failed;          /* for the progress line */
};

/* One libclang index per worker thread.  excludeDeclarationsFromPCH=0,
 * displayDiagnostics=0: we print the diagnostics ourselves, once per
 * failed unit. */
static void *index_new(void *ctx)
{
	(void)ctx;
	return clang_createIndex(0, 0);
}

static void index_dispose(void *index, void *ctx)
{
	(void)ctx;
	clang_disposeIndex(index);
}

static void run_unit(size_t i, void *index, void *ctx)
{
	struct units_run *p = ctx;

	if (p->o->verbose)
		fprintf(stderr, "rwonce: parsing %s\n", p->units->items[i].file);
	audit_unit(index, &p->units->items[i], p->macros, p->o->extra_args,
		   p->seen, &p->results[i]);
}

static void unit_done(size_t i, size_t nr_done, void *ctx)
{
	struct units_run *p = ctx;

	p->failed += p->results[i].failed;
	if (p->failed)
		progress_show(1, "rwonce audit: %zu/%zu units, %zu failed",
			      nr_done, p->units->nr, p->failed);
	else
		progress_show(1, "rwonce audit: %zu/%zu units", nr_done,
			      p->units->nr);
}

struct keyed {
	const struct finding *f;
	size_t order;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	int c = strcmp(x->f->path, y->f->path);

	if (c)
		return c;
	if (x->f->line != y->f->line)
		return x->f->line < y->f->line ? -1 : 1;
	if (x->f->col != y->f->col)
		return x->f->col < y->f->col ? -1 : 1;
	if (x->f->rule != y->f->rule)
		return x->f->rule < y->f->rule ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}


int clang_engine_run(const struct clang_engine_options *o,
		     struct finding_list *out, struct clang_engine_stats *stats)
{
	struct unit_list all = { NULL, 0, 0 }, units = { NULL, 0, 0 };
	struct units_run run;
	int failed = 0;
	struct keyed *keyed;
	size_t nr_keyed = 0, total = 0;
	double start = now_seconds();

	if (!o->build_dir)
		return error("the clang engine needs a compilation database: "
			     "-p DIR (DIR/compile_commands.json)");
	if (!o->macros)
		return error("the clang engine needs the once-macro table");
	if (ccdb_load(o->build_dir, &all) < 0)
		return -1;
	/* Keep the selected units; the rest stay owned by 'all'. */
	for (size_t i = 0; i < all.nr; i++)
		if (unit_selected(&all.items[i], o->paths) &&
		    !excluded(all.items[i].file, o->excludes)) {
			ALLOC_GROW(units.items, units.nr + 1, units.alloc);
			units.items[units.nr++] = all.items[i];
			if (o->unit_files)
				strlist_push_nodup(o->unit_files,
						   xstrdup(shown_path(all.items[i].file)));
		}
	if (o->paths && o->paths->nr && !units.nr)
		warning("no unit of %s/compile_commands.json is below the "
			"paths given", o->build_dir);

	memset(&run, 0, sizeof(run));
	run.units = &units;
	run.o = o;
	run.macros = o->macros;
	run.results = xcalloc(units.nr ? units.nr : 1, sizeof(*run.results));
	run.seen = seen_set_new();
	progress_start(o->progress, 0);
	pool_run(units.nr, run_unit, &(struct pool_options){
		.jobs = o->jobs, .ctx = &run, .worker_init = index_new,
		.worker_done = index_dispose, .done = unit_done });
	seen_set_free(run.seen);
	progress_stop();

	/* Failed units, in database order, with libclang's words. */
	for (size_t i = 0; i < units.nr; i++) {
		struct unit_result *r = &run.results[i];

		total += r->findings.nr;
		if (!r->failed)
			continue;
		failed++;
		error("%s: cannot be parsed cleanly:\n%s",
		      units.items[i].file, strbuf_str(&r->diagnostics));
		messages_unchecked(MESSAGE_ERROR, units.items[i].file,
				   "cannot be parsed cleanly (libclang's "
				   "diagnostics are among the messages)");
	}

	/* Merge: each (path, line, col, rule) once, the first unit's word. */
	keyed = xcalloc(total ? total : 1, sizeof(*keyed));
	for (size_t i = 0; i < units.nr; i++)
		for (size_t j = 0; j < run.results[i].findings.nr; j++) {
			keyed[nr_keyed].f = &run.results[i].findings.items[j];
			keyed[nr_keyed].order = nr_keyed;
			nr_keyed++;
		}
	sane_qsort(keyed, nr_keyed, sizeof(*keyed), cmp_keyed);
	for (size_t i = 0; i < nr_keyed; i++) {
		const struct finding *f = keyed[i].f;

		if (i && !strcmp(f->path, keyed[i - 1].f->path) &&
		    f->line == keyed[i - 1].f->line &&
		    f->col == keyed[i - 1].f->col &&
		    f->rule == keyed[i - 1].f->rule)
			continue;
		if (!excluded(f->path, o->excludes))
			finding_list_add(out, f);
	}
	free(keyed);

	if (stats)
		stats->sites = 0;
	for (size_t i = 0; i < units.nr; i++) {
		if (stats)
			stats->sites += run.results[i].sites;
		finding_list_release(&run.results[i].findings);
		strbuf_release(&run.results[i].diagnostics);
	}
	free(run.results);
	if (stats) {
		stats->units = (unsigned)units.nr;
		stats->units_failed = (unsigned)failed;
		stats->seconds = now_seconds() - start;
	}
	free(units.items);
	unit_list_release(&all);
	return failed;
}
