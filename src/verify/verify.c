/*
 * rwonce verify: does this compiler keep the single-access promise?
 *
 * Every configuration (src/compilers/grid.h: compiler x target x flags x
 * optimisation level, times the library backend) is compiled into a
 * static program that runs the probes, traced, and compared with the
 * probes' annotations.  verify-run.c does one configuration; this file
 * reads the command line into a plan (the probes and the
 * configurations), runs the plan on -j workers, and reports it through
 * verify-report.c.
 */
#include "verify/verify.h"
#include "lib/libexec.h"
#include "lib/parse-options.h"
#include "lib/pool.h"
#include "lib/progress.h"
#include "targets/targets.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-in battery, in probes_dir. */
static const char *const builtin_probes[] = { "library.c", "controls.c" };

static const char *const verify_usage[] = {
	"rwonce verify [--cc CC...] [--target NAME...] [--opt LEVELS] [--probes FILE...] [<options>]",
	"rwonce verify --list [--probes FILE...] [--no-builtin]",
	NULL
};

/* What the command line asked for. */
struct verify_options {
	struct grid_request grid;
	struct strlist probe_files, only;
	const char *header, *report, *backend;
	const char *format;     /* --format, --json: text, json or html */
	int details, jobs, no_builtin, list, timeout_s, no_progress;
	int quiet, verbose, color;
};

/* What is run and what it gave. */
struct verify_plan {
	struct probe_set set;
	struct grid grid;
	struct verify_opts run;
	struct config_result *res;  /* one per configuration */
};

/* The options into *vo; dies on a bad one (exit 2). */
static void verify_parse(int argc, const char **argv,
			 struct verify_options *vo)
{
	struct option opts[] = {
		OPT_GRID(&vo->grid, "0,1,2,3,s"),
		OPT_GRID_CFLAGS(&vo->grid),
		OPT_GROUP("What to check"),
		OPT_STRING(0, "backend", &vo->backend, "WHICH", "library backend: volatile, atomic or both (default)"),
		OPT_LIST(0, "probes", &vo->probe_files, "FILE", "add probe files (.c, .S, .s; see probes/README.md)"),
		OPT_BOOL(0, "no-builtin", &vo->no_builtin, "leave out the built-in battery"),
		OPT_LIST(0, "only", &vo->only, "NAMES", "run only the probes matching these glob patterns"),
		OPT_BOOL(0, "list", &vo->list, "list the probes and their expectations, run nothing"),
		OPT_GROUP("How"),
		OPT_JOBS(&vo->jobs, "configurations", "the number of cores"),
		OPT_INT(0, "timeout", &vo->timeout_s, "SECONDS", "kill a probe program after this long (default 30)"),
		OPT_NO_PROGRESS(&vo->no_progress),
		OPT_GROUP("Output"),
		OPT_FORMAT(&vo->format, "text (default), json or html (the grid of configurations, each cell linked to its detail)"),
		OPT_JSON(&vo->format),
		OPT_QUIET(&vo->quiet, "text: the verdict line only; no progress line"),
		OPT_VERBOSE(&vo->verbose, "text: also the tables (as --details)"),
		OPT_COLOR(&vo->color),
		OPT_BOOL(0, "details", &vo->details, "also print the tables: every probe in every configuration"),
		OPT_STRING(0, "report", &vo->report, "FILE", "also write the report with the tables to FILE"),
		OPT_STRING(0, "emit-header", &vo->header, "FILE", "write a header that #errors on a build matching no configuration verified ok"),
		OPT_EXIT_STATUS("0 every configuration ok; 1 violations: a library probe was not one access in some configuration; 2 trouble: a configuration could not be built or traced, a bad probe file or option, an unwritable --report or --emit-header, or nothing checked (every probe unobservable everywhere)."),
		OPT_END(),
	};

	memset(vo, 0, sizeof(*vo));
	vo->backend = "both";
	vo->timeout_s = 30;
	vo->format = "text";
	argc = parse_options(argc, argv, opts, verify_usage);
	if (strcmp(vo->format, "text") && strcmp(vo->format, "json") &&
	    strcmp(vo->format, "html")) {
		error("--format: '%s' is not a format of verify (text, json or "
		      "html)", vo->format);
		usage_with_options(verify_usage, opts);
	}
	if (vo->verbose)
		vo->details = 1;
	if (argc > 0) {
		error("unexpected argument '%s' (probe files go after --probes)", argv[0]);
		usage_with_options(verify_usage, opts);
	}
	if (vo->timeout_s <= 0 || vo->timeout_s > 3600)
		die("--timeout: %d is not between 1 and 3600 seconds", vo->timeout_s);
	if (strcmp(vo->backend, "both") && strcmp(vo->backend, "volatile") &&
	    strcmp(vo->backend, "atomic"))
		die("--backend: '%s' is not volatile, atomic or both", vo->backend);
}

