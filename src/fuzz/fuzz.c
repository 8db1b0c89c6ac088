/*
 * rwonce fuzz: random differential testing of volatile accesses.  Csmith
 * writes a program per seed; every configuration (compiler x target x
 * level) compiles and runs it under the tracer; each configuration's
 * accesses to the volatile objects are compared with the reference (the
 * first configuration of its target that ran).  This file turns the
 * command line into configurations and seeds and runs seeds on -j
 * workers; the other files of src/fuzz/ do the rest (see fuzz.h).
 */
#include "fuzz/fuzz.h"
#include "lib/clock.h"
#include "lib/parse-options.h"
#include "lib/run-command.h"
#include "lib/tempdir.h"
#include "verify/dirs.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const fuzz_usage[] = {
	"rwonce fuzz [--mode volatile|once] [--cc CC...] [--target T...] [--opt LEVELS] [--seeds A-B | --count N] [-j N] [--shard K/N] [--reduce] [--out DIR]",
	"rwonce fuzz --merge DIR...",
	"rwonce fuzz --check-one [--mode once [--variant rwonce.h|volatile-cast]] --ref CC:TARGET:OPT --bad CC:TARGET:OPT (--expect CLASS | --expect-site torn|widened) FILE.c",
	NULL
};


static int make_config(struct fuzz_config *c, struct compiler *cc,
		       const struct target *t, const char *opt,
		       const char *tracer, enum fuzz_variant variant)
{
	struct strbuf why = STRBUF_INIT;

	c->cc = cc;
	c->target = t;
	c->opt = opt;
	c->driver = compiler_driver(cc, t);
	if (!c->driver)
		return -1;
	if (tracer_choose(t, tracer, &c->tracer, &why)) {
		error("%s", why.buf);
		strbuf_release(&why);
		return -1;
	}
	c->variant = variant;
	c->label = xasprintf("%s %s %s%s", cc->name, t->name, opt,
			     variant == VARIANT_RWONCE_H ? " rwonce.h" :
			     variant == VARIANT_VOLATILE_CAST ? " volatile-cast" : "");
	return 0;
}

int fuzz_config_from_spec(const char *spec, struct fuzz_config *c)
{
	const char *a = strchr(spec, ':'), *b = a ? strchr(a + 1, ':') : NULL;
	struct compiler *cc;
	const struct target *t;

	if (!a || !b)
		return error("'%s' is not CC:TARGET:OPT", spec);
	cc = xcalloc(1, sizeof(*cc));
	cc->name = xstrndup(spec, a - spec);
	{
		char *tn = xstrndup(a + 1, b - a - 1);
		t = target_find(tn);
		if (!t) {
			error("'%s': unknown target '%s'", spec, tn);
			free(tn);
			return -1;
		}
		free(tn);
	}
	if (compiler_identify(cc))
		return -1;
	return make_config(c, cc, t, b + 1, NULL, VARIANT_CSMITH);
}

/* The campaign, shared by the workers. */
struct campaign {
	pthread_mutex_t lock;
	uint64_t *seeds;
	size_t nr_seeds, next, done;
	struct fuzz_config *cfg;
	size_t nr_cfg;
	const struct oracle_opts *oo;
	const struct gen_opts *go;
	const char *out_dir;
	int results_fd, times_fd;
	int progress, no_trace;
	const char *mode;       /* NULL, or "once" */
	double gen_s, compile_s, trace_s; /* summed over programs */
};

