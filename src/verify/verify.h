/*
 * rwonce verify, shared between its files: what running one
 * configuration (src/compilers/grid.h: compiler x target x flags x
 * optimisation level, and verify's own axis, the library backend) gave,
 * and the report writers.
 */
#ifndef RWONCE_VERIFY_VERIFY_H
#define RWONCE_VERIFY_VERIFY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/strbuf.h"
#include "lib/util.h"
#include "compilers/grid.h"
#include "verify/compare.h"
#include "verify/probes.h"
#include "trace/trace.h"

/* verify's axis of the grid (build_config.variant): the library backend
 * the probes are compiled with. */
enum backend {
	BACKEND_VOLATILE,
	BACKEND_ATOMIC,         /* -DRWONCE_BACKEND_ATOMIC */
};

/* What one observed access looked like, for the report. */
struct seen_access {
	struct obs_access a;
	char *where;            /* "probe_x+0x12" */
	char *disas;
};

struct probe_result {
	int ran;                /* 0: not part of this configuration */
	int not_compiled;       /* its file did not compile: not run */
	unsigned verdict;       /* set of enum verdict, 0 = ok */
	struct seen_access *seen;
	size_t nr_seen;
	size_t nr_blind;
	char **blind;           /* "pc where: disassembly" of blind insns */
};

enum config_state { CONFIG_OK, CONFIG_VIOLATIONS, CONFIG_TROUBLE };

struct config_result {
	enum config_state state;
	char *trouble;          /* why, when CONFIG_TROUBLE; also when some
				 * probe files did not compile and the
				 * others were checked */
	struct probe_result *probes; /* one per probe in the set */
	double compile_s, trace_s;
	uint64_t accesses;      /* watched accesses the tracer reported */
	char *macros;           /* `-dM -E` under this configuration's flags,
				 * for --emit-header; NULL otherwise */
};

struct verify_opts {
	unsigned timeout_ms;
	const char *include_dir, *probes_dir;
	int want_macros;        /* record each configuration's macros */
};

/* verify-run.c: build and trace one configuration. */
void run_config(const struct build_config *c, const struct probe_set *set,
		const struct verify_opts *o, struct config_result *r);
void config_result_release(struct config_result *r, size_t nr_probes);

/*
 * verify-report.c: the text report -- the verdict and the summary, then
 * the accesses of what was not ok; with details, the tables of every
 * probe in every configuration too.  With report_path, the detailed
 * report also goes to that file (written atomically; f may then be NULL:
 * only the file).  0, or -1 after error() when it could not be written.
 */
int report_text(FILE *f, const struct build_config *c, size_t nr,
		const struct config_result *r, const struct probe_set *set,
		int color, int details, const char *report_path);
/* Write a whole file atomically (a temporary file renamed): 0, or -1
 * after error(). */
int verify_write_file(const char *path, const char *text, size_t len);
/* The opening sentences of the report (verify-summary.c). */
void verify_summary(FILE *f, const struct build_config *c, size_t nr,
		    const struct config_result *r, const struct probe_set *set);
/*
 * A configuration that ran but in which the tracer saw none of the
 * accesses of any probe (every probe that ran was unobservable, or none
 * ran) checked nothing: it is "not checked", never a clean one.  A run in
 * which no configuration checked anything is trouble (exit 2).
 */
int verify_config_unchecked(const struct config_result *r,
			    const struct probe_set *set);
/* How many of the nr configurations checked something. */
size_t verify_nr_checked(const struct config_result *r, size_t nr,
			 const struct probe_set *set);
/* A probe's cell in the tables: "ok", "TORN", "NOCC", "-" ... */
const char *verify_short_verdict(const struct probe_result *pr);
/* verify-html.c: the grid of configurations (compiler x target x flags
 * as rows, level and backend as columns), each cell coloured by its
 * verdict and linked to its detail.  0, or -1 when f could not be
 * written (after error()). */
int report_html(FILE *f, const struct build_config *c, size_t nr,
		const struct config_result *r, const struct probe_set *set);
void report_json(FILE *f, const struct build_config *c, size_t nr,
		 const struct config_result *r, const struct probe_set *set);
/* verify-header.c: is path writable (checked before any run)? 0 or -1. */
int header_check_writable(const char *path);
int report_header(const char *path, const struct build_config *c, size_t nr,
		  const struct config_result *r, const struct probe_set *set);

#endif
