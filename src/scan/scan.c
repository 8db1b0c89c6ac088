/*
 * rwonce scan: did this build compile every once-access into one access?
 * Reads objects, archives and linked ELFs built with line tables, ties
 * their instructions to the once-access sites of the sources, and gives
 * a verdict per site instance.  See doc/rwonce-scan.1 and doc/scan.md.
 *
 *   sites.c      the sites of a source file (through src/cfront/)
 *   attribute.c  line-table rows -> site instances (src/elf/dwarf-lines)
 *   disasm.c     memory accesses of instructions (capstone; RISC-V:
 *                isa/riscv-llvm.c, LLVM's disassembler)
 *   decode-cache.c  a function decoded once for all its instances
 *   verdict.c    ok, torn, duplicated, widened, unattributed
 *   judge.c      one instance: code -> verdict -> finding
 *   compdb.c     the objects a compile_commands.json names (-p)
 *
 * All of it is the plugin build/rwonce-scan.so; scan-load.c, in rwonce,
 * loads it (scan-plugin.h says why).
 */
#include "cfront/header-macros.h"
#include "findings/finding.h"
#include "findings/output.h"
#include "findings/report.h"
#include "lib/json.h"
#include "lib/parse-options.h"
#include "lib/pool.h"
#include "lib/progress.h"
#include "lib/shown-path.h"
#include "lib/test-hook.h"
#include "lib/util.h"
#include "scan/attribute.h"
#include "scan/compdb.h"
#include "scan/coverage.h"
#include "scan/discover.h"
#include "scan/judge.h"
#include "scan/scan-plugin.h"
#include "scan/shares.h"
#include "scan/volatile-objects.h"

#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const scan_usage[] = {
	"rwonce scan [<options>] <object|archive|ELF>...",
	"rwonce scan -p <build-dir> [<options>]",
	NULL,
};

/* What came of one file named. */
enum file_state {
	FILE_CHECKED,  /* something in it was checked */
	FILE_NOTHING,  /* nothing to check: no code, assembly only, an empty
			  archive */
	FILE_TROUBLE,  /* it could not be (fully) checked: said why */
};

/*
 * -j: a file is scanned by one worker, or -- a large one, or when there
 * are fewer files than workers -- by several at once, each taking its
 * units in turns (shares.h); what they found is merged and sorted, so the
 * output is the same for every -j.
 */

/* What one worker found in its share of a file. */
struct shard_result {
	int images;             /* elf_images_each(): < 0 unreadable */
	char *why;              /* ... and why */
	int image_trouble, had_units, had_code;
	size_t c_units;         /* its units that are not assembly */
	size_t file_instances;
	/* what could not be read: units none of whose sources was read
	 * (the first named), site instances whose code is in no section
	 * (the first's address) -- the file is then not checked.  "The
	 * first" is by unit number (the file's order, not the order the
	 * workers of -j met them), so every run names the same. */
	size_t units_unread, code_unread;
	char *unit_unread;
	size_t unit_unread_nr;
	uint64_t code_unread_at;
	size_t code_unread_nr;
};

/* One piece of work: a file, or one worker's share of it. */
struct scan_item {
	struct share share;
	struct shard_result r;
};

/* What the workers of -j share. */
struct scan_shared {
	struct once_macros macros; /* built-in, --macro, discovered */
	struct volatile_objects *vol; /* --volatile-objects, or NULL */
	struct source_cache *cache;
	const struct strlist *files;
	unsigned char *state;   /* per file: enum file_state */
	struct scan_item *items;
	size_t nr_items;
	int want_records;
	int text_hook;          /* RWONCE_TEST_SCAN_TEXT_HELD is set */
	int progress;           /* wanted: not -q, not --no-progress */
	pthread_mutex_t lock;   /* files_done */
	size_t files_done;      /* under lock */
	size_t units_done;      /* atomic, for the progress line */
	size_t instances;       /* atomic, likewise */
	size_t findings;        /* atomic, likewise */
};

/* One worker's results; merged at the end. */
struct scan_ctx {
	struct scan_shared *sh;
	struct judge_tally t;
	size_t units, images;
	/* the share being scanned */
	const char *path;
	struct scan_item *item;
	struct share_walk walk;
	struct decode_cache *dc;
	/* the test hook RWONCE_TEST_SCAN_TEXT_HELD: the most lexed sources
	 * (sites.h: source_sites_text_held) held at a unit's end, before
	 * and after they were let go */
	size_t text_in_unit, text_after_unit;
};

static void progress_line(struct scan_shared *sh, int force);

/* Are the instance's code bytes there to read?  A damaged section
 * header or symbol table leaves libdwfl no section at the addresses the
 * line table names; judged, the instance would read as "no memory
 * access".  *at: the first address not in a section. */
static int code_readable(struct line_unit *u, const struct site_instance *in,
			 uint64_t *at)
{
	for (size_t k = 0; k < in->nr_ranges; k++) {
		const unsigned char *bytes;
		size_t avail;

		if (elf_image_code(u->img, in->ranges[k].lo, &bytes, &avail)) {
			*at = elf_image_file_address(u->img, in->ranges[k].lo);
			return 0;
		}
	}
	return 1;
}

