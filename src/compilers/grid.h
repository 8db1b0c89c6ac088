/*
 * The configurations a command builds and runs its test programs under:
 * every compiler x target x flags x optimisation level, times an axis of
 * the command's own (verify: the library backend; fuzz: which program),
 * each with the driver that compiles for its target and the tracer that
 * runs the program.  `rwonce verify` and `rwonce fuzz` read --cc,
 * --target, --opt, --cflags and --tracer through this, with one set of
 * messages, and name configurations alike ("gcc aarch64 -O2").
 */
#ifndef RWONCE_COMPILERS_GRID_H
#define RWONCE_COMPILERS_GRID_H

#include <stddef.h>

#include "compilers/compilers.h"
#include "lib/parse-options.h"
#include "lib/util.h"
#include "targets/targets.h"
#include "trace/trace.h"

/* One configuration. */
struct build_config {
	const struct compiler *cc;
	const struct target *target;
	const char *driver;     /* the program run: "aarch64-linux-gnu-gcc" */
	const char *opt;        /* "-O2" */
	const char *flags;      /* this configuration's --cflags, or "" */
	unsigned variant;       /* its value on the command's own axis */
	enum tracer_kind tracer;
	size_t group;           /* the same for neighbours that share the
				 * compiler, target and flags */
	char *label;            /* "gcc aarch64 -O2 -fno-inline atomic" */
};

/* The start of every compile under c: its driver, the target's flags,
 * the level, the --cflags words (split on blanks, no shell quoting). */
void build_config_push_flags(struct strlist *argv, const struct build_config *c);

/* The axes, in the order a command lists its configurations. */
enum grid_axis { GRID_COMPILER, GRID_TARGET, GRID_FLAGS, GRID_LEVEL,
		 GRID_VARIANT, GRID_AXES };

/* A value of the command's own axis; the name "" adds nothing to the
 * label. */
struct grid_variant {
	unsigned value;
	const char *name;
};

/* What the command line asked for. */
struct grid_request {
	struct strlist ccs;        /* --cc; none: "cc" */
	struct strlist targets;    /* --target; none: this machine */
	struct strlist levels;     /* --opt as given; none: default_levels */
	struct strlist flags;      /* --cflags, one configuration each;
				    * none: no flags */
	const char *tracer;        /* --tracer; NULL: QEMU, else valgrind
				    * natively (tracer_choose) */
	const char *default_levels; /* "0 1 2 3 s" */
	const struct grid_variant *variants; /* NULL: one, {0, ""} */
	size_t nr_variants;
	const enum grid_axis *order; /* GRID_AXES axes, outermost first;
				      * NULL: as enum grid_axis lists them */
	/* Leave a combination out (NULL: keep every one); called before
	 * its driver is looked for, so that a combination the command
	 * would not run never fails the run. */
	int (*keep)(const struct build_config *c);
};

struct grid {
	struct compiler *cc;
	size_t nr_cc;
	const struct target **target;
	enum tracer_kind *tracer;  /* per target */
	size_t nr_target;
	struct strlist levels, flags;
	char **driver;             /* per compiler x target, on first use */
	struct build_config *cfg;  /* the configurations, in rq->order */
	size_t nr, alloc;
};

/*
 * Read the request -- levels, targets and their tracers, compilers
 * (identified by `CC -dM -E`) -- and list every configuration it keeps,
 * with its driver.  0 (g->nr may be 0 when keep() left everything out),
 * or -1 after error().
 */
int grid_expand(struct grid *g, const struct grid_request *rq);
void grid_release(struct grid *g);

/*
 * The options that choose the configurations, declared once for every
 * command that builds and runs programs (verify, fuzz; lib/parse-
 * options.h): --cc, --target, --opt, --tracer into *rq, under one
 * heading; default_levels (a literal: "0,1,2,3,s") is the command's.
 * OPT_GRID_CFLAGS: --cflags, for a command whose every step passes a
 * configuration's flags on (verify; fuzz's --check-one names a
 * configuration CC:TARGET:OPT, without flags, so fuzz has none).
 */
#define OPT_GRID(rq, default_levels)                                         \
	OPT_GROUP("Configurations"),                                         \
	OPT_LIST(0, "cc", &(rq)->ccs, "CC",                                  \
		 "compilers (repeatable; default: cc)"),                     \
	OPT_LIST(0, "target", &(rq)->targets, "NAME", targets_help()),      \
	OPT_LIST(0, "opt", &(rq)->levels, "LEVELS",                          \
		 "optimisation levels, e.g. 0,2,s (default: "               \
		 default_levels ")"),                                         \
	OPT_STRING(0, "tracer", &(rq)->tracer, "NAME",                       \
		   "qemu or valgrind (default: qemu, else valgrind)")
#define OPT_GRID_CFLAGS(rq)                                                  \
	OPT_CALLBACK(0, "cflags", &(rq)->flags, "FLAGS",                     \
		     "extra flags, one configuration per use", grid_opt_cflags)

int grid_opt_cflags(const struct option *opt, const char *arg);

/* "CC:TARGET:OPT" into rq's lists (one configuration): 0, or -1 after
 * error(). */
int grid_request_one(struct grid_request *rq, const char *spec);
void grid_request_release(struct grid_request *rq);

#endif
