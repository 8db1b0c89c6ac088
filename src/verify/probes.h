/*
 * Probe files and their annotations (the format is documented in
 * probes/README.md):
 *
 *   / *@ probe NAME          the function is rwonce_probe_NAME
 *    *  object SYMBOL        the object it accesses (RWONCE_PROBE_OBJECT)
 *    *  expect r0:4 w4:4     the accesses, in order: r|w|x OFFSET:WIDTH
 *    *  control              optional: informative, never a failure
 *    *  about TEXT           optional: one line for the report
 *    * /
 *
 * WIDTH is a number of bytes, or P (pointer size) or L (long size).
 */
#ifndef RWONCE_VERIFY_PROBES_H
#define RWONCE_VERIFY_PROBES_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "verify/compare.h"

struct expect_item {
	char kind;           /* 'r', 'w', 'x' */
	unsigned off;
	unsigned width;      /* bytes; 0 when width_sym says */
	char width_sym;      /* 0, 'P' (pointer) or 'L' (long) */
};

struct probe {
	char *name, *object, *about;
	const char *file;    /* as given (owned by the set) */
	unsigned line;       /* of the "probe" line */
	int control;
	struct expect_item *exp;
	size_t nr_exp, alloc_exp;
};

struct probe_set {
	struct probe *p;
	size_t nr, alloc;
	struct strlist files; /* every file parsed, in order */
};

#define PROBE_SET_INIT { NULL, 0, 0, STRLIST_INIT }

/*
 * Parse the annotations of one file and add its probes.  On a malformed
 * annotation returns -1 with "FILE:LINE: what is wrong" in *err.  A file
 * without any annotation is an error too (it would test nothing).
 */
int probes_parse_file(struct probe_set *set, const char *path,
		      struct strbuf *err);
/* The same on text already in memory (path is used in messages). */
int probes_parse_text(struct probe_set *set, const char *path,
		      const char *text, struct strbuf *err);

/* The expectation of p for a target with these sizes; caller frees. */
struct exp_access *probe_expectation(const struct probe *p,
				     unsigned ptr_size, unsigned long_size);
/* Size in bytes the object must at least have. */
unsigned probe_extent(const struct probe *p, unsigned ptr_size,
		      unsigned long_size);
/* "r0:8 x0:8" */
void probe_format_expect(const struct probe *p, struct strbuf *sb);

void probe_set_release(struct probe_set *set);

#endif
