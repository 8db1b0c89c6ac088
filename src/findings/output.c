/* The findings' output options and the end of a run (output.h). */
#include "findings/output.h"
#include "findings/baseline.h"
#include "lib/messages.h"
#include "lib/util.h"

#include <string.h>
#include <unistd.h>

int findings_output_check(struct findings_output *o, const char *command)
{
	int fmt = report_parse_format(o->format);

	if (fmt < 0)
		return error("--format: unknown format '%s' (text, json, sarif "
			     "or html)", o->format);
	o->fmt = (enum report_format)fmt;
	/* A bad baseline is said now, not after the whole run. */
	if (o->baseline) {
		struct baseline b = BASELINE_INIT;
		struct strbuf why = STRBUF_INIT;
		int r = baseline_load(&b, o->baseline, command, &why);

		if (r)
			error("%s", why.buf);
		baseline_release(&b);
		strbuf_release(&why);
		if (r)
			return -1;
	}
	if (o->fmt == REPORT_SARIF)
		messages_keep();
	return 0;
}

int findings_output_write(const struct findings_output *o,
			  struct finding_list *l, struct report_options *ro,
			  struct triage_counts *c)
{
	struct source_files *src = source_files_new();
	struct triage_options to;
	int ret = 0;

	memset(&to, 0, sizeof(to));
	to.command = ro->command ? ro->command : "audit";
	to.srcroot = o->srcroot;
	to.baseline = o->baseline;
	if (findings_triage(l, src, &to, c))
		ret = -1;
	ro->format = o->fmt;
	ro->color = o->fmt == REPORT_TEXT && color_wanted(o->color, 1);
	ro->no_source = o->no_source || o->quiet;
	ro->verbose = o->verbose;
	ro->srcroot = o->srcroot;
	ro->sarif_category = o->sarif_category;
	ro->sources = src;
	ro->counts = c;
	ro->trouble |= ret;
	if (report_write(stdout, l, ro))
		ret = -1;
	source_files_free(src);
	return ret;
}