static void list_probes(const struct probe_set *set)
{
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe *p = &set->p[i];
		struct strbuf sb = STRBUF_INIT;

		probe_format_expect(p, &sb);
		fput_visible_line(stdout, "%-28s %-8s %-24s %s:%u%s%s", p->name,
		       p->control ? "control" : "library", sb.buf, p->file,
		       p->line, p->about ? "  " : "", p->about ? p->about : "");
		strbuf_release(&sb);
	}
}

static int select_probes(struct probe_set *set, const struct strlist *only)
{
	size_t kept = 0;

	if (!only->nr)
		return 0;
	for (size_t i = 0; i < set->nr; i++) {
		int keep = 0;

		for (size_t j = 0; j < only->nr && !keep; j++)
			keep = !fnmatch(only->items[j], set->p[i].name, 0);
		if (keep) {
			set->p[kept++] = set->p[i];
		} else {
			free(set->p[i].name);
			free(set->p[i].object);
			free(set->p[i].about);
			free(set->p[i].exp);
		}
	}
	set->nr = kept;
	if (!kept)
		return error("--only: no probe matches");
	return 0;
}

/*
 * The probes, first: a bad annotation or an unwritable --emit-header or
 * --report is said before anything runs.  0, or -1 after error().
 */
static int plan_probes(struct verify_plan *plan, const struct verify_options *vo)
{
	struct strbuf err = STRBUF_INIT;

	plan->run.timeout_ms = (unsigned)vo->timeout_s * 1000;
	plan->run.want_macros = vo->header != NULL;
	libexec_data_dirs(&plan->run.probes_dir, &plan->run.include_dir);
	/* Not after minutes of work: an unwritable header is said now. */
	if (vo->header && header_check_writable(vo->header))
		return -1;
	if (vo->report && header_check_writable(vo->report))
		return -1;
	if (!vo->no_builtin)
		for (size_t i = 0; i < ARRAY_SIZE(builtin_probes); i++) {
			char *path = xasprintf("%s/%s", plan->run.probes_dir,
					       builtin_probes[i]);

			if (probes_parse_file(&plan->set, path, &err))
				die("%s (the built-in probes; set RWONCE_PROBES_DIR?)", err.buf);
			free(path);
		}
	for (size_t i = 0; i < vo->probe_files.nr; i++)
		if (probes_parse_file(&plan->set, vo->probe_files.items[i], &err))
			die("%s", err.buf);
	if (!plan->set.nr)
		die("no probes to run (--no-builtin without --probes)");
	return select_probes(&plan->set, &vo->only);
}

/* tcc has no __atomic builtins: the header refuses that backend. */
static int backend_builds(const struct build_config *c)
{
	return !(c->variant == BACKEND_ATOMIC && c->cc->family == CC_TCC);
}

/*
 * The configurations: compiler, target, flags, level, backend -- in that
 * order, so that the table shows one compiler x target x flags group a
 * row.  0, or -1 after error().
 */
static int plan_configs(struct verify_plan *plan, struct verify_options *vo)
{
	static const struct grid_variant backends[] = {
		{ BACKEND_VOLATILE, "" }, { BACKEND_ATOMIC, "atomic" },
	};
	struct grid_request *rq = &vo->grid;

	rq->default_levels = "0 1 2 3 s";
	rq->variants = !strcmp(vo->backend, "atomic") ? &backends[1] : backends;
	rq->nr_variants = !strcmp(vo->backend, "both") ? 2 : 1;
	rq->order = NULL; /* compiler, target, flags, level, backend */
	rq->keep = backend_builds;
	if (grid_expand(&plan->grid, rq))
		return -1;
	if (!plan->grid.nr)
		die("nothing to run (tcc has no atomic backend)");
	return 0;
}

/* The plan: the probes, then (not for --list) the configurations.
 * 0, or -1 after error(). */
static int verify_plan(struct verify_plan *plan, struct verify_options *vo)
{
	if (plan_probes(plan, vo))
		return -1;
	return vo->list ? 0 : plan_configs(plan, vo);
}

static void run_one(size_t i, void *worker, void *ctx)
{
	struct verify_plan *plan = ctx;

	(void)worker;
	run_config(&plan->grid.cfg[i], &plan->set, &plan->run, &plan->res[i]);
}

/* "[n/N] label" on a terminal (lib/progress.h) */
static void show_progress(size_t i, size_t nr_done, void *ctx)
{
	struct verify_plan *plan = ctx;

	progress_show(1, "[%zu/%zu] %s", nr_done, plan->grid.nr,
		      plan->grid.cfg[i].label);
}