static void write_all(int fd, const char *path, const struct strbuf *sb)
{
	size_t off = 0;

	while (off < sb->len) {
		ssize_t n = write(fd, sb->buf + off, sb->len - off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			die_errno("cannot write %s", path);
		off += (size_t)n;
	}
}

/* One configuration per compiler and level on target t, appended to
 * cp->cfg. */
static int add_configs(struct campaign *cp, struct compiler *compilers,
		       size_t nr_cc, const struct target *t,
		       const struct strlist *levels, const char *tracer,
		       enum fuzz_variant variant)
{
	for (size_t ci = 0; ci < nr_cc; ci++) {
		/* tcc compiles only for this machine: left out of the
		 * other targets rather than failing the run. */
		if (compilers[ci].family == CC_TCC && t != target_native())
			continue;
		for (size_t li = 0; li < levels->nr; li++) {
			cp->cfg = xrealloc(cp->cfg, (cp->nr_cfg + 1) * sizeof(*cp->cfg));
			memset(&cp->cfg[cp->nr_cfg], 0, sizeof(*cp->cfg));
			if (make_config(&cp->cfg[cp->nr_cfg], &compilers[ci], t,
					levels->items[li], tracer, variant))
				return -1;
			cp->nr_cfg++;
		}
	}
	return 0;
}

static void keep_program(const struct campaign *cp, uint64_t seed,
			 const char *src, const char *suffix)
{
	char *dir = xasprintf("%s/programs", cp->out_dir);
	char *dst = xasprintf("%s/seed-%" PRIu64 "%s.c", dir, seed, suffix);
	size_t len;
	char *text = read_file(src, &len);
	FILE *f;

	if (mkdir(dir, 0777) && errno != EEXIST)
		die_errno("cannot create %s", dir);
	f = fopen(dst, "w");
	if (!text || !f || fwrite(text, 1, len, f) != len || fclose(f))
		die_errno("cannot write %s", dst);
	free(text);
	free(dir);
	free(dst);
}

/* --mode once: the converted program next to Csmith's, and the marks of
 * both.  0, or -1 with *why. */
struct once_program {
	char *conv_src;
	struct once_marks raw, conv;
	size_t converted, left;
};

static int once_prepare(struct once_program *op, const char *src,
			const char *dir, uint64_t seed, struct strbuf *why)
{
	char *text = read_file(src, NULL);
	struct strbuf out = STRBUF_INIT;
	FILE *f;
	int ret = -1;

	if (!text) {
		strbuf_addf(why, "cannot read %s", src);
		return -1;
	}
	op->conv_src = xasprintf("%s/seed-%" PRIu64 "-rwonce.c", dir, seed);
	if (once_convert(text, &out, &op->converted, &op->left, why))
		goto out;
	f = fopen(op->conv_src, "w");
	if (!f || fwrite(out.buf, 1, out.len, f) != out.len || fclose(f)) {
		strbuf_addf(why, "cannot write %s", op->conv_src);
		goto out;
	}
	once_marks_parse(&op->raw, text);
	once_marks_parse(&op->conv, out.buf);
	ret = 0;
out:
	strbuf_release(&out);
	free(text);
	return ret;
}

static void once_release(struct once_program *op)
{
	free(op->conv_src);
	once_marks_release(&op->raw);
	once_marks_release(&op->conv);
}

/*
 * Csmith's programs may run for hours, and one that outlives the timeout
 * under the tracer does so in every configuration: each of a campaign's
 * 25 configurations then waits out the full timeout, 12 minutes of a core
 * for a program no configuration can compare.  When two configurations of
 * configuration i's target have run out of time on the program and none
 * has run it to the end, the program is taken for endless and i is not
 * run; the answer names the two.  One timeout is not enough: -O0 may be
 * slow where -O2 is not.
 */
static char *endless_after(const struct campaign *cp, const struct run *runs, size_t i)
{
	const struct target *t = cp->cfg[i].target;
	size_t timed_out[2], n = 0;

	for (size_t k = 0; k < i; k++) {
		if (cp->cfg[k].target != t)
			continue;
		if (runs[k].status == RUN_OK)
			return NULL;
		if (runs[k].status == RUN_PROGRAM_TIMEOUT && n < 2)
			timed_out[n++] = k;
	}
	if (n < 2)
		return NULL;
	return xasprintf("not run: the program looks endless (%s and %s ran out of time, none ran it to the end)",
			 cp->cfg[timed_out[0]].label, cp->cfg[timed_out[1]].label);
}

static void run_seed(struct campaign *cp, uint64_t seed)
{
	const char *dir = tempdir_create("fuzz");
	char *src = xasprintf("%s/seed-%" PRIu64 ".c", dir, seed);
	struct strbuf why = STRBUF_INIT, lines = STRBUF_INIT, times = STRBUF_INIT;
	struct run *runs = xcalloc(cp->nr_cfg, sizeof(*runs));
	double t0 = now_seconds(), gen_s, compile_s = 0, trace_s = 0;
	int interesting = 0;
	struct once_program op;

	memset(&op, 0, sizeof(op));
	if (generate_program(seed, cp->go, src, &why) ||
	    (cp->mode && once_prepare(&op, src, dir, seed, &why))) {
		struct result_line l = { seed, "-", "generator-failed", "not-run",
					 "", 0, why.buf, (char *)cp->mode, 0, 0, 0,
					 "none", "" };
		result_format(&lines, &l);
		gen_s = now_seconds() - t0;
		goto write;
	}
	gen_s = now_seconds() - t0;
	for (size_t i = 0; i < cp->nr_cfg; i++) {
		const struct fuzz_config *c = &cp->cfg[i];
		char *endless = endless_after(cp, runs, i);

		if (endless) {
			runs[i].status = RUN_SKIPPED_ENDLESS;
			runs[i].detail = endless;
			continue;
		}
		if (cp->no_trace)
			oracle_run_untraced(c, c->variant == VARIANT_RWONCE_H ?
					    op.conv_src : src, dir, cp->oo, &runs[i]);
		else if (c->variant == VARIANT_RWONCE_H)
			oracle_run_marked(c, op.conv_src, dir, cp->oo, &op.conv, &runs[i]);
		else if (c->variant == VARIANT_VOLATILE_CAST)
			oracle_run_marked(c, src, dir, cp->oo, &op.raw, &runs[i]);
		else
			oracle_run(c, src, dir, cp->oo, &runs[i]);
		compile_s += runs[i].compile_s;
		trace_s += runs[i].trace_s;
	}
	{
		char *text = read_file(src, NULL);

		for (size_t i = 0; i < cp->nr_cfg; i++) {
			const struct target *t = cp->cfg[i].target;
			struct volobjs objs = { 0 };
			struct verdict v = { 0 };
			size_t ref = cp->nr_cfg;
			struct result_line l;

			/* The reference: the first configuration of this
			 * target that ran the program. */
			for (size_t k = 0; k < cp->nr_cfg && ref == cp->nr_cfg; k++)
				if (cp->cfg[k].target == t && runs[k].status == RUN_OK)
					ref = k;
			volobjs_parse(&objs, text ? text : "", t->word_size);
			if (ref == i)
				v.cls = VC_REFERENCE;
			else if (ref == cp->nr_cfg || runs[i].status != RUN_OK)
				v.cls = VC_NOT_RUN;
			else
				classify(&runs[ref], &runs[i], &objs, &v);
			if (v.cls != VC_SAME && v.cls != VC_REFERENCE &&
			    !(v.cls == VC_NOT_RUN && (runs[i].status == RUN_PROGRAM_TIMEOUT ||
						      runs[i].status == RUN_SKIPPED_ENDLESS)))
				interesting = 1;
			memset(&l, 0, sizeof(l));
			l.seed = seed;
			l.config = cp->cfg[i].label;
			l.status = (char *)run_status_name(runs[i].status);
			l.verdict = (char *)verdict_class_name(v.cls);
			l.checksum = runs[i].checksum ? runs[i].checksum : "";
			l.accesses = runs[i].nr;
			l.detail = v.detail ? v.detail : runs[i].detail ? runs[i].detail : "";
			if (cp->mode) {
				l.mode = (char *)cp->mode;
				l.converted = op.converted;
				l.left = op.left;
				l.site_accesses = runs[i].site_accesses;
				l.site_verdict = (char *)site_class_name(&runs[i]);
				l.site_detail = runs[i].site_detail ? runs[i].site_detail : "";
				if (strcmp(l.site_verdict, "ok") && strcmp(l.site_verdict, "none"))
					interesting = 1;
			}
			result_format(&lines, &l);
			free(v.detail);
			volobjs_release(&objs);
		}
		free(text);
	}
	if (interesting) {
		keep_program(cp, seed, src, "");
		if (cp->mode)
			keep_program(cp, seed, op.conv_src, "-rwonce");
	}
write:
	strbuf_addf(&times, "{\"seed\":%" PRIu64 ",\"generate_s\":%.3f,\"compile_s\":%.3f,\"%s_s\":%.3f}\n",
		    seed, gen_s, compile_s, cp->no_trace ? "run" : "trace", trace_s);
	pthread_mutex_lock(&cp->lock);
	write_all(cp->results_fd, RESULTS_FILE, &lines);
	write_all(cp->times_fd, "times.jsonl", &times);
	cp->gen_s += gen_s;
	cp->compile_s += compile_s;
	cp->trace_s += trace_s;
	cp->done++;
	if (cp->progress)
		fprintf(stderr, "\r\033[K[%zu/%zu] seed %" PRIu64, cp->done,
			cp->nr_seeds, seed);
	pthread_mutex_unlock(&cp->lock);
	for (size_t i = 0; i < cp->nr_cfg; i++)
		run_release(&runs[i]);
	free(runs);
	once_release(&op);
	strbuf_release(&why);
	strbuf_release(&lines);
	strbuf_release(&times);
	free(src);
	tempdir_remove(dir);
}

static void *worker(void *arg)
{
	struct campaign *cp = arg;

	for (;;) {
		size_t i;

		pthread_mutex_lock(&cp->lock);
		i = cp->next++;
		pthread_mutex_unlock(&cp->lock);
		if (i >= cp->nr_seeds)
			return NULL;
		run_seed(cp, cp->seeds[i]);
	}
}

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

/* Make DIR if needed and prove it writable before any work. */
static int prepare_out(const char *dir)
{
	char *probe;
	int fd;
	char block[4096];

	if (mkdir(dir, 0777) && errno != EEXIST)
		return error("--out %s: cannot create it: %s", dir, strerror(errno));
	probe = xasprintf("%s/.rwonce-write-test", dir);
	memset(block, '\n', sizeof(block));
	fd = open(probe, O_WRONLY | O_CREAT | O_TRUNC, 0666);
	/* A block, not an empty file: a full disk shows here, not after
	 * an hour of work. */
	if (fd < 0 || write(fd, block, sizeof(block)) != (ssize_t)sizeof(block) ||
	    fsync(fd) || close(fd)) {
		int e = errno;
		if (fd >= 0)
			unlink(probe);
		error("--out %s: cannot write there: %s", dir, strerror(e));
		free(probe);
		return -1;
	}
	unlink(probe);
	free(probe);
	return 0;
}

static int open_append(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);

	if (fd < 0)
		die_errno("cannot open %s", path);
	free(path);
	return fd;
}