static int scan_unit(struct line_unit *u, void *arg)
{
	struct scan_ctx *ctx = arg;
	struct shard_result *r = &ctx->item->r;
	struct instance_list list = { NULL, 0, 0, NULL, 0 };
	size_t unit_nr = ctx->walk.seen - 1; /* taken by share_walk_take */

	ctx->units++;
	r->c_units += !u->assembly;
	line_unit_use_member_macros(u, ctx->sh->macros.headers ?
				    &ctx->sh->macros.headers->members : NULL);
	if (!attribute_unit(u, ctx->sh->cache, ctx->path, &list) &&
	    !u->assembly && !r->units_unread++) {
		r->unit_unread = xstrdup(u->name ? u->name : "(no name)");
		r->unit_unread_nr = unit_nr;
	}
	r->file_instances += list.nr;
	instance_list_spans(&list);
	for (size_t i = 0; i < list.nr; i++) {
		size_t before = ctx->t.findings.nr;
		uint64_t at;

		if (!code_readable(u, &list.items[i], &at)) {
			if (!r->code_unread++) {
				r->code_unread_at = at;
				r->code_unread_nr = unit_nr;
			}
			continue; /* not judged: the file is not checked */
		}

		judge_instance(u, ctx->sh->cache, ctx->dc, &list.items[i], &list,
			       &ctx->t);
		__atomic_fetch_add(&ctx->sh->instances, 1, __ATOMIC_RELAXED);
		__atomic_fetch_add(&ctx->sh->findings, ctx->t.findings.nr - before,
				   __ATOMIC_RELAXED);
	}
	instance_list_clear(&list);
	free(list.items);
	/* The sources judging lexed for this unit (a published local's
	 * caller): the next unit's are others, mostly, and each worker of
	 * -j kept four of the largest it met (Debian's vmlinux at -j 4: 10
	 * MB of the peak; at -j 1 113 files lexed, 130 when let go here). */
	if (ctx->sh->text_hook) {
		size_t n = source_sites_text_held();

		if (n > ctx->text_in_unit)
			ctx->text_in_unit = n;
	}
	source_sites_text_drop();
	if (ctx->sh->text_hook && source_sites_text_held() > ctx->text_after_unit)
		ctx->text_after_unit = source_sites_text_held();
	__atomic_fetch_add(&ctx->sh->units_done, 1, __ATOMIC_RELAXED);
	progress_line(ctx->sh, 0);
	return 0;
}

/* Is the next unit of the file this worker's? */
static int take_unit(void *arg)
{
	return share_walk_take(&((struct scan_ctx *)arg)->walk);
}

static int scan_image(struct elf_image *img, void *arg)
{
	struct scan_ctx *ctx = arg;
	struct shard_result *r = &ctx->item->r;
	struct strbuf why = STRBUF_INIT;
	struct disasm *d;
	int units;
	/* every share meets the same trouble with the file: the first
	 * says it (trouble in one unit: the share that took it) */
	int say = !ctx->item->share.shard;

	ctx->images++;
	r->had_code |= elf_image_info(img)->has_code;
	if (elf_image_info(img)->damaged) { /* an archive member cut short */
		if (say)
			error_unchecked(elf_image_info(img)->name, "%s",
					elf_image_info(img)->damaged);
		r->image_trouble = 1;
		return 0;
	}
	if (elf_image_info(img)->lto_only) { /* sites, but no code yet */
		if (say)
			error_unchecked(elf_image_info(img)->name, "GCC's "
				"intermediate language only (built with -flto): "
				"its code is made when it is linked; scan the "
				"linked program, or build with "
				"-ffat-lto-objects or without -flto");
		r->image_trouble = 1;
		return 0;
	}
	d = disasm_open(elf_image_info(img), &why);
	if (!d) {
		if (say)
			error_unchecked(elf_image_info(img)->name, "%s",
					why.buf);
		r->image_trouble = 1;
		strbuf_release(&why);
		return 0;
	}
	ctx->dc = decode_cache_new(d);
	units = elf_image_units_each_taken(img, take_unit, scan_unit, ctx, &why);
	if (units < 0) {
		if (say || units == UNITS_TROUBLE_TAKEN)
			error_unchecked(elf_image_info(img)->name, "%s",
					why.buf);
		r->image_trouble = 1;
	} else if (units > 0) {
		r->had_units = 1;
	} else if (strcmp(elf_image_info(img)->name, ctx->path) &&
		   elf_image_info(img)->has_code && !elf_image_has_dwarf(img)) {
		/* an archive member with code and no DWARF: its code is not
		 * checked, whatever the other members are (a plain file is
		 * said by file_state()) */
		if (say)
			error_unchecked(elf_image_info(img)->name, "no DWARF "
					"line tables for its code: not checked; "
					"build with -g and do not strip");
		r->image_trouble = 1;
	}
	decode_cache_free(ctx->dc);
	ctx->dc = NULL;
	source_sites_text_drop();
	if (ctx->sh->text_hook)
		fprintf(stderr, "rwonce: test: %s: lexed sources held at a "
			"unit's end: at most %zu, after it %zu\n",
			elf_image_info(img)->name, ctx->text_in_unit,
			ctx->text_after_unit);
	attribute_image_done();
	disasm_close(d);
	strbuf_release(&why);
	return 0;
}

