/*
 * Reduction: a disagreeing program is shrunk by C-Vise (C-Reduce when
 * C-Vise is missing) with an interestingness test written into the
 * reduction folder.  The test is this same executable run as
 * "rwonce fuzz --check-one" (check-one.c): the two configurations must
 * still disagree in the same class (in --mode once, or the bad one's
 * marked sites still be torn or widened), and the program must still be
 * free of the undefined behaviour a reducer likes to introduce
 * (ub-guards.c).  The result is the testcase and a report to file.
 */
#include "fuzz/fuzz.h"
#include "lib/run-command.h"
#include "lib/tempdir.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The reducer's parallel tests: $RWONCE_REDUCE_JOBS, default 1. */
static const char *reduce_jobs(void)
{
	const char *j = getenv("RWONCE_REDUCE_JOBS");

	return j && atoi(j) > 0 ? j : "1";
}

/* 'text' for /bin/sh, whatever it holds. */
static void add_quoted(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '\'');
	for (; *s; s++)
		if (*s == '\'')
			strbuf_addstr(sb, "'\\''");
		else
			strbuf_addch(sb, *s);
	strbuf_addch(sb, '\'');
}

static char *spec_of(const struct build_config *c)
{
	return xasprintf("%s:%s:%s", c->cc->name, c->target->name, c->opt);
}

static int write_text(const char *path, const char *text, int mode)
{
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) == EOF || fclose(f))
		return -1;
	return chmod(path, mode);
}

/*
 * --mode once: which program the test judges.  A converted program
 * without marks is Csmith's as it is, with no include of rwonce.h to
 * keep: judged as the volatile-cast one.  NULL in the default mode.
 */
static const char *variant_of(const struct reduce_job *job, const char *text)
{
	if (job->bad->variant == VARIANT_CSMITH)
		return NULL;
	return job->bad->variant == VARIANT_RWONCE_H && once_includes_rwonce_h(text) ?
	       "rwonce.h" : "volatile-cast";
}

/* The report to file: versions, flags, testcase, both sequences. */
static void write_report(const struct reduce_job *job, const char *rdir,
			 const char *testcase, const char *incdir,
			 const char *rwonce_incdir, const char *variant)
{
	struct oracle_opts oo = { .compile_timeout_ms = 120000, .run_timeout_ms = 30000,
				  .include_dir = incdir, .rwonce_include_dir = rwonce_incdir };
	const char *dir = tempdir_create("report");
	struct judgement j;
	struct strbuf sb = STRBUF_INIT;
	char *text = read_file(testcase, NULL);
	char *path = xasprintf("%s/report.md", rdir);
	const struct run *rr = &j.ref, *rb = &j.bad;

	judge_pair(job->ref, job->bad, testcase, &oo, !!rwonce_incdir, dir, &j);
	strbuf_addf(&sb, "# Csmith seed %" PRIu64 ": %s %s at %s%s%s%s, %s\n\n",
		    job->seed, job->bad->cc->name, job->bad->target->name,
		    job->bad->opt, variant ? " (" : "", variant ? variant : "", variant ? ")" : "",
		    job->site_cls >= 0 ? "marked site" : verdict_class_name(j.v.cls));
	strbuf_addf(&sb, "- compiler: `%s` (%s), driver `%s`, flags `%s -static`\n",
		    job->bad->cc->name, job->bad->cc->version, job->bad->driver, job->bad->opt);
	strbuf_addf(&sb, "- reference: `%s` (%s) %s on %s\n", job->ref->cc->name,
		    job->ref->cc->version, job->ref->opt, job->ref->target->name);
	strbuf_addf(&sb, "- traced with %s; the testcase passes the undefined-behaviour guards (gcc -O2 warnings as errors, -O0 UBSan+ASan run)\n",
		    tracer_name(job->bad->tracer));
	strbuf_addf(&sb, "- verdict: %s: %s\n", verdict_class_name(j.v.cls),
		    j.v.detail ? j.v.detail : "");
	if (rwonce_incdir)
		strbuf_addf(&sb, "- marked sites (--mode once): reference %s%s%s; here %s%s%s\n",
			    site_class_name(rr), rr->site_detail ? ": " : "",
			    rr->site_detail ? rr->site_detail : "", site_class_name(rb),
			    rb->site_detail ? ": " : "", rb->site_detail ? rb->site_detail : "");
	strbuf_addstr(&sb, "\nAccesses to each volatile object (r/w and width in bytes, @offset):\n\n| object | expected (reference) | observed |\n|---|---|---|\n");
	for (size_t i = 0; i < j.objs.nr; i++) {
		char *x = describe_object_accesses(rr, (uint32_t)i, 24);
		char *y = describe_object_accesses(rb, (uint32_t)i, 24);
		strbuf_addf(&sb, "| `%s` | %s | %s |\n", j.objs.o[i].name, x, y);
		free(x);
		free(y);
	}
	strbuf_addstr(&sb, "\nInstructions (pc) of the observed accesses:");
	for (size_t i = 0; i < rb->nr && i < 24; i++)
		strbuf_addf(&sb, " 0x%" PRIx64 "(%c%u %s)", rb->acc[i].pc, rb->acc[i].kind,
			    rb->acc[i].size, j.objs.o[rb->acc[i].obj].name);
	strbuf_addf(&sb, "\n\nReproduce: `%s %s -w -I %s%s%s -static testcase.c` and trace it with `rwonce fuzz --check-one` (test.sh).\n\n```c\n%s```\n",
		    job->bad->driver, job->bad->opt, incdir, rwonce_incdir ? " -I " : "",
		    rwonce_incdir ? rwonce_incdir : "", text ? text : "");
	if (write_text(path, sb.buf, 0644))
		error("cannot write %s: %s", path, strerror(errno));
	judgement_release(&j);
	free(text);
	free(path);
	strbuf_release(&sb);
	tempdir_remove(dir);
}