static int self_exe(char *buf, size_t n)
{
	ssize_t len = readlink("/proc/self/exe", buf, n - 1);

	if (len <= 0)
		return -1;
	buf[len] = '\0';
	return 0;
}

/* The bug of a result line: its differential class, else (--mode once)
 * its marked-site class in *site; 0 when the line shows no bug. */
static int line_bug(const struct result_line *l, enum verdict_class *cls, int *site)
{
	int v = verdict_class_parse(l->verdict);

	*site = -1;
	if (verdict_class_is_bug(v)) {
		*cls = (enum verdict_class)v;
		return 1;
	}
	if (l->mode && l->site_verdict && (!strcmp(l->site_verdict, "torn") ||
					   !strcmp(l->site_verdict, "widened"))) {
		*cls = VC_SAME;
		*site = verdict_class_parse(l->site_verdict);
		return 1;
	}
	return 0;
}

/* The configuration that compiles like c but is the reference line's
 * (same target and variant: in --mode once both programs are judged on
 * the bad configuration's program). */
static const struct fuzz_config *ref_config(const struct campaign *cp,
					    const char *ref_label,
					    const struct fuzz_config *bad)
{
	for (size_t c = 0; c < cp->nr_cfg; c++) {
		const struct fuzz_config *r = &cp->cfg[c];

		if (strcmp(r->label, ref_label) || r->target != bad->target)
			continue;
		for (size_t k = 0; k < cp->nr_cfg; k++)
			if (cp->cfg[k].cc == r->cc && cp->cfg[k].target == r->target &&
			    !strcmp(cp->cfg[k].opt, r->opt) &&
			    cp->cfg[k].variant == bad->variant)
				return &cp->cfg[k];
	}
	return NULL;
}