/* Scan one item: a file, or this worker's share of its units. */
static void scan_item(size_t i, void *worker, void *arg)
{
	struct scan_shared *sh = arg;
	struct scan_ctx *ctx = worker;
	struct scan_item *it = &sh->items[i];
	struct strbuf why = STRBUF_INIT;

	ctx->item = it;
	ctx->path = sh->files->items[it->share.file];
	/* Test hook: RWONCE_TEST_SCAN_SHARE_FIFO stops a shared file's first
	 * share before its walk, so another share takes the units -- which
	 * share meets a unit's trouble is a race, made certain here. */
	if (!it->share.shard && it->share.nr_shards > 1) {
		const char *fifo = test_hook_fifo("RWONCE_TEST_SCAN_SHARE_FIFO");

		if (fifo)
			test_hook_pause(fifo, ctx->path);
	}
	share_walk_start(&ctx->walk, &it->share);
	it->r.images = elf_images_each_shared(ctx->path, it->share.nr_shards,
					      disasm_elf_rules, scan_image,
					      ctx, &why);
	if (it->r.images < 0)
		it->r.why = strbuf_detach(&why);
	strbuf_release(&why);
}

/* A file's shares together: checked, nothing to check, or trouble (said
 * why). */
static enum file_state file_state(const char *path, struct scan_item *it,
				  size_t n)
{
	struct shard_result r = it[0].r;

	for (size_t k = 1; k < n; k++) {
		r.image_trouble |= it[k].r.image_trouble;
		r.had_units |= it[k].r.had_units;
		r.had_code |= it[k].r.had_code;
		r.c_units += it[k].r.c_units;
		r.file_instances += it[k].r.file_instances;
		if (it[k].r.units_unread &&
		    (!r.units_unread ||
		     it[k].r.unit_unread_nr < r.unit_unread_nr)) {
			r.unit_unread = it[k].r.unit_unread;
			r.unit_unread_nr = it[k].r.unit_unread_nr;
		}
		r.units_unread += it[k].r.units_unread;
		if (it[k].r.code_unread &&
		    (!r.code_unread ||
		     it[k].r.code_unread_nr < r.code_unread_nr)) {
			r.code_unread_at = it[k].r.code_unread_at;
			r.code_unread_nr = it[k].r.code_unread_nr;
		}
		r.code_unread += it[k].r.code_unread;
	}
	if (r.images < 0) {
		error_unchecked(path, "%s", r.why);
		return FILE_TROUBLE;
	}
	if (!r.images) {
		warning("%s: an archive with no ELF members: nothing to check",
			path);
		return FILE_NOTHING;
	}
	if (r.image_trouble) /* said already: a member, or the file */
		return FILE_TROUBLE;
	/* read, but not all of it: not checked either */
	if (r.units_unread) {
		error_unchecked(path, "%zu of its %zu unit%s no source that "
		      "could be read (the first: '%s'): not checked",
		      r.units_unread, r.c_units, r.c_units == 1 ? " has" :
		      "s have", r.unit_unread);
		return FILE_TROUBLE;
	}
	if (r.code_unread) {
		error_unchecked(path, "the code of %zu site instance%s could "
		      "not be read (the first at %#llx: in no section; a "
		      "damaged section header or symbol table?): not checked",
		      r.code_unread, r.code_unread == 1 ? "" : "s",
		      (unsigned long long)r.code_unread_at);
		return FILE_TROUBLE;
	}
	/* Nothing to check: say why, and what would help. */
	if (!r.had_units) {
		if (!r.had_code) {
			warning("%s: no code (no executable section with "
				"contents): nothing to check", path);
			return FILE_NOTHING;
		}
		error_unchecked(path, "no DWARF line tables for its code: "
				"nothing to check; build with -g (or -g1, "
				"-gline-tables-only; assembly with -g too) and "
				"do not strip");
		return FILE_TROUBLE;
	}
	if (!r.c_units && !r.file_instances) {
		warning("%s: its line tables are those of assembly sources "
			"only (DW_AT_language: assembler): no once-access sites "
			"to check", path);
		return FILE_NOTHING;
	}
	return FILE_CHECKED;
}

/* In file order, once a file's last share is done: its state and what
 * to say about it. */
static void item_in_order(size_t i, void *arg)
{
	struct scan_shared *sh = arg;
	struct scan_item *it = &sh->items[i];

	if (it->share.shard + 1 != it->share.nr_shards)
		return;
	it -= it->share.shard;
	sh->state[it->share.file] = (unsigned char)file_state(
		sh->files->items[it->share.file], it, it->share.nr_shards);
	for (size_t k = 0; k < it->share.nr_shards; k++) {
		free(it[k].r.why);
		free(it[k].r.unit_unread);
	}
	pthread_mutex_lock(&sh->lock);
	sh->files_done++;
	pthread_mutex_unlock(&sh->lock);
	progress_line(sh, 1);
}

static size_t total_instances(const struct scan_ctx *ctx)
{
	size_t n = 0;

	for (int v = 0; v < SCAN__COUNT; v++)
		n += ctx->t.verdicts[v];
	return n;
}

/* The progress line on a terminal (lib/progress.h): files and units
 * done, at most ten times a second (force: a file was done). */
