/*
 * Writing findings: GCC-style text, JSON, SARIF 2.1.0 and HTML.  Shared by
 * audit's lexical and clang engines and by scan, so all print the same
 * way.  The findings come sorted and triaged (triage.h): each has its
 * fingerprint, and those suppressed in the source or in the baseline are
 * marked.
 *
 *   text:  path:line:col: warning: message [rule-id]
 *             14 |   x = ACCESS_ONCE(flag);
 *                |       ^~~~~~~~~~~~~~~~~
 *          path:line:col: note: ...      (scan: function, inline chain,
 *                                         instructions)
 *          The source line and caret unless no_source (-q, --no-source);
 *          with verbose, the suppressed and baselined findings as notes.
 *          Colour only when opts->color is set (the caller decides with
 *          color_wanted()).
 *   json:  {"tool":..., "findings":[{path, line, column, end_line,
 *          end_column, rule, message, type, type_canonical, fixable,
 *          function, fingerprint, notes}], "suppressed": [... with
 *          "justification"], "baselined": [...] (each only when not
 *          empty), "summary":{rule: count}, "unchecked": [{path, level,
 *          reason}]}; a path that is not UTF-8 has "path_bytes" too
 *   sarif: one run, its automationDetails.id "CATEGORY/" (default
 *          rwonce/audit or rwonce/scan); tool.driver (fullName) with
 *          every rule of the command (stable ids, full descriptions,
 *          help.text and help.markdown: the man page's text for the
 *          rule; no helpUri, the manual has no URL), results with ruleId
 *          and ruleIndex, %SRCROOT%-relative URIs, regions in code points
 *          with their snippet and the lines around as contextRegion,
 *          partialFingerprints, relatedLocations -- each cited in the
 *          message as [text](id), as GitHub links them -- and a codeFlow
 *          (scan's inline chain and instructions), fixes (audit: fix's edit),
 *          suppressions (rwonce-ignore comments); the invocation with
 *          every error and warning the run printed
 *          (toolExecutionNotifications: each input that was not checked with
 *          its artifact URI and reason first, then the other messages).
 *   html:  one self-contained page (html.c).
 */
#ifndef RWONCE_FINDINGS_REPORT_H
#define RWONCE_FINDINGS_REPORT_H

#include <stdio.h>

#include "findings/finding.h"
#include "findings/source.h"
#include "findings/triage.h"
#include "lib/strbuf.h"

enum report_format {
	REPORT_TEXT,
	REPORT_JSON,
	REPORT_SARIF,
	REPORT_HTML,
	REPORT_CODEQUALITY, /* GitLab Code Quality (ci-formats.c) */
	REPORT_GITHUB,      /* GitHub workflow annotations (ci-formats.c) */
};

struct report_options {
	enum report_format format;
	int color;               /* text: colour escapes */
	int no_source;           /* text: no source line and caret */
	int verbose;             /* text: list suppressed and baselined */
	const char *engine;      /* "lexical" or "clang" */
	const char *srcroot;     /* SARIF: URIs are relative to this folder
				    (default: the current directory) */
	const char *command;     /* the command run ("audit", "scan"): the rules the
				    JSON summary and SARIF list */
	const char *json_extra;  /* JSON: one more member ("name": value)
				    after "summary", or NULL */
	struct source_files *sources; /* the findings' sources (NULL: the
				    writer reads them itself) */
	const struct triage_counts *counts; /* HTML, SARIF: how many were
				    suppressed and baselined, or NULL */
	int trouble;             /* SARIF: some input was not checked */
	const char *title;       /* HTML: what was checked, for the heading */
	const int *rules_on;     /* triage: the rules the run checked, or
				    NULL (findings/triage.h) */
	const char *const *marked; /* triage: files with rwonce-ignore
				    markers (findings/triage.h) */
	size_t nr_marked;
	const struct finding_list *absent; /* SARIF: the baseline's findings
				    the run has no more, or NULL */
	const char *config;      /* JSON, SARIF: the config file the run
				    read (lib/config.h), or NULL */
	const char *sarif_category; /* SARIF: automationDetails.id's category
				    (NULL: rwonce/COMMAND) */
};

/* "text", "json", "sarif", "html" -> format; -1 if unknown. */
int report_parse_format(const char *name);

/*
 * Write the findings (sorted by the caller) to f.  Returns 0, or -1 when
 * writing failed (after error()).
 */
int report_write(FILE *f, const struct finding_list *l,
		 const struct report_options *o);

/* "rwonce audit: 3 findings in 2 of 10 files: access-once 2, ...", with
 * the suppressed and baselined ones counted when c says so. */
void report_summary(FILE *f, const struct finding_list *l, size_t files,
		    const struct triage_counts *c);

/* The man page section that documents the rule ("rwonce-audit(1)#RULES"),
 * its full description, and that section's text for it as Markdown
 * (NULL if the page has none), for SARIF and HTML. */
const char *rule_help_page(int rule);
const char *rule_description(int rule);
const char *rule_help_markdown(int rule);

/* ci-formats.c */
int report_write_codequality(FILE *f, const struct finding_list *l,
			     const struct report_options *o);
int report_write_github(FILE *f, const struct finding_list *l,
			const struct report_options *o);

/* html.c */
int report_write_html(FILE *f, const struct finding_list *l,
		      const struct report_options *o);

#endif
