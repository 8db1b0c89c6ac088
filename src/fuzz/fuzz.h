/*
 * rwonce fuzz, shared between its files: random programs from Csmith,
 * compiled under several configurations, traced, and compared access by
 * access on the program's volatile objects.
 *
 *   generate.c   Csmith, one program per seed
 *   volobjs.c    which file-scope objects of a program are volatile
 *   oracle.c     compile one configuration, run it under the tracer
 *   classify.c   compare a configuration with the reference
 *   judge.c      two configurations on one program, judged
 *   campaign.c   the seeds of a run on -j workers, their result lines
 *   results.c    the results folder: JSON lines, resume, the summary
 *   merge.c      --merge: shard outputs into one summary
 *   check-one.c  --check-one: the interestingness test of a reduction
 *   reduce.c     --reduce: C-Vise with that test, and the report
 *   ub-guards.c  the reducer's undefined-behaviour guards
 *   once.c       --mode once: rwonce fix's conversion, the marked sites
 *   lines.c      the source line of traced accesses (addr2line)
 *   fuzz.c       the command: options, the plan, the report
 *
 * A configuration is a struct build_config (src/compilers/grid.h);
 * fuzz's own axis of the grid, its variant, is which program it compiles.
 */
#ifndef RWONCE_FUZZ_FUZZ_H
#define RWONCE_FUZZ_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compilers/grid.h"
#include "lib/strbuf.h"
#include "lib/util.h"
#include "targets/targets.h"
#include "trace/trace.h"

/* Which program a configuration compiles (build_config.variant):
 * Csmith's (--mode volatile); in --mode once, the program converted to
 * include/rwonce.h's macros, or Csmith's own with its volatile-cast
 * ACCESS_ONCE. */
enum fuzz_variant {
	VARIANT_CSMITH,
	VARIANT_RWONCE_H,
	VARIANT_VOLATILE_CAST,
};

/* A file-scope volatile object of the program (volobjs.c). */
struct volobj {
	char *name;
	unsigned elem;          /* scalar element size; 0: an aggregate */
	int ptr;                /* a pointer (elem is the word size) */
	uint64_t addr, size;    /* from the ELF symbol, per executable */
};

struct volobjs {
	struct volobj *o;
	size_t nr, alloc;
	struct strlist funcs;   /* functions the file defines: its own code */
	struct strlist aggregates; /* every file-scope struct/union object,
				    * volatile or not (--mode once) */
	unsigned word;          /* the target's word size, as parsed */
};

/* Volatile file-scope objects declared in src (word: pointer size), and
 * the names of the functions it defines. */
void volobjs_parse(struct volobjs *out, const char *src, unsigned word);
void volobjs_release(struct volobjs *v);

/* One access to a volatile object, as the oracle keeps it. */
struct vaccess {
	uint32_t obj;           /* index in the volobjs */
	uint32_t off;           /* byte offset in the object */
	uint16_t size;
	char kind;              /* 'r' or 'w' */
	uint64_t pc;
};

/* The verdict of one configuration against the reference (classify.c). */
enum verdict_class {
	VC_SAME,          /* same accesses, same checksum */
	VC_COUNT,         /* bug: a scalar accessed more or fewer times */
	VC_ORDER,         /* bug: same counts, different order */
	VC_TORN,          /* bug: a scalar accessed in pieces */
	VC_WIDENED,       /* bug: an access wider than the scalar */
	VC_CHECKSUM,      /* plain miscompile: the output differs */
	VC_AGGREGATE,     /* implementation-defined aggregate copies differ */
	VC_UNOBSERVABLE,  /* differs, but the tracer was blind somewhere */
	VC_REFERENCE,     /* this is the reference */
	VC_NOT_RUN,       /* the configuration had trouble (see status) */
};
enum run_status {
	RUN_OK,
	RUN_COMPILER_FAILED,    /* exited non-zero: rejected the program */
	RUN_COMPILER_CRASHED,   /* killed by a signal */
	RUN_COMPILER_TIMEOUT,
	RUN_PROGRAM_FAILED,     /* crashed or exited non-zero */
	RUN_PROGRAM_TIMEOUT,
	RUN_TRACE_TROUBLE,      /* the tracer could not run it */
	RUN_REFUSED,            /* --mode once: rwonce.h refused a use at
				 * compile time (its rule, not a bug) */
	RUN_SKIPPED_ENDLESS,    /* not run: the program looked endless
				 * (campaign.c, endless_after) */
};
const char *run_status_name(enum run_status s);

/* What one configuration did with one program. */
struct run {
	enum run_status status;
	char *detail;           /* why, when not RUN_OK (one line) */
	char *checksum;         /* the line "checksum = ..." printed */
	struct vaccess *acc;
	size_t nr, alloc;
	uint64_t *obj_size;     /* per volatile object, from the ELF
				 * symbol; 0: not in this program */
	size_t nr_obj;
	size_t nr_blind;        /* instructions the tracer could not see */
	char *blind_example;
	double compile_s, trace_s;
	/* --mode once: the accesses at the marked sites (once.c) */
	size_t site_accesses;
	enum verdict_class site_cls; /* VC_SAME: all full width; VC_NOT_RUN:
				      * none checked */
	char *site_detail;
	unsigned *line;         /* per access, its source line (0: unknown);
				 * only with oracle_opts.line_tables */
};
void run_release(struct run *r);