static void progress_line(struct scan_shared *sh, int force)
{
	size_t files_done;

	if (!progress_due(force))
		return;
	pthread_mutex_lock(&sh->lock);
	files_done = sh->files_done;
	pthread_mutex_unlock(&sh->lock);
	progress_show(force, "rwonce scan: %zu/%zu files, %zu units, %zu "
		      "instances, %zu findings", files_done, sh->files->nr,
		      __atomic_load_n(&sh->units_done, __ATOMIC_RELAXED),
		      __atomic_load_n(&sh->instances, __ATOMIC_RELAXED),
		      __atomic_load_n(&sh->findings, __ATOMIC_RELAXED));
}

static void *worker_new(void *arg)
{
	struct scan_ctx *ctx = xcalloc(1, sizeof(*ctx));

	ctx->sh = arg;
	ctx->t.want_records = ctx->sh->want_records;
	return ctx;
}

/* In worker order: merge into the first worker's results. */
struct merged {
	struct scan_shared *sh;
	struct scan_ctx *into;
};

static void worker_merge(void *worker, void *arg)
{
	struct merged *m = arg;
	struct scan_ctx *w = worker;

	if (!m->into->sh) {
		*m->into = *w;
	} else {
		judge_tally_merge(&m->into->t, &w->t);
		m->into->units += w->units;
		m->into->images += w->images;
	}
	free(w);
}

static void run_item(size_t i, void *worker, void *ctx)
{
	scan_item(i, worker, ((struct merged *)ctx)->sh);
}

static void run_in_order(size_t i, void *ctx)
{
	item_in_order(i, ((struct merged *)ctx)->sh);
}

static void *run_worker_new(void *ctx)
{
	return worker_new(((struct merged *)ctx)->sh);
}

/* Scan every file on `jobs` workers (this thread is one); the results in
 * *out. */
static void scan_all(struct scan_shared *sh, struct scan_ctx *out, int jobs)
{
	struct merged m = { sh, out };
	struct pool_options o;
	struct share_plan plan;

	share_plan_make(&plan, (const char *const *)sh->files->items,
			sh->files->nr, jobs);
	sh->nr_items = plan.nr;
	sh->items = xcalloc(plan.nr ? plan.nr : 1, sizeof(*sh->items));
	for (size_t i = 0; i < plan.nr; i++)
		sh->items[i].share = plan.items[i];
	memset(&o, 0, sizeof(o));
	o.jobs = jobs;
	o.ctx = &m;
	o.worker_init = run_worker_new;
	o.worker_done = worker_merge;
	o.in_order = run_in_order;
	memset(out, 0, sizeof(*out));
	progress_start(sh->progress, 0);
	pool_run(sh->nr_items, run_item, &o);
	progress_stop();
	free(sh->items);
	share_plan_free(&plan);
}

static void verdict_counts(const struct scan_ctx *ctx, struct strbuf *sb,
			   int json)
{
	for (int v = 0; v < SCAN__COUNT; v++)
		strbuf_addf(sb, json ? "%s\"%s\": %zu" : "%s%s %zu",
			    v ? ", " : "", scan_verdict_name((enum scan_verdict)v),
			    ctx->t.verdicts[v]);
}

