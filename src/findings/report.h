/*
 * Writing findings: GCC-style text, JSON and SARIF 2.1.0.  Shared by
 * audit's lexical and clang engines and by scan, so all print the same
 * way; scan's findings carry note lines (text: "path:line:col: note:",
 * JSON and SARIF: a "notes" array).
 *
 *   text:  path:line:col: warning: message [rule-id]
 *          (bold/colour only when opts->color is set: the caller decides
 *          with want_color(), which checks for a terminal and NO_COLOR)
 *   json:  {"tool":..., "findings":[{path, line, column, end_line,
 *          end_column, rule, message, type, type_canonical, fixable}],
 *          "summary":{rule: count}}
 *   sarif: one run; tool.driver with every rule of rules.def (stable ids),
 *          results with ruleId/ruleIndex, repo-relative artifactLocation
 *          URIs against uriBaseId %SRCROOT%, regions (1-based line and
 *          column, columns in Unicode code points), partialFingerprints.
 */
#ifndef RWONCE_FINDINGS_REPORT_H
#define RWONCE_FINDINGS_REPORT_H

#include <stdio.h>

#include "findings/finding.h"
#include "lib/strbuf.h"

enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_SARIF,
};

struct report_options {
	enum report_format format;
	int color;               /* text: colour escapes */
	const char *engine;      /* "lexical" or "clang" */
	const char *srcroot;     /* SARIF: URIs are relative to this folder
				    (default: the current directory) */
	const char *command;     /* "audit" (NULL) or "scan": the rules the
				    JSON summary and SARIF list */
	const char *json_extra;  /* JSON: one more member ("name": value)
				    after "summary", or NULL */
};

/* "text", "json", "sarif" -> format; -1 if unknown. */
int report_parse_format(const char *name);

/*
 * Write the findings (sorted by the caller) to f.  Returns 0, or -1 when
 * writing failed (after error()).
 */
int report_write(FILE *f, const struct finding_list *l,
		 const struct report_options *o);

/* "rwonce audit: 3 findings in 2 of 10 files: access-once 2, ..." */
void report_summary(FILE *f, const struct finding_list *l, size_t files);

#endif
