/*
 * What becomes of each finding before it is written, the same for audit
 * and scan:
 *
 *   fingerprint  rule, file (relative to --srcroot), function and the
 *                site's text without blanks, hashed, and which of the
 *                findings with that hash it is ("3f...c1:1"): a line
 *                inserted above the site changes neither, a copy of the
 *                site in the same function gets ":2".  Written to JSON
 *                ("fingerprint") and SARIF (partialFingerprints).
 *   suppression  a rwonce-ignore[RULE]: reason comment on its line or
 *                the line above (cfront/suppress.h): reported as
 *                suppressed, not as a finding.
 *   baseline     its fingerprint is in the --baseline file: counted, not
 *                reported.
 *
 * A suppression without a reason, with a malformed marker or an unknown
 * rule id is warned about (once per comment).
 */
#ifndef RWONCE_FINDINGS_TRIAGE_H
#define RWONCE_FINDINGS_TRIAGE_H

#include "findings/finding.h"
#include "findings/source.h"
#include "lib/strbuf.h"

struct triage_options {
	const char *command;   /* "audit" or "scan" */
	const char *srcroot;   /* paths relative to it (NULL: .) */
	const char *baseline;  /* --baseline FILE, or NULL */
};

struct triage_counts {
	size_t active;         /* reported: exit status 1 when any */
	size_t suppressed;
	size_t baselined;
	size_t baseline_size;  /* findings in the --baseline file */
};

/*
 * Fingerprint, suppress and baseline the findings of l (sorted), reading
 * their sources through src.  0, or -1 after error() when the baseline
 * cannot be used (then nothing is reported as baselined).
 */
int findings_triage(struct finding_list *l, struct source_files *src,
		    const struct triage_options *o, struct triage_counts *c);

/* ", 2 suppressed, 5 in the baseline (of 6)" for a summary line; nothing
 * when neither. */
void triage_summary(struct strbuf *sb, const struct triage_counts *c);

#endif