static int cmp_record(const void *pa, const void *pb)
{
	const struct instance_record *a = pa, *b = pb;
	int r = strcmp(a->path, b->path);

	if (r)
		return r;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	r = strcmp(a->json, b->json); /* the object file, the function ... */
	if (r)
		return r;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* "site_instances": every instance in a stable order. */
static void records_json(struct judge_tally *t, struct strbuf *out)
{
	if (t->nr_records > 1)
		sane_qsort(t->records, t->nr_records, sizeof(*t->records), cmp_record);
	strbuf_addch(out, '[');
	for (size_t i = 0; i < t->nr_records; i++) {
		strbuf_addstr(out, i ? ",\n    " : "\n    ");
		strbuf_addstr(out, t->records[i].json);
		free(t->records[i].json);
	}
	strbuf_addstr(out, t->nr_records ? "\n  ]" : "]");
	free(t->records);
	t->records = NULL;
	t->nr_records = 0;
}

void scan_plugin_abi(struct plugin_abi *abi)
{
	const struct plugin_abi mine = SCAN_PLUGIN_ABI_INIT;

	*abi = mine;
}

/* "; 2 sources not found" ... for the summary line */
static void add_count(struct strbuf *sb, size_t n, const char *one,
		      const char *many)
{
	if (n)
		strbuf_addf(sb, ", %zu %s", n, n == 1 ? one : many);
}

/* What the command line asked for, and the files it names. */
struct scan_args {
	struct findings_output out;
	struct config_use config; /* --config, --no-config, the file read */
	struct strlist macros, files;
	struct strlist include_dirs; /* the database's -I, -isystem ... */
	const char *build_dir, *sources;
	int jobs, no_progress, allow_unchecked, no_discover, debuginfod;
	int allow_empty;
	int volatile_objects;    /* --volatile-objects */
	size_t db_missing;       /* objects the database names, not there */
};

/* What the run found beyond the findings: files, sources, coverage. */
struct scan_result {
	size_t checked, nothing, trouble, src_missing, src_mismatched;
	struct scan_discover_stats disc;
	struct coverage cov;
};

struct file_id {
	dev_t dev;
	ino_t ino;
	size_t at; /* its place in the list as named */
};

static int by_file_id(const void *x, const void *y)
{
	const struct file_id *a = x, *b = y;

	if (a->dev != b->dev)
		return a->dev < b->dev ? -1 : 1;
	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return a->at < b->at ? -1 : a->at > b->at;
}

/*
 * A file named twice -- by two spellings (build/a.o, ./build/a.o, a
 * link), or by the command line and -p's database both -- is scanned
 * once: its instances and findings counted twice would be two findings
 * of one site.  Same device and inode; a name that cannot be stat()ed
 * stays, for the scan to name as it does.
 */
static void drop_repeated_files(struct strlist *files, int quiet)
{
	struct file_id *ids = xcalloc(files->nr ? files->nr : 1, sizeof(*ids));
	size_t *first = xcalloc(files->nr ? files->nr : 1, sizeof(*first));
	size_t nids = 0, kept = 0;

	for (size_t i = 0; i < files->nr; i++) {
		struct stat st;

		first[i] = i;
		if (stat(files->items[i], &st))
			continue;
		ids[nids].dev = st.st_dev;
		ids[nids].ino = st.st_ino;
		ids[nids++].at = i;
	}
	if (nids > 1)
		sane_qsort(ids, nids, sizeof(*ids), by_file_id);
	for (size_t k = 1; k < nids; k++)
		if (ids[k].dev == ids[k - 1].dev && ids[k].ino == ids[k - 1].ino)
			first[ids[k].at] = first[ids[k - 1].at];
	for (size_t i = 0; i < files->nr; i++)
		if (first[i] != i && !quiet)
			fprintf(stderr, "rwonce scan: %s is %s, named before: "
				"scanned once\n", files->items[i],
				files->items[first[i]]);
	for (size_t i = 0; i < files->nr; i++) {
		if (first[i] != i) {
			free(files->items[i]);
			continue;
		}
		files->items[kept++] = files->items[i];
	}
	files->nr = kept;
	free(first);
	free(ids);
}

/* The options, and the files: the database's objects (-p), then the
 * arguments.  Returns -1 after error(). */
static int scan_parse(int argc, const char **argv, struct scan_args *a)
{
	struct option opts[] = {
		OPT_STRING('p', NULL, &a->build_dir, "DIR",
			   "scan the objects DIR/compile_commands.json names"),
		OPT_STRING(0, "sources", &a->sources, "DIR",
			   "read the sources under DIR instead of the build's "
			   "directory (DW_AT_comp_dir)"),
		OPT_ONCE_MACROS(&a->macros, &a->no_discover),
		OPT_JOBS(&a->jobs, "files (and the units of a large file)",
			 "the number of cores"),
		OPT_BOOL(0, "allow-unchecked", &a->allow_unchecked,
			 "exit 0 or 1 by the findings even when some input "
			 "could not be checked (each is still named)"),
		OPT_BOOL(0, "debuginfod", &a->debuginfod,
			 "let elfutils fetch the debug info a file lacks from "
			 "the servers DEBUGINFOD_URLS names, by build ID "
			 "(network; without it DEBUGINFOD_URLS is ignored)"),
		OPT_BOOL(0, "volatile-objects", &a->volatile_objects,
			 "also check every access to an object declared "
			 "volatile (a variable of static storage, a struct "
			 "or union member) as a once-access of its width"),
		OPT_BOOL(0, "allow-empty", &a->allow_empty,
			 "exit by the findings even when no once-access site "
			 "was checked (files with code still needed)"),
		OPT_NO_PROGRESS(&a->no_progress),
		OPT_CONFIG(&a->config),
		OPT_FINDINGS_OUTPUT(&a->out, "1 (-v): say why each unattributed "
				    "instance is, list the sites without code "
				    "and the findings suppressed or in the "
				    "baseline; 2 (-vv): also list every "
				    "decoded access"),
		OPT_EXIT_STATUS("0 no findings; 1 findings at or above "
				"--fail-on's level (not counting the "
				"suppressed ones and those in the "
				"baseline); 2 trouble: a file named (or in "
				"the database) could not be checked, a "
				"source was not found or does not match the "
				"build (unless --allow-unchecked), nothing "
				"to scan, no once-access site checked (unless "
				"--allow-empty), a bad option or baseline."),
		OPT_END(),
	};

	argc = parse_options(argc, argv, opts, scan_usage);
	config_say(&a->config, a->out.verbose, a->out.quiet);
	if (findings_output_check(&a->out, "scan"))
		return -1;
	if (a->build_dir &&
	    compdb_objects(a->build_dir, &a->files, &a->db_missing,
			   &a->include_dirs))
		return -1;
	for (int i = 0; i < argc; i++)
		strlist_push(&a->files, argv[i]);
	drop_repeated_files(&a->files, a->out.quiet);
	if (!a->files.nr) {
		error("nothing to scan: name object files, archives or ELF "
		      "files, or -p BUILD_DIR");
		usage_with_options(scan_usage, opts);
	}
	return 0;
}

/* -v: each once-macro found in the sources, with its definition. */
static void discovered_list(const struct once_macros *t,
			    const struct scan_discover_stats *st)
{
	for (size_t i = 0; i < t->nr; i++) {
		const struct once_macro *m = &t->items[i];
		char *note = once_macro_definition_note(m);

		if (note)
			fput_visible_line(stderr, "rwonce scan: discovery: %s", note);
		free(note);
	}
	fprintf(stderr, "rwonce scan: discovery: %zu once-macro%s found in "
		"%zu source%s; of the names #included from them, %zu found "
		"in the include folders, %zu not\n", st->found,
		st->found == 1 ? "" : "s", st->sources,
		st->sources == 1 ? "" : "s", st->includes_found,
		st->includes_not_found);
}

/* JSON: "once_macros": every name discovery found, with its definition. */
static void discovered_json(const struct once_macros *t, struct strbuf *out)
{
	size_t n = 0;

	strbuf_addstr(out, "[");
	for (size_t i = 0; i < t->nr; i++) {
		const struct once_macro *m = &t->items[i];

		if (!m->def_path)
			continue;
		strbuf_addstr(out, n++ ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_add_string(out, m->name);
		strbuf_addf(out, ", \"kind\": \"%s\", \"volatile_cast\": %s, "
			    "\"pointer_argument\": ",
			    once_macro_kind_name(m->kind),
			    m->flags & OMF_VOLATILE_CAST ? "true" : "false");
		if (m->deref_arg >= 0)
			strbuf_addf(out, "%d", m->deref_arg);
		else
			strbuf_addstr(out, "null");
		/* "path_bytes" too when the name is not UTF-8 */
		json_add_path(out, "path", m->def_path, 0);
		strbuf_addf(out, ", \"line\": %u, \"what\": ", m->def_line);
		json_add_string(out, m->def_what ? m->def_what : "a once-access");
		if (m->kinds_disagree) {
			strbuf_addstr(out, ", \"definitions_disagree\": ");
			json_add_string(out, m->kinds_disagree);
		}
		strbuf_addch(out, '}');
	}
	strbuf_addstr(out, n ? "\n  ]" : "]");
}

/*
 * The plan: the once-macro table (--macro, then what the sources define
 * themselves), the source cache the sites come from, the shared state
 * of the workers.  Returns -1 after error().
 */
static int scan_plan(struct scan_args *a, struct scan_shared *sh,
		     struct scan_result *r)
{
	for (size_t i = 0; i < a->macros.nr; i++)
		if (once_macros_add_spec(&sh->macros, a->macros.items[i]))
			return -1;
	sh->macros.pointer_args = 1;
	if (!a->no_discover)
		scan_discover(&sh->macros, (const char *const *)a->files.items,
			      a->files.nr, a->sources, &a->include_dirs,
			      a->jobs, &r->disc);
	if (!a->no_discover && a->out.verbose)
		discovered_list(&sh->macros, &r->disc);
	judge_set_verbose(a->out.verbose);
	if (a->volatile_objects)
		sh->vol = volatile_objects_collect(
			(const char *const *)a->files.items, a->files.nr);
	sh->cache = source_cache_new(&sh->macros, sh->vol, a->sources);
	sh->files = &a->files;
	sh->state = xcalloc(a->files.nr, 1);
	sh->want_records = findings_output_wants(&a->out, REPORT_JSON);
	sh->text_hook = !!getenv("RWONCE_TEST_SCAN_TEXT_HELD");
	/* on a terminal, by the one rule of every command (lib/progress.h) */
	sh->progress = !a->no_progress && !a->out.quiet;
	if (a->jobs <= 0)
		a->jobs = online_cpus();
	return 0;
}

/* Every file on the workers; then what each file came to, the sources,
 * and every site's coverage. */
static void scan_run(struct scan_args *a, struct scan_shared *sh,
		     struct scan_ctx *ctx, struct scan_result *r)
{
	scan_all(sh, ctx, a->jobs);
	for (size_t i = 0; i < a->files.nr; i++)
		sh->state[i] == FILE_CHECKED ? r->checked++ :
		sh->state[i] == FILE_NOTHING ? r->nothing++ : r->trouble++;
	r->src_missing = source_cache_missing(sh->cache);
	r->src_mismatched = source_cache_mismatched(sh->cache);
	judge_drop_mismatched(&ctx->t);
	coverage_collect(sh->cache, &r->cov, shown_path);
	finding_list_sort_unique(&ctx->t.findings);
}

/* The JSON members after the findings: counts, coverage, instances. */
static void scan_json_extra(const struct scan_args *a,
			    const struct scan_shared *sh,
			    struct scan_ctx *ctx,
			    const struct scan_result *r, struct strbuf *extra)
{
	struct strbuf counts = STRBUF_INIT;

	verdict_counts(ctx, &counts, 1);
	strbuf_addf(extra, "\"instances\": {%s}, \"sites\": %zu, "
		    "\"files\": {\"checked\": %zu, \"nothing_to_check\": %zu, "
		    "\"trouble\": %zu, \"not_there\": %zu}, \"sources\": "
		    "{\"not_found\": %zu, \"not_matching\": %zu},\n  "
		    "\"discovery\": {\"once_macros\": %zu, \"sources\": %zu, "
		    "\"not_matching\": %zu, \"not_read\": %zu},\n  ",
		    counts.buf,
		    source_cache_sites_seen(sh->cache), r->checked, r->nothing,
		    r->trouble, a->db_missing, r->src_missing,
		    r->src_mismatched, r->disc.found, r->disc.sources,
		    r->disc.mismatched, r->disc.unreadable);
	strbuf_addstr(extra, "\"once_macros\": ");
	discovered_json(&sh->macros, extra);
	strbuf_addstr(extra, ",\n  \"coverage\": ");
	coverage_json(&r->cov, ctx->t.unattributed, total_instances(ctx), extra);
	strbuf_addstr(extra, ",\n  \"no_code_sites\": ");
	strbuf_add(extra, r->cov.no_code_json.buf, r->cov.no_code_json.len);
	if (sh->want_records) {
		strbuf_addstr(extra, ",\n  \"site_instances\": ");
		records_json(&ctx->t, extra);
	}
	strbuf_release(&counts);
}

/* The summary's two lines on stderr. */
static void scan_summary(const struct scan_args *a,
			 const struct scan_shared *sh,
			 const struct scan_ctx *ctx,
			 const struct scan_result *r,
			 const struct triage_counts *tc)
{
	struct strbuf line = STRBUF_INIT, counts = STRBUF_INIT;
	size_t inst = total_instances(ctx);
	size_t sites = source_cache_sites_seen(sh->cache);
	size_t nfiles = a->files.nr;

	verdict_counts(ctx, &counts, 0);
	strbuf_addf(&line, "rwonce scan: %zu finding%s", tc->active,
		    tc->active == 1 ? "" : "s");
	triage_summary(&line, tc);
	strbuf_addf(&line, "; %zu site instance%s: %s; %zu site%s; %zu of %zu "
		    "file%s checked", inst, inst == 1 ? "" : "s", counts.buf,
		    sites, sites == 1 ? "" : "s", r->checked, nfiles,
		    nfiles == 1 ? "" : "s");
	add_count(&line, r->nothing, "with nothing to check",
		  "with nothing to check");
	add_count(&line, r->trouble, "that could not be checked",
		  "that could not be checked");
	add_count(&line, a->db_missing, "named by the database not there",
		  "named by the database not there");
	add_count(&line, r->src_missing, "source not found",
		  "sources not found");
	add_count(&line, r->src_mismatched,
		  "source that does not match the build",
		  "sources that do not match the build");
	add_count(&line, r->disc.found, "once-macro defined in the sources",
		  "once-macros defined in the sources");
	strbuf_addstr(&line, "\nrwonce scan: coverage: ");
	coverage_line(&r->cov, ctx->t.unattributed, inst, &line);
	fprintf(stderr, "%s\n", line.buf);
	strbuf_release(&line);
	strbuf_release(&counts);
}

/*
 * Nothing checked is not clean: a run in which no site has an instance
 * judged -- the project's once-macros not discovered, a build without
 * them -- says what it did not find and is trouble, unless
 * --allow-empty.  (No file checked at all is trouble in any case.)
 * Before the report, so that SARIF's invocation carries the message.
 * Returns 1 for trouble.
 */
static int scan_checked_nothing(const struct scan_args *a,
				const struct scan_result *r, int unchecked)
{
	const struct coverage *cov = &r->cov;
	/* a project that shares memory through objects declared volatile
	 * (nginx, LMDB): the option that checks them */
	const char *vol = cov->sources_volatile && !a->volatile_objects ?
		"check the accesses to objects declared volatile with "
		"--volatile-objects, " : "";

	if (!r->checked || cov->state[SITE_CHECKED] || a->allow_empty)
		return 0;
	if (unchecked) { /* the inputs named above are the likely cause */
		error("nothing checked: no once-access site checked; the "
		      "inputs named above could not be used");
		return 1;
	}
	if (cov->sites) { /* sites were found: their code is missing */
		error("nothing checked: %zu once-access site%s found in "
		      "the %zu source%s read, none with code in this build "
		      "(-v says why of each): build what uses them, name the "
		      "project's other once-macros with --macro NAME=KIND, "
		      "%sor --allow-empty if there is nothing to check",
		      cov->sites, cov->sites == 1 ? "" : "s", cov->sources,
		      cov->sources == 1 ? "" : "s", vol);
		return 1;
	}
	error("nothing checked: no once-access site checked in the %zu "
	      "source%s read; %zu of them say volatile, and no once-macro "
	      "or once-accessor of the project was found (%zu "
	      "discovered%s): name the project's with --macro NAME=KIND, %s"
	      "or --allow-empty if there is nothing to check", cov->sources,
	      cov->sources == 1 ? "" : "s", cov->sources_volatile,
	      r->disc.found, a->no_discover ? ", --no-discover" : "", vol);
	return 1;
}

/* The findings in the chosen format, the summary; the exit status. */
static int scan_report(struct scan_args *a, const struct scan_shared *sh,
		       struct scan_ctx *ctx, const struct scan_result *r)
{
	struct strbuf extra = STRBUF_INIT;
	struct report_options ro;
	struct triage_counts tc;
	int unchecked = r->trouble || a->db_missing || r->src_missing ||
		r->src_mismatched;
	int empty = scan_checked_nothing(a, r, unchecked);
	int status;

	scan_json_extra(a, sh, ctx, r, &extra);
	memset(&ro, 0, sizeof(ro));
	ro.engine = "scan";
	ro.command = "scan";
	ro.json_extra = extra.buf;
	ro.title = "rwonce scan";
	ro.config = a->config.read;
	ro.trouble = !r->checked || unchecked || empty;
	status = findings_output_write(&a->out, &ctx->t.findings, &ro, &tc) ?
		EXIT_TROUBLE : 0;
	strbuf_release(&extra);
	if (a->out.verbose && r->cov.no_code_text.len)
		fputs(r->cov.no_code_text.buf, stderr);
	if (!a->out.quiet)
		scan_summary(a, sh, ctx, r, &tc);
	/* 2: something named could not be checked -- unless the user said
	 * that is fine, and something was */
	if (!status && (!r->checked || empty ||
			(!a->allow_unchecked && unchecked)))
		status = EXIT_TROUBLE;
	if (!status)
		status = findings_output_failing(&a->out, &ctx->t.findings,
						 "scan") ?
			EXIT_FINDINGS : EXIT_CLEAN;
	return status;
}

/*
 * No network unless asked.  libdwfl's standard debuginfo finder asks the
 * debuginfod servers DEBUGINFOD_URLS names for the debug info of a file
 * without DWARF (by its build ID: a leak, and slow offline); its client
 * reads the variable when it queries, so without --debuginfod it is
 * taken out of this process's environment -- before any libdwfl call,
 * and before the workers start (setenv is not thread-safe).
 */
static int network_unless_asked(const struct scan_args *a)
{
	if (!a->debuginfod && getenv("DEBUGINFOD_URLS") &&
	    unsetenv("DEBUGINFOD_URLS"))
		return error("cannot unset DEBUGINFOD_URLS: %s",
			     strerror(errno));
	return 0;
}

/*
 * Keep freed memory for the next file instead of giving it back (with
 * M_TRIM_THRESHOLD, in scan_plugin_main()): every file's token lists,
 * line rows and decoded code are large allocations that glibc would map
 * and unmap each time, and a fresh page costs a fault.  On the arm-gcc
 * kernel build: 6319 page faults -> 4835, task-clock 338 -> 308 ms (perf
 * stat -r 8).  When a file's units are shared among workers, though
 * (shares.h: a vmlinux), each worker's thread allocates from a glibc
 * arena of its own, and what one frees the others never reuse: each
 * arena keeps the most it ever held, and the process the sum of those
 * high-water marks (a source lexed here, a large unit's rows there).
 * Then a large block is mapped on its own and given back when freed
 * (Debian's vmlinux at -j 4: peak RSS 91 -> 78 MiB with the buffers let
 * go after each unit).  Many files on several workers keep the large
 * threshold: their memory is small, and their faults (the 80 objects of
 * an arm64 kernel build at -j 2: 12,300 -> 19,400 minor faults with the
 * small one) are not.  Always 0.
 */
static int set_mmap_threshold(const struct scan_args *a)
{
	int workers = a->jobs > 0 ? a->jobs : online_cpus();
	struct share_plan plan;
	int shared;

	share_plan_make(&plan, (const char *const *)a->files.items,
			a->files.nr, workers);
	shared = plan.nr > a->files.nr; /* a file has several shares */
	share_plan_free(&plan);
	mallopt(M_MMAP_THRESHOLD, shared ? 256 << 10 : 256 << 20);
	return 0;
}

int scan_plugin_main(int argc, const char **argv)
{
	struct scan_args a = {
		.out = FINDINGS_OUTPUT_INIT,
		.config = CONFIG_USE_INIT("scan"),
		.macros = STRLIST_INIT, .files = STRLIST_INIT,
		.include_dirs = STRLIST_INIT,
	};
	struct scan_result r;
	struct scan_shared sh;
	struct scan_ctx ctx;
	int status = EXIT_TROUBLE, ran = 0;

	/* (and M_MMAP_THRESHOLD: set_mmap_threshold() says why) */
	mallopt(M_TRIM_THRESHOLD, 512 << 20);
	memset(&r, 0, sizeof(r));
	memset(&ctx, 0, sizeof(ctx));
	memset(&sh, 0, sizeof(sh));
	pthread_mutex_init(&sh.lock, NULL);
	once_macros_init(&sh.macros);
	if (!scan_parse(argc, argv, &a) && !set_mmap_threshold(&a) &&
	    !network_unless_asked(&a) &&
	    !scan_plan(&a, &sh, &r)) {
		scan_run(&a, &sh, &ctx, &r);
		ran = 1;
		status = scan_report(&a, &sh, &ctx, &r);
	}
	if (ran)
		coverage_release(&r.cov);
	source_cache_free(sh.cache);
	finding_list_release(&ctx.t.findings);
	free(ctx.t.finding_src);
	free(ctx.t.judged);
	once_macros_release(&sh.macros);
	volatile_objects_free(sh.vol);
	pthread_mutex_destroy(&sh.lock);
	free(sh.state);
	strlist_clear(&a.macros);
	strlist_clear(&a.files);
	findings_output_release(&a.out);
	free(a.config.read);
	strlist_clear(&a.include_dirs);
	return status;
}
