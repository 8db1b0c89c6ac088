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

/* Make paths under the current directory relative in what is printed. */
void judge_set_cwd(const char *cwd);
/* 1: say on stderr why each unattributed instance is; 2: also list every
 * access decoded for each instance (for debugging the attribution). */
void judge_set_verbose(int level);

/* path as printed: relative to the current directory when under it. */
const char *judge_shown(const char *path);

/* One instance as a JSON object (--json: every instance, not only the
 * findings), with what to sort the list by. */
struct instance_record {
	const char *path;   /* the source's (lives as long as the cache) */
	unsigned line, col;
	uint64_t addr;      /* its first address, as objdump shows it */
	char *json;
};

/* What a worker gathers from the instances it judges. */
struct judge_tally {
	struct finding_list findings;
	size_t verdicts[SCAN__COUNT];
	size_t unattributed[UNATTRIBUTED__COUNT];
	int want_records;
	struct instance_record *records;
	size_t nr_records, alloc_records;
};

/*
 * Judge one instance: its verdict counted in t, a finding for torn,
 * duplicated and widened, a record when t->want_records.  The object's
 * size: the source's type index when it knows, else the unit's DWARF at
 * the instance's first address.  unit: all the unit's instances (or
 * NULL), so that a function is decoded only as far as its instances
 * reach.
 */
enum scan_verdict judge_instance(struct line_unit *u,
				 struct decode_cache *dc,
				 const struct site_instance *in,
				 const struct instance_list *unit,
				 struct judge_tally *t);

#endif
