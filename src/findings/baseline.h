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

/*
 * The key of the fingerprint in SARIF's partialFingerprints.  v3: the
 * rule, the file, the site's text, its line and the nearest lines above
 * and below it with text, and the function only for sites that are
 * otherwise identical -- so renaming the function keeps a finding.  v2
 * (rwonce before it) hashed the function always; a v2 baseline is still
 * read, and matched by v2 fingerprints computed for it.
 */
#define FINGERPRINT_SARIF_KEY "rwonceFindingHash/v3"
#define FINGERPRINT_SARIF_KEY_V2 "rwonceFindingHash/v2"
/* JSON: the member that says the fingerprints are v3 (absent: v2). */
#define FINGERPRINT_JSON_VERSION "fingerprint_version"

#include "findings/finding.h"

struct baseline {
	struct strset fingerprints;
	struct strset suppressed; /* JSON: those of its suppressed findings
				    (only for SARIF's baselineState) */
	size_t findings;         /* how many the file holds */
	int version;             /* of its fingerprints: 2 or 3 */
	struct finding_list entries; /* each with rule, place, message and
				    fingerprint, for SARIF's "absent" */
};
#define BASELINE_INIT { STRSET_INIT, STRSET_INIT, 0, 3, FINDING_LIST_INIT }

/*
 * The baseline's findings that no finding of the run matches (by the
 * fingerprints of the baseline's version: fps[i] is l's i-th, alt[i]
 * another it may be known by, alt may be NULL), appended
 * to absent with baseline_state BASELINE_ABSENT.
 */
void baseline_take_absent(struct baseline *b, const struct finding_list *l,
			  char *const *fps, char *const *alt,
			  struct finding_list *absent);

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