/* --reduce: one testcase per seed, for its first bug. */
static int reduce_all(const struct campaign *cp, const struct result_set *set,
		      const char *rwonce_incdir)
{
	char exe[PATH_MAX];
	int ret = 0;
	uint64_t reduced = 0;
	int any = 0;

	if (self_exe(exe, sizeof(exe)))
		return error("cannot find the rwonce executable to reduce with");
	for (size_t i = 0; i < set->nr; i++) {
		const struct result_line *l = &set->l[i];
		struct reduce_job job;
		struct strbuf why = STRBUF_INIT;
		char *src;

		memset(&job, 0, sizeof(job));
		if ((any && reduced == l->seed) || !line_bug(l, &job.cls, &job.site_cls))
			continue;
		/* A line of the other mode is another program. */
		if (!!l->mode != !!cp->mode)
			continue;
		job.seed = l->seed;
		for (size_t c = 0; c < cp->nr_cfg; c++)
			if (!strcmp(cp->cfg[c].label, l->config))
				job.bad = &cp->cfg[c];
		if (!job.bad)
			continue; /* a line from an earlier run's configurations */
		for (size_t k = i; k-- > 0 && set->l[k].seed == l->seed && !job.ref;)
			if (!strcmp(set->l[k].verdict, "reference"))
				job.ref = ref_config(cp, set->l[k].config, job.bad);
		/* A marked-site bug needs no disagreement: any configuration
		 * that ran is a reference for the rest of the program. */
		if (!job.ref && job.site_cls >= 0)
			job.ref = job.bad;
		if (!job.ref)
			continue;
		any = 1;
		reduced = l->seed;
		src = xasprintf("%s/programs/seed-%" PRIu64 "%s.c", cp->out_dir, l->seed,
				job.bad->variant == VARIANT_RWONCE_H ? "-rwonce" : "");
		if (fuzz_reduce(&job, src, cp->out_dir, exe, cp->mode ? rwonce_incdir : NULL, &why)) {
			error("seed %" PRIu64 ": not reduced: %s", l->seed, why.buf);
			ret = -1;
		}
		strbuf_release(&why);
		free(src);
	}
	return ret;
}

