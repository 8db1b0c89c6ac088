/*
 * --baseline FILE: the findings of an earlier run (its --format=json or
 * SARIF output) that a run reports no more.  They are matched by the
 * fingerprint findings_triage() gives every finding (triage.h): the rule,
 * the file, the function and the text of the site, so that a line
 * inserted above keeps a finding the same and a new copy of it is new.
 */
#ifndef RWONCE_FINDINGS_BASELINE_H
#define RWONCE_FINDINGS_BASELINE_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "lib/strset.h"

/* The key of the fingerprint in SARIF's partialFingerprints. */
#define FINGERPRINT_SARIF_KEY "rwonceFindingHash/v2"

struct baseline {
	struct strset fingerprints;
	size_t findings;         /* how many the file holds */
};
#define BASELINE_INIT { STRSET_INIT, 0 }

/*
 * Read path, a result of `rwonce COMMAND` ("audit" or "scan"): rwonce's
 * JSON (the fingerprints of "findings" and of "baselined") or SARIF 2.1.0
 * (each result's partialFingerprints).  0, or -1 with one sentence in
 * *why: unreadable, not JSON, neither format, a finding without a
 * fingerprint (an older rwonce's output), another command's result.
 */
int baseline_load(struct baseline *b, const char *path, const char *command,
		  struct strbuf *why);
void baseline_release(struct baseline *b);

#endif
