/*
 * rwonce fuzz: random differential testing of volatile accesses.  Csmith
 * writes a program per seed; every configuration (compiler x target x
 * level, src/compilers/grid.h) compiles and runs it under the tracer;
 * each configuration's accesses to the volatile objects are compared with
 * the reference (the first configuration of its target that ran).  This
 * file is the command: it reads the command line into a plan (the tools,
 * the configurations, the seeds not done yet), runs the campaign
 * (campaign.c), and reports the results folder (results.c), reducing its
 * bugs when asked (reduce.c).  --merge and --check-one are merge.c's and
 * check-one.c's.
 */
#include "fuzz/fuzz.h"
#include "lib/libexec.h"
#include "lib/parse-options.h"
#include "lib/run-command.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const fuzz_usage[] = {
	"rwonce fuzz [--mode volatile|once] [--cc CC...] [--target T...] [--opt LEVELS] [--seeds A-B | --count N] [-j N] [--shard K/N] [--reduce] [--out DIR]",
	"rwonce fuzz --merge DIR...",
	"rwonce fuzz --check-one [--mode once [--variant rwonce.h|volatile-cast]] --ref CC:TARGET:OPT --bad CC:TARGET:OPT (--expect CLASS | --expect-site torn|widened) FILE.c",
	NULL
};

/* What the command line asked for. */
struct fuzz_options {
	struct grid_request grid;
	struct strlist csmith_in;
	const char *seeds_s, *shard_s, *out, *mode_s;
	const char *format;     /* --format, --json: text or json */
	int quiet, verbose, color;
	int count, jobs, reduce, merge, check_one, no_progress;
	int timeout_s, compile_timeout_s, max_funcs, no_trace;
	uint64_t first, last;   /* the seeds */
	unsigned shard_k, shard_n;
	int once;
};

/* What the campaign runs with. */
struct fuzz_plan {
	struct grid grid;
	struct oracle_opts oo;
	struct gen_opts go;
	struct strlist csmith_words;
	uint64_t *seeds;
	size_t nr_seeds;
	struct campaign_plan cp;
};

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -1 : 0;
}

/* "--seeds 1-100" (or one seed "7"). */
static int parse_seed_range(const char *s, uint64_t *a, uint64_t *b)
{
	const char *dash = strchr(s, '-');
	char *first = dash ? xstrndup(s, dash - s) : xstrdup(s);
	int bad = parse_u64(first, a) || parse_u64(dash ? dash + 1 : s, b) || *a > *b;

	free(first);
	if (bad)
		return error("--seeds: '%s' is not a range A-B of seeds with A <= B", s);
	if (*b - *a >= 100000000)
		return error("--seeds: '%s' is more than 100000000 seeds", s);
	return 0;
}

static int parse_shard(const char *s, unsigned *k, unsigned *n)
{
	char tail;

	if (sscanf(s, "%u/%u%c", k, n, &tail) != 2 || !*n || !*k || *k > *n)
		return error("--shard: '%s' is not K/N with 1 <= K <= N", s);
	return 0;
}

/* --check-one has options of its own: it gets the whole command line. */
static int wants_check_one(int argc, const char **argv)
{
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--check-one"))
			return 1;
	return 0;
}

/*
 * The options into *fo; the arguments left (--merge's folders) are moved
 * to argv[0..] and counted in the return value.  Dies on a bad option;
 * -1 after error() for a bad seed range or shard.
 */
