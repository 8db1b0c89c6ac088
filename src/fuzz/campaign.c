/*
 * A campaign: every seed of the plan generated, compiled and traced under
 * every configuration, compared with its target's reference, on -j
 * workers (src/lib/pool.h).  A seed's result lines are appended to the
 * results file in one write when the seed is finished, so an interrupted
 * campaign resumes at the first seed without lines; the programs that
 * showed something are kept in OUT/programs/.
 */
#include "fuzz/fuzz.h"
#include "lib/clock.h"
#include "lib/pool.h"
#include "lib/progress.h"
#include "lib/tempdir.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* What one seed gave, until the pool hands it to seed_done(). */
struct seed_output {
	struct strbuf lines, times;
	double gen_s, compile_s, trace_s;
};

/* The campaign, shared by the workers. */
struct campaign {
	const struct campaign_plan *plan;
	struct seed_output *out;   /* per seed, while it is in flight */
	int results_fd, times_fd;
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

static void keep_program(const struct campaign_plan *plan, uint64_t seed,
			 const char *src, const char *suffix)
{
	char *dir = xasprintf("%s/programs", plan->out_dir);
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
 * both. */
struct once_program {
	char *conv_src;
	struct once_marks raw, conv;
	size_t converted, left;
};

/* 0, or -1 with *why. */
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
static char *endless_after(const struct campaign_plan *plan,
			   const struct run *runs, size_t i)
{
	const struct target *t = plan->cfg[i].target;
	size_t timed_out[2], n = 0;

	for (size_t k = 0; k < i; k++) {
		if (plan->cfg[k].target != t)
			continue;
		if (runs[k].status == RUN_OK)
			return NULL;
		if (runs[k].status == RUN_PROGRAM_TIMEOUT && n < 2)
			timed_out[n++] = k;
	}
	if (n < 2)
		return NULL;
	return xasprintf("not run: the program looks endless (%s and %s ran out of time, none ran it to the end)",
			 plan->cfg[timed_out[0]].label, plan->cfg[timed_out[1]].label);
}

/* Every configuration on the program (src; op->conv_src in --mode once). */
static void run_configs(const struct campaign_plan *plan, const char *src,
			const struct once_program *op, const char *dir,
			struct run *runs, struct seed_output *so)
{
	for (size_t i = 0; i < plan->nr_cfg; i++) {
		const struct build_config *c = &plan->cfg[i];
		char *endless = endless_after(plan, runs, i);

		if (endless) {
			runs[i].status = RUN_SKIPPED_ENDLESS;
			runs[i].detail = endless;
			continue;
		}
		if (plan->no_trace)
			oracle_run_untraced(c, c->variant == VARIANT_RWONCE_H ?
					    op->conv_src : src, dir, plan->oo, &runs[i]);
		else if (c->variant == VARIANT_RWONCE_H)
			oracle_run_marked(c, op->conv_src, dir, plan->oo, &op->conv, &runs[i]);
		else if (c->variant == VARIANT_VOLATILE_CAST)
			oracle_run_marked(c, src, dir, plan->oo, &op->raw, &runs[i]);
		else
			oracle_run(c, src, dir, plan->oo, &runs[i]);
		so->compile_s += runs[i].compile_s;
		so->trace_s += runs[i].trace_s;
	}
}

/*
 * Each configuration against its target's reference (the first
 * configuration of the target that ran the program), one result line
 * each.  Returns whether anything is worth keeping the program for.
 */
static int classify_runs(const struct campaign_plan *plan, uint64_t seed,
			 const char *src, const struct once_program *op,
			 const struct run *runs, struct strbuf *lines)
{
	char *text = read_file(src, NULL);
	int interesting = 0;

	for (size_t i = 0; i < plan->nr_cfg; i++) {
		const struct target *t = plan->cfg[i].target;
		struct volobjs objs = { 0 };
		struct verdict v = { 0 };
		size_t ref = plan->nr_cfg;
		struct result_line l;

		for (size_t k = 0; k < plan->nr_cfg && ref == plan->nr_cfg; k++)
			if (plan->cfg[k].target == t && runs[k].status == RUN_OK)
				ref = k;
		volobjs_parse(&objs, text ? text : "", t->word_size);
		if (ref == i)
			v.cls = VC_REFERENCE;
		else if (ref == plan->nr_cfg || runs[i].status != RUN_OK)
			v.cls = VC_NOT_RUN;
		else
			classify(&runs[ref], &runs[i], &objs, &v);
		if (v.cls != VC_SAME && v.cls != VC_REFERENCE &&
		    !(v.cls == VC_NOT_RUN && (runs[i].status == RUN_PROGRAM_TIMEOUT ||
					      runs[i].status == RUN_SKIPPED_ENDLESS)))
			interesting = 1;
		memset(&l, 0, sizeof(l));
		l.seed = seed;
		l.config = plan->cfg[i].label;
		l.status = (char *)run_status_name(runs[i].status);
		l.verdict = (char *)verdict_class_name(v.cls);
		l.checksum = runs[i].checksum ? runs[i].checksum : "";
		l.accesses = runs[i].nr;
		l.detail = v.detail ? v.detail : runs[i].detail ? runs[i].detail : "";
		if (plan->mode) {
			l.mode = (char *)plan->mode;
			l.converted = op->converted;
			l.left = op->left;
			l.site_accesses = runs[i].site_accesses;
			l.site_verdict = (char *)site_class_name(&runs[i]);
			l.site_detail = runs[i].site_detail ? runs[i].site_detail : "";
			if (strcmp(l.site_verdict, "ok") && strcmp(l.site_verdict, "none"))
				interesting = 1;
		}
		result_format(lines, &l);
		free(v.detail);
		volobjs_release(&objs);
	}
	free(text);
	return interesting;
}

static void run_seed(size_t k, void *worker, void *ctx)
{
	struct campaign *cp = ctx;
	const struct campaign_plan *plan = cp->plan;
	struct seed_output *so = &cp->out[k];
	uint64_t seed = plan->seeds[k];
	const char *dir = tempdir_create("fuzz");
	char *src = xasprintf("%s/seed-%" PRIu64 ".c", dir, seed);
	struct strbuf why = STRBUF_INIT;
	struct run *runs = xcalloc(plan->nr_cfg, sizeof(*runs));
	double t0 = now_seconds();
	struct once_program op;

	(void)worker;
	memset(&op, 0, sizeof(op));
	if (generate_program(seed, plan->go, src, &why) ||
	    (plan->mode && once_prepare(&op, src, dir, seed, &why))) {
		struct result_line l = { seed, "-", "generator-failed", "not-run",
					 "", 0, why.buf, (char *)plan->mode, 0, 0, 0,
					 "none", "" };
		result_format(&so->lines, &l);
		so->gen_s = now_seconds() - t0;
	} else {
		so->gen_s = now_seconds() - t0;
		run_configs(plan, src, &op, dir, runs, so);
		if (classify_runs(plan, seed, src, &op, runs, &so->lines)) {
			keep_program(plan, seed, src, "");
			if (plan->mode)
				keep_program(plan, seed, op.conv_src, "-rwonce");
		}
	}
	strbuf_addf(&so->times, "{\"seed\":%" PRIu64 ",\"generate_s\":%.3f,\"compile_s\":%.3f,\"%s_s\":%.3f}\n",
		    seed, so->gen_s, so->compile_s, plan->no_trace ? "run" : "trace",
		    so->trace_s);
	for (size_t i = 0; i < plan->nr_cfg; i++)
		run_release(&runs[i]);
	free(runs);
	once_release(&op);
	strbuf_release(&why);
	free(src);
	tempdir_remove(dir);
}

/* A seed is finished (one at a time, in the order they finish): its lines
 * to the results file in one write, the progress line. */
static void seed_done(size_t k, size_t nr_done, void *ctx)
{
	struct campaign *cp = ctx;
	struct seed_output *so = &cp->out[k];

	write_all(cp->results_fd, RESULTS_FILE, &so->lines);
	write_all(cp->times_fd, "times.jsonl", &so->times);
	cp->gen_s += so->gen_s;
	cp->compile_s += so->compile_s;
	cp->trace_s += so->trace_s;
	if (cp->plan->verbose)
		fprintf(stderr, "rwonce fuzz: [%zu/%zu] seed %" PRIu64 " done\n",
			nr_done, cp->plan->nr_seeds, cp->plan->seeds[k]);
	else
		progress_show(1, "[%zu/%zu] seed %" PRIu64, nr_done,
			      cp->plan->nr_seeds, cp->plan->seeds[k]);
	strbuf_release(&so->lines);
	strbuf_release(&so->times);
}

void campaign_run(const struct campaign_plan *plan)
{
	struct campaign cp;
	double t0;

	memset(&cp, 0, sizeof(cp));
	cp.plan = plan;
	cp.out = xcalloc(plan->nr_seeds + 1, sizeof(*cp.out));
	cp.results_fd = results_open_append(plan->out_dir, RESULTS_FILE);
	cp.times_fd = results_open_append(plan->out_dir, "times.jsonl");
	/* on a terminal (lib/progress.h); -v prints a line per seed */
	progress_start(!plan->quiet && !plan->verbose && !plan->no_progress, 0);
	t0 = now_seconds();
	pool_run(plan->nr_seeds, run_seed, &(struct pool_options){
		.jobs = plan->jobs, .ctx = &cp, .done = seed_done });
	progress_stop();
	close(cp.results_fd);
	close(cp.times_fd);
	free(cp.out);
	if (plan->nr_seeds && !plan->quiet)
		fprintf(stderr, "rwonce fuzz: %zu programs in %.1f s (generate %.1f s, compile %.1f s, %s %.1f s, summed over workers)\n",
			plan->nr_seeds, now_seconds() - t0, cp.gen_s, cp.compile_s,
			plan->no_trace ? "run" : "trace", cp.trace_s);
}
