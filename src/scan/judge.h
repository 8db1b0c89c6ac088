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

/*
 * The object's size: the source's type index when it knows, else the
 * unit's DWARF at the instance's first address.  unit: all the unit's
 * instances (or NULL), so that a function is decoded only as far as its
 * instances reach.
 */
enum scan_verdict judge_instance(struct line_unit *u,
				 struct decode_cache *dc,
				 const struct site_instance *in,
				 const struct instance_list *unit,
				 struct finding_list *findings);

#endif