static int fuzz_parse(int argc, const char **argv, struct fuzz_options *fo)
{
	struct option opts[] = {
		OPT_GRID(&fo->grid, "0,2"),
		OPT_GROUP("What to compare"),
		OPT_STRING(0, "mode", &fo->mode_s, "MODE", "volatile (default), or once: also convert Csmith's ACCESS_ONCE marks to rwonce.h and check them"),
		OPT_STRING(0, "seeds", &fo->seeds_s, "A-B", "Csmith seeds A to B"),
		OPT_INT(0, "count", &fo->count, "N", "seeds 1 to N"),
		OPT_INT(0, "max-funcs", &fo->max_funcs, "N", "Csmith functions per program (default 3)"),
		OPT_LIST(0, "csmith-option", &fo->csmith_in, "'OPT [VALUE]'", "more Csmith options (repeatable; split on blanks)"),
		OPT_GROUP("How"),
		OPT_JOBS(&fo->jobs, "programs", "1"),
		OPT_STRING(0, "shard", &fo->shard_s, "K/N", "only the seeds s with s % N == K - 1"),
		OPT_INT(0, "timeout", &fo->timeout_s, "SECONDS", "kill a traced program after this long (default 30)"),
		OPT_INT(0, "compile-timeout", &fo->compile_timeout_s, "SECONDS", "kill a compiler after this long (default 120)"),
		OPT_BOOL(0, "no-trace", &fo->no_trace, "compare checksums only, without the tracer"),
		OPT_BOOL(0, "reduce", &fo->reduce, "reduce each bug with C-Vise into OUT/reduced/"),
		OPT_NO_PROGRESS(&fo->no_progress),
		OPT_GROUP("Output"),
		OPT_FORMAT(&fo->format, "text (default: the summary table) or json (every result, with the counts)"),
		OPT_JSON(&fo->format),
		OPT_QUIET(&fo->quiet, "no progress line and no totals; of the summary only the lines of the bugs and of the runs in trouble"),
		OPT_VERBOSE(&fo->verbose, "a line on stderr per program as it finishes (instead of the progress line)"),
		OPT_COLOR(&fo->color),
		OPT_STRING(0, "out", &fo->out, "DIR", "results folder (default fuzz-out); a rerun resumes"),
		OPT_BOOL(0, "merge", &fo->merge, "summarise the results folders given as arguments"),
		OPT_BOOL(0, "check-one", &fo->check_one, "the interestingness test --reduce runs (see rwonce-fuzz(1))"),
		OPT_EXIT_STATUS("0 no bugs; 1 bugs: a configuration's accesses to a volatile object differ from the reference (count, order, torn, widened), or a marked site torn or widened in --mode once; 2 trouble: Csmith or a compiler missing, a bad option, an unusable --out or results file, nothing checked (no program in --out or the folders merged was compiled, run and compared), a failed --reduce."),
		OPT_END(),
	};

	memset(fo, 0, sizeof(*fo));
	fo->out = "fuzz-out";
	fo->format = "text";
	fo->mode_s = "volatile";
	fo->jobs = 1;
	fo->timeout_s = 30;
	fo->compile_timeout_s = 120;
	fo->max_funcs = 3;
	fo->first = 1;
	fo->shard_k = fo->shard_n = 1;
	argc = parse_options(argc, argv, opts, fuzz_usage);
	if (strcmp(fo->format, "text") && strcmp(fo->format, "json")) {
		error("--format: '%s' is not a format of fuzz (text or json)",
		      fo->format);
		usage_with_options(fuzz_usage, opts);
	}
	if (fo->merge)
		return argc;
	if (argc > 0) {
		error("unexpected argument '%s'", argv[0]);
		usage_with_options(fuzz_usage, opts);
	}
	if (fo->seeds_s && fo->count)
		die("--seeds and --count cannot be used together");
	if (fo->seeds_s && parse_seed_range(fo->seeds_s, &fo->first, &fo->last))
		return -1;
	if (!fo->seeds_s) {
		if (fo->count < 0 || fo->count > 100000000)
			die("--count: %d is not between 1 and 100000000", fo->count);
		fo->last = fo->count ? (uint64_t)fo->count : 10;
	}
	if (fo->shard_s && parse_shard(fo->shard_s, &fo->shard_k, &fo->shard_n))
		return -1;
	if (fo->timeout_s <= 0 || fo->timeout_s > 3600 || fo->compile_timeout_s <= 0 ||
	    fo->compile_timeout_s > 3600)
		die("--timeout/--compile-timeout: not between 1 and 3600 seconds");
	if (fo->max_funcs < 1 || fo->max_funcs > 50)
		die("--max-funcs: %d is not between 1 and 50", fo->max_funcs);
	fo->once = fuzz_mode_is_once(fo->mode_s);
	return 0;
}

/* What is missing, before any work: Csmith, its headers, rwonce.h in
 * --mode once, a writable --out.  0, or -1 after error(). */
static int plan_tools(struct fuzz_plan *plan, const struct fuzz_options *fo)
{
	struct strbuf why = STRBUF_INIT;

	if (!program_exists("csmith"))
		die("csmith not found in PATH: rwonce fuzz generates its programs with Csmith (apt-get install csmith)");
	plan->oo.include_dir = csmith_include_dir(&why);
	if (!plan->oo.include_dir)
		die("%s", why.buf);
	plan->oo.run_timeout_ms = (unsigned)fo->timeout_s * 1000;
	plan->oo.compile_timeout_ms = (unsigned)fo->compile_timeout_s * 1000;
	plan->go.timeout_ms = 60000;
	plan->go.max_funcs = fo->max_funcs;
	plan->go.access_once = fo->once;
	if (fo->once) {
		const char *probes;

		libexec_data_dirs(&probes, &plan->oo.rwonce_include_dir);
	}
	for (size_t i = 0; i < fo->csmith_in.nr; i++)
		strlist_split_blanks(&plan->csmith_words, fo->csmith_in.items[i]);
	plan->go.extra = &plan->csmith_words;
	return results_prepare(fo->out);
}

/* tcc compiles only for this machine: left out of the other targets
 * rather than failing the run. */
static int compiles_here(const struct build_config *c)
{
	return !(c->cc->family == CC_TCC && c->target != target_native());
}

/*
 * The configurations, by target: in --mode once first every one on the
 * program converted to rwonce.h, then every one again on Csmith's own
 * volatile-cast program (so that a converted run is the reference when
 * there is one).  0, or -1 after error().
 */
