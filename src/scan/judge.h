/*
 * One site instance from code to verdict: disassemble its ranges (and the
 * code between them, for the branches), judge the accesses, and for a
 * torn, duplicated or widened instance write the finding with its notes
 * (function, inline chain, the instructions with their addresses).
 */
#ifndef RWONCE_SCAN_JUDGE_H
#define RWONCE_SCAN_JUDGE_H

#include "findings/finding.h"
#include "scan/attribute.h"
#include "scan/decode-cache.h"
#include "scan/verdict.h"

/* 1: say on stderr why each unattributed instance is; 2: also list every
 * access decoded for each instance (for debugging the attribution). */
void judge_set_verbose(int level);

/* One instance as a JSON object (--json: every instance, not only the
 * findings), with what to sort the list by. */
struct instance_record {
	const struct source_sites *src;
	const char *path;   /* the source's (lives as long as the cache) */
	unsigned line, col;
	uint64_t addr;      /* its first address, as objdump shows it */
	char *json;
};

/* One instance judged, for taking it back (judge_drop_mismatched). */
struct judged {
	const struct source_sites *src;
	unsigned char verdict, reason;
};

/* What a worker gathers from the instances it judges. */
struct judge_tally {
	struct finding_list findings;
	const struct source_sites **finding_src; /* each finding's source */
	size_t alloc_finding_src;
	size_t verdicts[SCAN__COUNT];
	size_t unattributed[UNATTRIBUTED__COUNT];
	struct judged *judged;
	size_t nr_judged, alloc_judged;
	int want_records;
	struct instance_record *records;
	size_t nr_records, alloc_records;
};

/* Append b's findings, records and counts to a (and free b's arrays). */
void judge_tally_merge(struct judge_tally *a, struct judge_tally *b);

/*
 * Take back what came from sources found not to match the build -- by
 * any unit, before or after the instance was judged, so that the outcome
 * does not depend on the order of the files: their findings, records and
 * counts, and the sites' "seen" marks.  Returns the instances dropped.
 */
size_t judge_drop_mismatched(struct judge_tally *t);

/*
 * Judge one instance: its verdict counted in t, a finding for torn,
 * duplicated and widened, a record when t->want_records.  The object's
 * size: the source's type index when it knows, else the unit's DWARF at
 * the instance's first address.  unit: all the unit's instances (or
 * NULL), so that a function is decoded only as far as its instances
 * reach.  cache: the sources, for the loops of callers not lexed yet.
 */
enum scan_verdict judge_instance(struct line_unit *u,
				 struct source_cache *cache,
				 struct decode_cache *dc,
				 const struct site_instance *in,
				 const struct instance_list *unit,
				 struct judge_tally *t);

#endif
