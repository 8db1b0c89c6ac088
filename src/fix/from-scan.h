/*
 * `rwonce fix --from-scan FILE [TREE...]`: a plan source of fix (fix.c's
 * parse, plan, run, report) besides the tree walk.  The plan is the
 * sites of the reported findings of `rwonce scan --json` (FILE), read
 * typed by findings_read_json(): a rule scan owns (rules.def), the
 * object's size and type, and whether scan found it fixable (a struct or
 * union).  The run makes each fixable site a single access through a
 * scalar of the same size (rewrite/aggregate.h) and names the others
 * with the reason.
 */
#ifndef RWONCE_FIX_FROM_SCAN_H
#define RWONCE_FIX_FROM_SCAN_H

#include "fix/file-result.h"

#include <stddef.h>

struct scan_site;
struct tree_types;

struct from_scan_plan {
	const char *file;
	struct scan_site *sites; /* sorted by place, each once */
	size_t nr, alloc;
	size_t findings;         /* scan's findings read (instances) */
	size_t scalars;          /* sites left as no struct or union */
	struct tree_types *tt;   /* the TREEs' types, or NULL */
};
#define FROM_SCAN_PLAN_INIT { NULL, NULL, 0, 0, 0, 0, NULL }

/*
 * Read FILE (trees: folders whose headers define the types; nr_trees
 * may be 0).  0: sites to fix; 1: none (said unless quiet); -1: FILE
 * unreadable or not scan's JSON (error() said why).
 */
int from_scan_plan(struct from_scan_plan *p, const char *file,
		   const char *const *trees, size_t nr_trees, int quiet);

/* Each file of the plan: its diff or the file replaced in place, and
 * notes, as one result (a file is trouble when it cannot be read or is
 * not the one scanned). */
void from_scan_run(struct from_scan_plan *p, int in_place, int quiet,
		   struct fix_results *out);

/* The summary line on stderr, from the run's totals. */
void from_scan_summary(const struct from_scan_plan *p, size_t edited,
		       size_t files, size_t left, int in_place);

void from_scan_release(struct from_scan_plan *p);

#endif
