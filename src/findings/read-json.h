#ifndef RWONCE_FINDINGS_READ_JSON_H
#define RWONCE_FINDINGS_READ_JSON_H

#include "findings/finding.h"

/* Which of the shapes report.c writes a document has (formats bits). */
#define FINDINGS_DOC_JSON 1u  /* rwonce's --format=json: "findings",
				 "suppressed" or "baselined" */
#define FINDINGS_DOC_SARIF 2u /* SARIF 2.1.0: "runs" */

/* A result of an earlier run, read back. */
struct findings_doc {
	/*
	 * Every finding, in the file's order.  rwonce's JSON: those of
	 * "findings", of "suppressed" (suppression set: the
	 * "justification", "" without one) and of "baselined" (baselined
	 * set).  SARIF: each run's results (rule, message, the first
	 * location's uri, line and column, the fingerprint).
	 */
	struct finding_list list;
	unsigned formats;            /* FINDINGS_DOC_* met; both: no shape */
	unsigned fingerprint_version; /* JSON: its "fingerprint_version"
					 (0 when absent: v2) */
	int sarif_v2, sarif_v3;      /* SARIF: the partialFingerprints keys
					met (baseline.h's v2 and v3) */
};
#define FINDINGS_DOC_INIT { FINDING_LIST_INIT, 0, 0, 0, 0 }

enum findings_read_status {
	FINDINGS_READ_OK = 0,
	FINDINGS_READ_BAD_SHAPE = -1, /* JSON, but not of a shape above */
	FINDINGS_READ_NOT_JSON = -2,  /* not well-formed JSON */
};

/*
 * Read rwonce's --format=json or --format=sarif output (audit's or
 * scan's; report.c writes both) into *doc: the one reader beside the
 * writer, for what takes a result of an earlier run as input --
 * --baseline (baseline.c) and fix --from-scan.
 *
 * A finding of the JSON: path ("path_bytes" when the name is not
 * UTF-8), line, column, end, rule (-1 when this rwonce does not know
 * it), message, type, type_canonical, fixable, size, function,
 * fingerprint, justification.  Members it does not know are passed
 * over, so an older or newer rwonce's output reads (an older scan has
 * no "size": 0, unknown); a member it knows with a value of another
 * type (a line that is no number, a path that is no string) is not
 * rwonce's output: FINDINGS_READ_BAD_SHAPE.  A document that is an
 * object but has none of the members above reads with formats 0.
 *
 * FINDINGS_READ_OK, or the status with *offset the byte where the
 * reading stopped; doc->list holds what was read before it.
 */
enum findings_read_status findings_read_json(const char *text, size_t len,
					     struct findings_doc *doc,
					     size_t *offset);
void findings_doc_release(struct findings_doc *doc);

#endif