/* Every configuration on -j workers, its result by index. */
static void verify_run(struct verify_plan *plan, const struct verify_options *vo)
{
	plan->res = xcalloc(plan->grid.nr, sizeof(*plan->res));
	/* A long run says where it is, on a terminal only. */
	progress_start(plan->grid.nr > 1 && !vo->quiet && !vo->no_progress, 0);
	pool_run(plan->grid.nr, run_one, &(struct pool_options){
		.jobs = vo->jobs, .ctx = plan, .done = show_progress });
	progress_stop();
}

/* Trouble: one message per distinct cause.  EXIT_TROUBLE when there was
 * any (also when only some probe files did not compile). */
static int report_trouble(const struct verify_plan *plan)
{
	const struct config_result *res = plan->res;
	size_t nr = plan->grid.nr;
	int ret = EXIT_CLEAN;

	for (size_t i = 0; i < nr; i++) {
		size_t same = 0;
		int seen = 0;

		if (!res[i].trouble)
			continue;
		ret = EXIT_TROUBLE;
		for (size_t k = 0; k < i && !seen; k++)
			seen = res[k].trouble && !strcmp(res[k].trouble, res[i].trouble);
		if (seen)
			continue;
		for (size_t k = i + 1; k < nr; k++)
			same += res[k].trouble && !strcmp(res[k].trouble, res[i].trouble);
		if (same)
			error("%s (and %zu more configurations): %s",
			      plan->grid.cfg[i].label, same, res[i].trouble);
		else
			error("%s: %s", plan->grid.cfg[i].label, res[i].trouble);
	}
	return ret;
}

/* The report in the format asked for, the header; the exit status. */
static int verify_report(const struct verify_plan *plan,
			 const struct verify_options *vo)
{
	const struct build_config *cfg = plan->grid.cfg;
	size_t nr = plan->grid.nr;
	int ret = report_trouble(plan);
	int text = !strcmp(vo->format, "text");

	if (ret != EXIT_TROUBLE)
		for (size_t i = 0; i < nr; i++)
			if (plan->res[i].state == CONFIG_VIOLATIONS)
				ret = EXIT_FINDINGS;
	/* Unobservable everywhere is not a clean run: name each such
	 * configuration; with none checked at all, the run is trouble. */
	for (size_t i = 0; i < nr; i++)
		if (verify_config_unchecked(&plan->res[i], &plan->set))
			warning("%s: not checked: the tracer could not see any "
				"access of any probe (all unobservable)",
				cfg[i].label);
	if (ret != EXIT_TROUBLE && !verify_nr_checked(plan->res, nr, &plan->set)) {
		error("nothing was checked: in no configuration could the "
		      "tracer see the probes' accesses");
		ret = EXIT_TROUBLE;
	}
	if (!strcmp(vo->format, "json"))
		report_json(stdout, cfg, nr, plan->res, &plan->set);
	else if (!strcmp(vo->format, "html") &&
		 report_html(stdout, cfg, nr, plan->res, &plan->set))
		ret = EXIT_TROUBLE;
	if (text && vo->quiet)
		printf("verdict: %s\n", ret == EXIT_TROUBLE ? "TROUBLE" :
		       ret == EXIT_FINDINGS ? "VIOLATIONS" : "ok");
	if (((text && !vo->quiet) || vo->report) &&
	    report_text(text && !vo->quiet ? stdout : NULL, cfg, nr, plan->res,
			&plan->set, color_wanted(vo->color, 1), vo->details,
			vo->report))
		ret = EXIT_TROUBLE;
	fflush(stdout);
	if (vo->header && ret != EXIT_TROUBLE &&
	    report_header(vo->header, cfg, nr, plan->res, &plan->set))
		ret = EXIT_TROUBLE;
	else if (vo->header && ret == EXIT_TROUBLE)
		error("not writing %s: some configurations could not be checked",
		      vo->header);
	return ret;
}

static void plan_release(struct verify_plan *plan)
{
	for (size_t i = 0; plan->res && i < plan->grid.nr; i++)
		config_result_release(&plan->res[i], plan->set.nr);
	free(plan->res);
	grid_release(&plan->grid);
	probe_set_release(&plan->set);
}

int cmd_verify(int argc, const char **argv)
{
	struct verify_options vo;
	struct verify_plan plan;
	int ret = EXIT_TROUBLE;

	memset(&plan, 0, sizeof(plan));
	verify_parse(argc, argv, &vo);
	if (verify_plan(&plan, &vo))
		goto out;
	if (vo.list) {
		list_probes(&plan.set);
		ret = EXIT_CLEAN;
		goto out;
	}
	verify_run(&plan, &vo);
	ret = verify_report(&plan, &vo);
out:
	plan_release(&plan);
	grid_request_release(&vo.grid);
	return ret;
}