int cmd_fuzz(int argc, const char **argv)
{
	struct strlist ccs = STRLIST_INIT, tnames = STRLIST_INIT;
	struct strlist levels_in = STRLIST_INIT, levels = STRLIST_INIT;
	struct strlist csmith_in = STRLIST_INIT, csmith_words = STRLIST_INIT;
	const char *seeds_s = NULL, *shard_s = NULL, *out = "fuzz-out";
	const char *tracer_s = NULL, *mode_s = "volatile";
	int count = 0, jobs = 1, reduce = 0, merge = 0, check_one = 0;
	int timeout_s = 30, compile_timeout_s = 120, max_funcs = 3, no_trace = 0;
	uint64_t first = 1, last = 0;
	unsigned shard_k = 1, shard_n = 1;
	struct gen_opts go;
	struct oracle_opts oo;
	struct campaign cp;
	struct result_set done = { 0 };
	struct strbuf why = STRBUF_INIT;
	struct compiler *compilers;
	size_t bugs;
	double t0;
	struct option opts[] = {
		OPT_GROUP("What to compare"),
		OPT_STRING(0, "mode", &mode_s, "MODE", "volatile (default), or once: also convert Csmith's ACCESS_ONCE marks to rwonce.h and check them"),
		OPT_LIST(0, "cc", &ccs, "CC", "compilers (repeatable; default: cc)"),
		OPT_LIST(0, "target", &tnames, "NAME", "targets (default: this machine)"),
		OPT_LIST(0, "opt", &levels_in, "LEVELS", "optimisation levels, e.g. 0,2,s (default: 0,2)"),
		OPT_STRING(0, "seeds", &seeds_s, "A-B", "Csmith seeds A to B"),
		OPT_INT(0, "count", &count, "N", "seeds 1 to N"),
		OPT_INT(0, "max-funcs", &max_funcs, "N", "Csmith functions per program (default 3)"),
		OPT_LIST(0, "csmith-option", &csmith_in, "'OPT [VALUE]'", "more Csmith options (repeatable; split on blanks)"),
		OPT_GROUP("How"),
		OPT_INT('j', "jobs", &jobs, "N", "programs at once (default 1)"),
		OPT_STRING(0, "shard", &shard_s, "K/N", "only the seeds s with s % N == K - 1"),
		OPT_STRING(0, "tracer", &tracer_s, "NAME", "qemu or valgrind (default: qemu, else valgrind)"),
		OPT_INT(0, "timeout", &timeout_s, "SECONDS", "kill a traced program after this long (default 30)"),
		OPT_INT(0, "compile-timeout", &compile_timeout_s, "SECONDS", "kill a compiler after this long (default 120)"),
		OPT_BOOL(0, "no-trace", &no_trace, "compare checksums only, without the tracer"),
		OPT_BOOL(0, "reduce", &reduce, "reduce each bug with C-Vise into OUT/reduced/"),
		OPT_GROUP("Output"),
		OPT_STRING(0, "out", &out, "DIR", "results folder (default fuzz-out); a rerun resumes"),
		OPT_BOOL(0, "merge", &merge, "summarise the results folders given as arguments"),
		OPT_BOOL(0, "check-one", &check_one, "the interestingness test --reduce runs (see rwonce-fuzz(1))"),
		OPT_END(),
	};

	/* --check-one has options of its own: hand it everything. */
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--check-one"))
			return fuzz_check_one(argc, argv);
	argc = parse_options(argc, argv, opts, fuzz_usage);
	if (merge)
		return fuzz_merge(argc, argv);
	if (argc > 0) {
		error("unexpected argument '%s'", argv[0]);
		usage_with_options(fuzz_usage, opts);
	}
	if (seeds_s && count)
		die("--seeds and --count cannot be used together");
	if (seeds_s && parse_seed_range(seeds_s, &first, &last))
		return EXIT_TROUBLE;
	if (!seeds_s) {
		if (count < 0 || count > 100000000)
			die("--count: %d is not between 1 and 100000000", count);
		last = count ? (uint64_t)count : 10;
	}
	if (shard_s && parse_shard(shard_s, &shard_k, &shard_n))
		return EXIT_TROUBLE;
	if (jobs <= 0 || jobs > 1024)
		die("-j: %d is not between 1 and 1024", jobs);
	if (timeout_s <= 0 || timeout_s > 3600 || compile_timeout_s <= 0 ||
	    compile_timeout_s > 3600)
		die("--timeout/--compile-timeout: not between 1 and 3600 seconds");
	if (max_funcs < 1 || max_funcs > 50)
		die("--max-funcs: %d is not between 1 and 50", max_funcs);
	go.access_once = fuzz_mode_is_once(mode_s);

	/* What is missing, before any work. */
	if (!program_exists("csmith"))
		die("csmith not found in PATH: rwonce fuzz generates its programs with Csmith (apt-get install csmith)");
	memset(&oo, 0, sizeof(oo));
	oo.include_dir = csmith_include_dir(&why);
	if (!oo.include_dir)
		die("%s", why.buf);
	oo.run_timeout_ms = (unsigned)timeout_s * 1000;
	oo.compile_timeout_ms = (unsigned)compile_timeout_s * 1000;
	go.timeout_ms = 60000;
	go.max_funcs = max_funcs;
	if (go.access_once) {
		const char *probes;

		verify_dirs(&probes, &oo.rwonce_include_dir);
	}
	for (size_t i = 0; i < csmith_in.nr; i++)
		strlist_split_blanks(&csmith_words, csmith_in.items[i]);
	go.extra = &csmith_words;
	if (prepare_out(out))
		return EXIT_TROUBLE;

	if (!levels_in.nr)
		strlist_push(&levels_in, "0 2");
	if (compiler_parse_levels(&levels_in, &levels))
		return EXIT_TROUBLE;
	if (!ccs.nr)
		strlist_push(&ccs, "cc");
	if (!tnames.nr) {
		if (!target_native())
			die("this machine is not one of the targets rwonce knows; name one with --target");
		strlist_push(&tnames, target_native()->name);
	}
	memset(&cp, 0, sizeof(cp));
	pthread_mutex_init(&cp.lock, NULL);
	compilers = xcalloc(ccs.nr, sizeof(*compilers));
	for (size_t i = 0; i < ccs.nr; i++) {
		compilers[i].name = ccs.items[i];
		if (compiler_identify(&compilers[i]))
			return EXIT_TROUBLE;
	}
	for (size_t ti = 0; ti < tnames.nr; ti++) {
		const struct target *t = target_find(tnames.items[ti]);

		if (!t)
			die("unsupported target '%s'", tnames.items[ti]);
		if (add_configs(&cp, compilers, ccs.nr, t, &levels, tracer_s,
				go.access_once ? VARIANT_RWONCE_H : VARIANT_CSMITH))
			return EXIT_TROUBLE;
		/* --mode once: then every configuration again on Csmith's own
		 * volatile-cast program, after the converted ones (so a
		 * converted run is the reference when there is one). */
		if (go.access_once &&
		    add_configs(&cp, compilers, ccs.nr, t, &levels, tracer_s,
				VARIANT_VOLATILE_CAST))
			return EXIT_TROUBLE;
	}
	if (!cp.nr_cfg)
		die("no configuration to run");

	/* Seeds: the range, this shard, minus those already in --out. */
	if (results_load(&done, out, 1))
		return EXIT_TROUBLE;
	for (uint64_t s = first; s <= last; s++) {
		int have = 0;

		if (s % shard_n != shard_k - 1)
			continue;
		/* A seed done in the other mode is another program. */
		for (size_t i = 0; i < done.nr && !have; i++)
			have = done.l[i].seed == s &&
			       !strcmp(done.l[i].mode ? done.l[i].mode : "volatile", mode_s);
		if (have)
			continue;
		cp.seeds = xrealloc(cp.seeds, (cp.nr_seeds + 1) * sizeof(*cp.seeds));
		cp.seeds[cp.nr_seeds++] = s;
	}
	results_release(&done);

	cp.oo = &oo;
	cp.go = &go;
	cp.out_dir = out;
	cp.no_trace = no_trace;
	cp.mode = go.access_once ? "once" : NULL;
	cp.results_fd = open_append(out, RESULTS_FILE);
	cp.times_fd = open_append(out, "times.jsonl");
	cp.progress = isatty(2) && !getenv("NO_PROGRESS");
	t0 = now_seconds();
	{
		int n = jobs;
		pthread_t *th;

		if ((size_t)n > cp.nr_seeds)
			n = (int)cp.nr_seeds;
		th = xcalloc(n + 1, sizeof(*th));
		for (int i = 0; i < n; i++)
			if (pthread_create(&th[i], NULL, worker, &cp))
				die("cannot start a worker thread");
		for (int i = 0; i < n; i++)
			pthread_join(th[i], NULL);
		free(th);
	}
	if (cp.progress)
		fprintf(stderr, "\r\033[K");
	close(cp.results_fd);
	close(cp.times_fd);
	if (cp.nr_seeds)
		fprintf(stderr, "rwonce fuzz: %zu programs in %.1f s (generate %.1f s, compile %.1f s, %s %.1f s, summed over workers)\n",
			cp.nr_seeds, now_seconds() - t0, cp.gen_s, cp.compile_s,
			no_trace ? "run" : "trace", cp.trace_s);

	/* The summary of everything in --out, this run and earlier ones. */
	if (results_load(&done, out, 0))
		return EXIT_TROUBLE;
	results_sort(&done);
	bugs = results_summary(stdout, &done);
	fflush(stdout);
	if (reduce && reduce_all(&cp, &done, oo.rwonce_include_dir)) {
		results_release(&done);
		return EXIT_TROUBLE;
	}
	results_release(&done);
	return bugs ? EXIT_FINDINGS : EXIT_CLEAN;
}
