/*
 * What becomes of each finding before it is written, the same for audit
 * and scan:
 *
 *   fingerprint  rule, file (relative to --srcroot), the site's text,
 *                its line and the nearest lines with text above and
 *                below it, without blanks, hashed (the function too,
 *                only when that is not enough to tell sites apart), and
 *                which of the findings with that hash it is
 *                ("3f...c1:1"): lines inserted or removed away from the
 *                site, and renaming its function, change neither.
 *                Written to JSON ("fingerprint") and SARIF
 *                (partialFingerprints, baseline.h).
 *   suppression  a rwonce-ignore[RULE]: reason comment on its line or
 *                the line above (cfront/suppress.h): reported as
 *                suppressed, not as a finding.
 *   baseline     its fingerprint is in the --baseline file: counted, not
 *                reported.
 *
 * A suppression without a reason, with a malformed marker or an unknown
 * rule id is warned about (once per comment); so is each of its ids
 * that suppressed nothing in the run (one of the command's rules that
 * was on), and a finding on lines a suppression covers for other
 * rules only.
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
	struct finding_list *absent; /* where the baseline's findings that
				  the run has no more go (SARIF "absent"),
				  or NULL */
	const int *rules_on;   /* [RULE__COUNT]: the rules the run checked
				  (NULL: all); a suppression of another
				  goes unnoted when unused */
	const char *const *marked; /* files with rwonce-ignore markers that
				  may have no finding: their unused
				  suppressions are noted too */
	size_t nr_marked;
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