static int plan_configs(struct fuzz_plan *plan, struct fuzz_options *fo)
{
	static const struct grid_variant csmith[] = { { VARIANT_CSMITH, "" } };
	static const struct grid_variant once[] = {
		{ VARIANT_RWONCE_H, "rwonce.h" },
		{ VARIANT_VOLATILE_CAST, "volatile-cast" },
	};
	static const enum grid_axis by_target[GRID_AXES] = {
		GRID_TARGET, GRID_VARIANT, GRID_COMPILER, GRID_FLAGS, GRID_LEVEL,
	};
	struct grid_request *rq = &fo->grid;

	rq->default_levels = "0 2";
	rq->variants = fo->once ? once : csmith;
	rq->nr_variants = fo->once ? ARRAY_SIZE(once) : ARRAY_SIZE(csmith);
	rq->order = by_target;
	rq->keep = compiles_here;
	if (grid_expand(&plan->grid, rq))
		return -1;
	if (!plan->grid.nr)
		die("no configuration to run");
	return 0;
}

/* The seeds: the range, this shard, minus those already in --out (in
 * this mode: a seed done in the other mode is another program). */
static int plan_seeds(struct fuzz_plan *plan, const struct fuzz_options *fo)
{
	struct result_set done = { 0 };

	if (results_load(&done, fo->out, 1))
		return -1;
	for (uint64_t s = fo->first; s <= fo->last; s++) {
		int have = 0;

		if (s % fo->shard_n != fo->shard_k - 1)
			continue;
		for (size_t i = 0; i < done.nr && !have; i++)
			have = done.l[i].seed == s &&
			       !strcmp(done.l[i].mode ? done.l[i].mode : "volatile",
				       fo->mode_s);
		if (have)
			continue;
		plan->seeds = xrealloc(plan->seeds, (plan->nr_seeds + 1) * sizeof(*plan->seeds));
		plan->seeds[plan->nr_seeds++] = s;
	}
	results_release(&done);

	plan->cp.cfg = plan->grid.cfg;
	plan->cp.nr_cfg = plan->grid.nr;
	plan->cp.seeds = plan->seeds;
	plan->cp.nr_seeds = plan->nr_seeds;
	plan->cp.oo = &plan->oo;
	plan->cp.go = &plan->go;
	plan->cp.out_dir = fo->out;
	plan->cp.mode = fo->once ? "once" : NULL;
	plan->cp.jobs = fo->jobs;
	plan->cp.no_trace = fo->no_trace;
	plan->cp.quiet = fo->quiet;
	plan->cp.verbose = fo->verbose;
	plan->cp.no_progress = fo->no_progress;
	return 0;
}

/* The plan: the tools, the configurations, the seeds not done yet.
 * 0, or -1 after error(). */
static int fuzz_plan(struct fuzz_plan *plan, struct fuzz_options *fo)
{
	if (plan_tools(plan, fo) || plan_configs(plan, fo) ||
	    plan_seeds(plan, fo))
		return -1;
	return 0;
}

/* Every seed under every configuration, into --out (campaign.c). */
static void fuzz_run(const struct fuzz_plan *plan)
{
	campaign_run(&plan->cp);
}

/* The summary of everything in --out, this run and earlier ones; then
 * --reduce.  The exit status. */
static int fuzz_report(const struct fuzz_plan *plan,
		       const struct fuzz_options *fo)
{
	struct result_set set = { 0 };
	size_t bugs;
	int ret;

	if (results_load(&set, fo->out, 0))
		return EXIT_TROUBLE;
	results_sort(&set);
	bugs = results_report(stdout, &set, fo->format, fo->quiet);
	fflush(stdout);
	ret = bugs ? EXIT_FINDINGS : EXIT_CLEAN;
	/* nothing checked is not clean: no program in --out, from this run
	 * or an earlier one (a shard without seeds, a range all done in
	 * another mode's folder) */
	if (!set.nr) {
		error("nothing checked: no program in %s (this run had %zu "
		      "seed%s to run)", fo->out, plan->nr_seeds,
		      plan->nr_seeds == 1 ? "" : "s");
		ret = EXIT_TROUBLE;
	} else if (results_nothing_checked(&set, fo->out)) {
		ret = EXIT_TROUBLE;
	}
	if (fo->reduce && reduce_results(&plan->cp, &set, plan->oo.rwonce_include_dir))
		ret = EXIT_TROUBLE;
	results_release(&set);
	return ret;
}

static void plan_release(struct fuzz_plan *plan)
{
	grid_release(&plan->grid);
	strlist_clear(&plan->csmith_words);
	free(plan->seeds);
}

int cmd_fuzz(int argc, const char **argv)
{
	struct fuzz_options fo;
	struct fuzz_plan plan;
	int ret = EXIT_TROUBLE;

	if (wants_check_one(argc, argv))
		return fuzz_check_one(argc, argv);
	argc = fuzz_parse(argc, argv, &fo);
	if (fo.merge)
		return fuzz_merge(argc, argv, fo.format, fo.quiet);
	memset(&plan, 0, sizeof(plan));
	if (argc < 0 || fuzz_plan(&plan, &fo))
		goto out;
	fuzz_run(&plan);
	ret = fuzz_report(&plan, &fo);
out:
	plan_release(&plan);
	grid_request_release(&fo.grid);
	strlist_clear(&fo.csmith_in);
	return ret;
}
