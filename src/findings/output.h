/*
 * The output options of the commands that report findings (audit, scan),
 * declared once so that both spell and mean them alike, and the end of
 * their run: triage (fingerprints, rwonce-ignore comments, --baseline),
 * then the report in the format asked for.
 *
 *   struct findings_output out = FINDINGS_OUTPUT_INIT;
 *   struct option opts[] = {
 *           ...,
 *           OPT_FINDINGS_OUTPUT(&out, "what -v adds"),
 *           OPT_EXIT_STATUS("..."),
 *           OPT_END(),
 *   };
 *   if (findings_output_check(&out)) ...            after parse_options
 *   ...
 *   findings_output_write(&out, &list, &ro, &counts);  stdout; summary is
 *                                                      the command's
 */
#ifndef RWONCE_FINDINGS_OUTPUT_H
#define RWONCE_FINDINGS_OUTPUT_H

#include "findings/report.h"
#include "findings/triage.h"
#include "lib/parse-options.h"

struct findings_output {
	const char *format;     /* --format, --json */
	int quiet;              /* -q: one line per finding, no summary */
	int verbose;            /* -v: suppressed and baselined findings too
				   (scan: more, see its --help) */
	int color;              /* --color: enum color_when */
	int no_source;          /* --no-source */
	const char *baseline;   /* --baseline FILE */
	const char *srcroot;    /* --srcroot DIR */
	enum report_format fmt; /* format, parsed by findings_output_check */
	const char *sarif_category; /* --sarif-category NAME */
	const char *update_baseline; /* --update-baseline FILE */
	const char *fail_on;    /* --fail-on LEVEL */
	enum level fail_level;  /* fail_on, parsed by findings_output_fail_on */
	struct strlist outputs; /* --output FORMAT=FILE, repeatable */
	int stdout_taken;       /* an --output FORMAT=- writes stdout: the
				   --format report is not written there */
};
#define FINDINGS_OUTPUT_INIT { "text", 0, 0, COLOR_AUTO, 0, NULL, NULL, \
			       REPORT_TEXT, NULL, NULL, "note", LEVEL_NOTE,  \
			       STRLIST_INIT, 0 }

#define OPT_FINDINGS_OUTPUT(o, verbose_help)                                 \
	OPT_GROUP("Output"),                                                 \
	OPT_FORMAT(&(o)->format, "text (default), json, sarif, html, "      \
		   "codequality (GitLab) or github (workflow annotations)"), \
	OPT_LIST(0, "output", &(o)->outputs, "FORMAT=FILE",                  \
		 "also write the report in FORMAT to FILE (- : stdout, "     \
		 "instead of --format's); repeatable, one run"),             \
	OPT_JSON(&(o)->format),                                              \
	OPT_QUIET(&(o)->quiet, "one line per finding (and its notes), no "   \
		  "source lines, no summary"),                               \
	OPT_VERBOSE(&(o)->verbose, (verbose_help)),                          \
	OPT_COLOR(&(o)->color),                                              \
	OPT_BOOL(0, "no-source", &(o)->no_source,                            \
		 "text: no source line and caret under each finding"),       \
	OPT_STRING(0, "baseline", &(o)->baseline, "FILE",                    \
		   "report only findings that are not in FILE (an earlier "  \
		   "--format=json or sarif result)"),                        \
	OPT_STRING(0, "update-baseline", &(o)->update_baseline, "FILE",      \
		   "write every finding of the run to FILE (JSON) as the "   \
		   "new baseline, and take them as in it (exit 0)"),        \
	OPT_STRING(0, "srcroot", &(o)->srcroot, "DIR",                       \
		   "SARIF URIs and fingerprints relative to DIR (default: .)"), \
	OPT_STRING(0, "sarif-category", &(o)->sarif_category, "NAME",        \
		   "SARIF automationDetails.id NAME/: one per analysis "      \
		   "uploaded for a commit (default: rwonce/COMMAND)"),        \
	OPT_CALLBACK(0, "fail-on", (o), "LEVEL",                             \
		     "exit 1 only for findings at or above LEVEL: error, "    \
		     "warning or note (the default: every finding)",          \
		     findings_output_fail_on)

/* --fail-on LEVEL: the level known when it is given (on the command
 * line or in the config file, which then names its line). */
int findings_output_fail_on(const struct option *opt, const char *arg);

/* After parse_options(), before the work: the formats known (--format,
 * each --output's, at most one of them on stdout), the --baseline file a
 * result of `rwonce command` (else error(), -1); SARIF keeps the run's
 * messages for its invocation. */
int findings_output_check(struct findings_output *o, const char *command);

/*
 * Triage l for `rwonce command` and write it to stdout as o says, and to
 * each --output's file (whole or not at all: lib/replace-file.h);
 * ro: the command's part of the report options (engine, command,
 * json_extra, trouble, and for triage rules_on and the files with
 * rwonce-ignore markers), completed here.  With --update-baseline the
 * findings not suppressed are written to its file and counted as in the
 * baseline.  The counts in *c.  0, or -1
 * after error() (an unusable baseline, a failed write).
 */
int findings_output_write(const struct findings_output *o,
			  struct finding_list *l, struct report_options *ro,
			  struct triage_counts *c);

/*
 * After findings_output_write(): how many findings decide the exit
 * status -- those reported (neither suppressed nor in the baseline) at
 * or above --fail-on's level.  Unless -q, a line on stderr says how many
 * reported findings are below it and so do not count.
 */
size_t findings_output_failing(const struct findings_output *o,
			       const struct finding_list *l,
			       const char *command);

/* Does any report of the run (--format, an --output) have format f?
 * After findings_output_check(). */
int findings_output_wants(const struct findings_output *o,
			  enum report_format f);

/* The strings --output holds, released. */
void findings_output_release(struct findings_output *o);

#endif
