/*
 * Comparing what a probe did with what it promised.
 *
 * The observed accesses of one probe (already cut out of the trace and
 * made relative to the probe's object) are normalised -- pieces of one
 * instruction execution merged, an atomic read-modify-write turned into
 * one 'x' access -- and matched against the expected sequence.  The result
 * is a set of verdicts; "ok" is the empty set.
 */
#ifndef RWONCE_VERIFY_COMPARE_H
#define RWONCE_VERIFY_COMPARE_H

#include <stddef.h>
#include <stdint.h>

/* One expected access: kind 'r', 'w' or 'x' (atomic read-modify-write). */
struct exp_access {
	char kind;
	unsigned off, width;
};

/* How one observed access relates to the expectation. */
enum obs_class {
	OBS_MATCH,    /* exactly one expected access */
	OBS_PIECE,    /* part of one expected access */
	OBS_FUSED,    /* several expected accesses at once */
	OBS_WIDENED,  /* bytes or a kind that nothing expected */
};

struct obs_access {
	uint64_t seq, pc;
	int64_t off;        /* relative to the object; may be negative */
	unsigned size;
	char kind;          /* 'r', 'w', 'x' */
	int exclusive;      /* a load-exclusive / load-linked instruction */
	enum obs_class cls; /* filled by compare_accesses */
};

enum verdict {
	V_DUPLICATED = 1 << 0,
	V_TORN = 1 << 1,
	V_FUSED = 1 << 2,
	V_WIDENED = 1 << 3,
	V_ELIDED = 1 << 4,
	V_REORDERED = 1 << 5,
	V_UNOBSERVABLE = 1 << 6,
	V_NR = 7,
};

/*
 * Merge pieces of one execution (same seq, same kind, contiguous), make
 * read + write of one seq on the same bytes an 'x', and -- where the
 * expectation has an 'x' on those bytes -- a load-exclusive directly
 * followed by its store-exclusive an 'x' too.  *nr shrinks.
 */
/* Is this disassembly a load-exclusive (LL/SC) instruction? */
int is_load_exclusive(const char *disas);
void normalise_accesses(struct obs_access *o, size_t *nr,
			const struct exp_access *e, size_t nr_e);

/*
 * Classify every observed access and return the verdict set (0: ok).
 * nr_blind > 0 says that instructions whose accesses the tracer cannot
 * see ran inside the probe: a missing access is then "unobservable",
 * never "elided".
 */
unsigned compare_accesses(const struct exp_access *e, size_t nr_e,
			  struct obs_access *o, size_t nr_o, size_t nr_blind);

/* "ok", or the name of the most serious verdict in the set. */
const char *verdict_headline(unsigned set);
/* Name of one verdict bit ("duplicated"...). */
const char *verdict_name(unsigned bit);
/* All names, comma-separated, into buf. */
void verdict_list(unsigned set, char *buf, size_t size);

#endif