struct oracle_opts {
	unsigned compile_timeout_ms, run_timeout_ms;
	const char *include_dir; /* csmith's headers */
	const char *rwonce_include_dir; /* include/rwonce.h (--mode once) */
	int line_tables;        /* compile with -g in every mode and set
				 * run.line (--check-one --print-lines) */
};

/*
 * Compile src (in dir) under c into a static program, find the volatile
 * objects in it and trace every access to them (oracle.c).
 */
void oracle_run(const struct build_config *c, const char *src,
		const char *dir, const struct oracle_opts *o, struct run *r);
/* --mode once (once.c). */
/* --mode's argument: 0 for volatile, 1 for once; dies on anything else. */
int fuzz_mode_is_once(const char *mode);
struct once_mark {
	char *name;             /* the marked object */
	unsigned line;
	int ambiguous;          /* the line also names it unmarked */
};
struct once_marks {
	struct once_mark *m;
	size_t nr, alloc;
};
/* Convert text's ACCESS_ONCE uses with rwonce fix's rewriter and add
 * #include "rwonce.h" into *out: 0, or -1 with *why. */
int once_convert(const char *text, struct strbuf *out, size_t *converted,
		 size_t *left, struct strbuf *why);
/* Does text #include "rwonce.h" (a directive, not a comment or string)? */
int once_includes_rwonce_h(const char *text);
/* The READ_ONCE/WRITE_ONCE/ACCESS_ONCE(identifier) uses of text. */
void once_marks_parse(struct once_marks *m, const char *text);
void once_marks_release(struct once_marks *m);
/* Check the accesses acc (objects indexed in mobjs) made at marked lines
 * of src: sets r->site_*. */
void once_judge(const struct once_marks *m, const struct volobjs *mobjs,
		const struct strlist *aggregates, const struct vaccess *acc,
		size_t nr, const struct target *t, const char *exe,
		const char *src, int volatile_cast, struct run *r);
/* The source line in src of each of the nr accesses acc (0: unknown or
 * another file), from exe's line table: 0, or -1 with *why (lines 0). */
int vaccess_lines(const struct target *t, const char *exe, const char *src,
		  const struct vaccess *acc, size_t nr, unsigned *line,
		  struct strbuf *why);
/* oracle_run with the marks of src (NULL: none) watched and judged. */
void oracle_run_marked(const struct build_config *c, const char *src,
		       const char *dir, const struct oracle_opts *o,
		       const struct once_marks *marks, struct run *r);

/* Same, without tracing: the program only runs (the benchmark's peer). */
void oracle_run_untraced(const struct build_config *c, const char *src,
			 const char *dir, const struct oracle_opts *o,
			 struct run *r);

const char *verdict_class_name(enum verdict_class v);
int verdict_class_is_bug(enum verdict_class v);
/* Parse a name back ("count"...); -1 when unknown. */
int verdict_class_parse(const char *name);

struct verdict {
	enum verdict_class cls;
	char *detail;           /* "g_2: reference r4 r4, here r4" */
};

/* Are a and b, one after the other in a trace, the two halves of one
 * element of elem bytes wider than the target's word of word bytes (an
 * int64_t on armhf read by ldrd)?  Then they are one access. */
int vaccess_halves(const struct vaccess *a, const struct vaccess *b,
		   unsigned elem, unsigned word);
void classify(const struct run *ref, const struct run *r,
	      const struct volobjs *objs, struct verdict *v);

/* The access sequence of one object, "r4 w4 r4@+4", at most max items. */
char *describe_object_accesses(const struct run *r, uint32_t obj, size_t max);

/* Csmith (generate.c). */
struct gen_opts {
	unsigned timeout_ms;
	int access_once;              /* --mode once: --enable-access-once */
	int max_funcs;
	const struct strlist *extra;  /* --csmith-option words, in order */
};
/* Write program seed to path: 0, or -1 with the reason in *why. */
int generate_program(uint64_t seed, const struct gen_opts *g,
		     const char *path, struct strbuf *why);
/* The Csmith options used, for the records. */
const char *generate_options(void);
/* csmith's headers: $RWONCE_CSMITH_INCLUDE or where Debian puts them;
 * NULL and the package to install in *why. */
const char *csmith_include_dir(struct strbuf *why);

/* Results (results.c): one JSON line per program x configuration. */
struct result_line {
	uint64_t seed;
	char *config;           /* label */
	char *status;           /* run_status name, or "generator-failed" */
	char *verdict;          /* verdict class name */
	char *checksum;
	uint64_t accesses;
	char *detail;
	/* --mode once only (mode NULL: the default mode, none written) */
	char *mode;             /* "once" */
	uint64_t converted, left;       /* uses rwonce fix converted, left */
	uint64_t site_accesses;
	char *site_verdict;     /* none, ok, torn, widened, aggregate */
	char *site_detail;
};