int fuzz_reduce(const struct reduce_job *job, const char *src,
		const char *out_dir, const char *self,
		const char *rwonce_incdir, struct strbuf *why)
{
	char *rdir = xasprintf("%s/reduced", out_dir);
	char *sdir = xasprintf("%s/seed-%" PRIu64, rdir, job->seed);
	char *testcase = xasprintf("%s/testcase.c", sdir);
	char *script = xasprintf("%s/test.sh", sdir);
	char *ref = spec_of(job->ref), *bad = spec_of(job->bad);
	const char *reducer = program_exists("cvise") ? "cvise" :
			      program_exists("creduce") ? "creduce" : NULL;
	struct strbuf sb = STRBUF_INIT;
	char *text = read_file(src, NULL);
	const char *incdir = csmith_include_dir(why);
	struct child ch = CHILD_INIT;
	const char *argv[8];
	const char *chk[2] = { "./test.sh", NULL };
	const char *tmp_env[2] = { NULL, NULL }, *rtmp = NULL;
	char *tmp_var = NULL;
	int ret = -1;

	if (!reducer) {
		strbuf_addstr(why, "neither cvise nor creduce is installed (apt-get install cvise)");
		goto out;
	}
	if (!text || !incdir) {
		strbuf_addf(why, "cannot read %s", src);
		goto out;
	}
	if ((mkdir(rdir, 0777) && errno != EEXIST) ||
	    (mkdir(sdir, 0777) && errno != EEXIST) ||
	    write_text(testcase, text, 0644)) {
		strbuf_addf(why, "cannot write %s: %s", testcase, strerror(errno));
		goto out;
	}
	strbuf_addstr(&sb, "#!/bin/sh\n# Written by rwonce fuzz --reduce: exit 0 while testcase.c is still interesting.\nexec ");
	add_quoted(&sb, self);
	strbuf_addstr(&sb, " fuzz --check-one");
	if (variant_of(job, text))
		strbuf_addf(&sb, " --mode once --variant %s", variant_of(job, text));
	strbuf_addstr(&sb, " --ref ");
	add_quoted(&sb, ref);
	strbuf_addstr(&sb, " --bad ");
	add_quoted(&sb, bad);
	if (job->site_cls >= 0)
		strbuf_addf(&sb, " --expect-site %s testcase.c\n",
			    verdict_class_name((enum verdict_class)job->site_cls));
	else
		strbuf_addf(&sb, " --expect %s testcase.c\n", verdict_class_name(job->cls));
	if (write_text(script, sb.buf, 0755)) {
		strbuf_addf(why, "cannot write %s: %s", script, strerror(errno));
		goto out;
	}
	/* The original must pass the test, or the reducer has nothing. */
	ch.argv = chk;
	ch.dir = sdir;
	ch.timeout_ms = 300000;
	if (run_child(&ch) || !child_ok(&ch)) {
		const char *e = strbuf_str(&ch.err);
		strbuf_addf(why, "the disagreement does not pass its own test (%s): %.*s",
			    child_describe(&ch), (int)strcspn(e, "\n"), e);
		goto out;
	}
	child_release(&ch);
	memset(&ch, 0, sizeof(ch));
	argv[0] = reducer;
	if (!strcmp(reducer, "cvise")) {
		argv[1] = "--n";
		argv[2] = reduce_jobs();
		argv[3] = "--timeout";
		argv[4] = "120";
		argv[5] = "test.sh";
		argv[6] = "testcase.c";
		argv[7] = NULL;
	} else {
		argv[1] = "--n";
		argv[2] = reduce_jobs();
		argv[3] = "test.sh";
		argv[4] = "testcase.c";
		argv[5] = NULL;
	}
	/* The reducer, the compilers and our own runs under it make
	 * temporary files; one stopped at the time limit leaves them
	 * behind.  They all go to a private TMPDIR, removed afterwards. */
	rtmp = tempdir_create("reducer");
	tmp_env[0] = tmp_var = xasprintf("TMPDIR=%s", rtmp);
	ch.env = tmp_env;
	ch.argv = argv;
	ch.dir = sdir;
	ch.stdout_path = "/dev/null";
	{
		const char *lim = getenv("RWONCE_REDUCE_TIMEOUT");
		ch.timeout_ms = lim ? (unsigned)atoi(lim) * 1000 : 3600000;
	}
	/* A reducer stopped by the time limit leaves its best so far in
	 * testcase.c: still a testcase, only a larger one. */
	if (run_child(&ch) || (!child_ok(&ch) && !ch.timed_out)) {
		const char *e = strbuf_str(&ch.err);
		strbuf_addf(why, "%s %s: %.*s", reducer, child_describe(&ch),
			    (int)strcspn(e, "\n"), e);
		goto out;
	}
	/* Reducers join lines; one statement a line is what a reader (and
	 * a line count) wants.  clang-format changes no token, once its
	 * include sorting is off: it moved #include "rwonce.h" above
	 * <stdint.h> in a --mode once testcase. */
	if (program_exists("clang-format")) {
		const char *fmt[] = { "clang-format", "--sort-includes=false", "-i",
				      "testcase.c", NULL };
		struct child fc = CHILD_INIT;

		fc.argv = fmt;
		fc.dir = sdir;
		fc.timeout_ms = 60000;
		run_child(&fc);
		child_release(&fc);
	}
	write_report(job, sdir, testcase, incdir, rwonce_incdir, variant_of(job, text));
	fput_visible_line(stderr, "rwonce fuzz: seed %" PRIu64 " reduced%s: %s (report: %s/report.md)",
		job->seed, ch.timed_out ? " (stopped at the time limit)" : "",
		testcase, sdir);
	ret = 0;
out:
	child_release(&ch);
	if (rtmp)
		tempdir_remove(rtmp);
	free(tmp_var);
	strbuf_release(&sb);
	free(text);
	free(rdir);
	free(sdir);
	free(testcase);
	free(script);
	free(ref);
	free(bad);
	return ret;
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

/* The configuration that compiles like the reference line's but is of
 * bad's variant (in --mode once both programs are judged on the bad
 * configuration's program). */
static const struct build_config *ref_config(const struct campaign_plan *plan,
					     const char *ref_label,
					     const struct build_config *bad)
{
	for (size_t c = 0; c < plan->nr_cfg; c++) {
		const struct build_config *r = &plan->cfg[c];

		if (strcmp(r->label, ref_label) || r->target != bad->target)
			continue;
		for (size_t k = 0; k < plan->nr_cfg; k++)
			if (plan->cfg[k].cc == r->cc && plan->cfg[k].target == r->target &&
			    !strcmp(plan->cfg[k].opt, r->opt) &&
			    plan->cfg[k].variant == bad->variant)
				return &plan->cfg[k];
	}
	return NULL;
}

int reduce_results(const struct campaign_plan *plan, const struct result_set *set,
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
		if (!!l->mode != !!plan->mode)
			continue;
		job.seed = l->seed;
		for (size_t c = 0; c < plan->nr_cfg; c++)
			if (!strcmp(plan->cfg[c].label, l->config))
				job.bad = &plan->cfg[c];
		if (!job.bad)
			continue; /* a line from an earlier run's configurations */
		for (size_t k = i; k-- > 0 && set->l[k].seed == l->seed && !job.ref;)
			if (!strcmp(set->l[k].verdict, "reference"))
				job.ref = ref_config(plan, set->l[k].config, job.bad);
		/* A marked-site bug needs no disagreement: any configuration
		 * that ran is a reference for the rest of the program. */
		if (!job.ref && job.site_cls >= 0)
			job.ref = job.bad;
		if (!job.ref)
			continue;
		any = 1;
		reduced = l->seed;
		src = xasprintf("%s/programs/seed-%" PRIu64 "%s.c", plan->out_dir, l->seed,
				job.bad->variant == VARIANT_RWONCE_H ? "-rwonce" : "");
		if (fuzz_reduce(&job, src, plan->out_dir, exe,
				plan->mode ? rwonce_incdir : NULL, &why)) {
			error("seed %" PRIu64 ": not reduced: %s", l->seed, why.buf);
			ret = -1;
		}
		strbuf_release(&why);
		free(src);
	}
	return ret;
}