/* One JSON line for this result (no timings: the file is deterministic). */
void result_format(struct strbuf *sb, const struct result_line *l);
/* Parse one line: 0, or -1 with what is wrong in *why. */
int result_parse(const char *line, struct result_line *l, struct strbuf *why);
void result_line_release(struct result_line *l);

struct result_set {
	struct result_line *l;
	size_t nr, alloc;
};
/* Make DIR if needed and prove it writable (a block written and synced)
 * before any work: 0, or -1 after error(). */
int results_prepare(const char *dir);
/* Open DIR/name to append to; dies when it cannot. */
int results_open_append(const char *dir, const char *name);
/* Read DIR/results.jsonl into set (appending): 0, or -1 after error();
 * a missing file is an empty set when missing_ok. */
int results_load(struct result_set *set, const char *dir, int missing_ok);
/* Sort by seed and configuration order of appearance; drop duplicates. */
void results_sort(struct result_set *set);
/* The summary table (quiet: only the lines of the bugs and of the runs
 * in trouble); returns the number of bugs found. */
size_t results_summary(FILE *f, const struct result_set *set, int quiet);
/*
 * results-report.c: the results in the format asked for -- "text" (the
 * summary, quiet as above) or "json": {"tool", "programs", "bugs",
 * "checksum_differences", "results": [every line of results.jsonl]}.
 * Returns the number of bugs found.
 */
size_t results_report(FILE *f, const struct result_set *set,
		      const char *format, int quiet);
/*
 * Nothing checked is not a clean run: when no result line of set is a
 * program compiled, run and compared ("ok"), say so after error() --
 * where names the folder(s), the reason counts what the lines were
 * instead (generator-failed, compiler-crashed ...) -- and return 1.
 * An empty set is the caller's to word (it knows why); 0 otherwise.
 */
int results_nothing_checked(const struct result_set *set, const char *where);
void results_release(struct result_set *set);

/* merge.c */
int fuzz_merge(int nr_dirs, const char **dirs, const char *format, int quiet);

/* judge.c: the two configurations on one program, judged as
 * --check-one and the reduction's report see it. */
struct judgement {
	struct run ref, bad;
	struct volobjs objs;
	struct verdict v;       /* VC_NOT_RUN when either had trouble */
};
/* ref may be NULL (only bad runs); once: the marks of src are watched
 * and judged.  0, or -1 when a configuration did not run (j->v says). */
int judge_pair(const struct build_config *ref, const struct build_config *bad,
	       const char *src, const struct oracle_opts *oo, int once,
	       const char *dir, struct judgement *j);
void judgement_release(struct judgement *j);
/* none, ok, torn, widened, aggregate: a run's marked-site verdict. */
const char *site_class_name(const struct run *r);

/* campaign.c: the seeds of a run. */
struct campaign_plan {
	const struct build_config *cfg;
	size_t nr_cfg;
	const uint64_t *seeds;
	size_t nr_seeds;
	const struct oracle_opts *oo;
	const struct gen_opts *go;
	const char *out_dir;    /* prepared by results_prepare() */
	const char *mode;       /* NULL, or "once" */
	int jobs, no_trace;
	int quiet;              /* no progress line, no totals */
	int verbose;            /* a line per seed as it finishes */
	int no_progress;        /* --no-progress */
};
/* Run every seed under every configuration, appending each seed's lines
 * to OUT/results.jsonl (and timings to OUT/times.jsonl) as it finishes;
 * the totals on stderr. */
void campaign_run(const struct campaign_plan *plan);

/* reduce.c */
struct reduce_job {
	uint64_t seed;
	const struct build_config *ref, *bad; /* --mode once: their variant
					      * says which program */
	enum verdict_class cls;  /* the differential class, or */
	int site_cls;            /* --mode once: the marked-site class of
				  * bad (VC_TORN, VC_WIDENED); -1: none */
};
/* Reduce src (in --mode once, rwonce_incdir is where rwonce.h is; NULL
 * in the default mode) into OUT/reduced/seed-N/: 0, or -1 with *why. */
int fuzz_reduce(const struct reduce_job *job, const char *src,
		const char *out_dir, const char *self_exe,
		const char *rwonce_incdir, struct strbuf *why);
/* --reduce: one testcase per seed of set, for its first bug under the
 * plan's configurations: 0, or -1 after error() for a seed not reduced. */
int reduce_results(const struct campaign_plan *plan, const struct result_set *set,
		   const char *rwonce_incdir);
int fuzz_check_one(int argc, const char **argv);

/* ub-guards.c: 0 when src is free of the undefined behaviour a reducer
 * introduces (gcc warnings as errors, a clean UBSan+ASan run at -O0);
 * else -1 with the reason in *why.  rwonce_incdir (NULL: none) is where
 * rwonce.h is, for --mode once.  Temporary files go to dir. */
int ub_guards(const char *src, const char *incdir, const char *rwonce_incdir,
	      const char *dir, unsigned timeout_ms, struct strbuf *why);

#define RESULTS_FILE "results.jsonl"

#endif
