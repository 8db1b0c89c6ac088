/* The findings' output options and the end of a run (output.h). */
#include "findings/output.h"
#include "findings/baseline.h"
#include "lib/messages.h"
#include "lib/replace-file.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int findings_output_fail_on(const struct option *opt, const char *arg)
{
	struct findings_output *o = opt->value;
	int l = level_parse(arg);

	if (l < 0)
		return error("--fail-on: unknown level '%s' (error, warning or "
			     "note)", arg);
	o->fail_on = arg;
	o->fail_level = (enum level)l;
	return 0;
}

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

/*
 * --update-baseline FILE: every finding that is not suppressed, in
 * rwonce's JSON, replacing FILE whole (nothing half-written); they are
 * then in the baseline.  0, or -1 after error().
 */
static int update_baseline(const char *path, struct finding_list *l,
			   const struct report_options *ro,
			   struct triage_counts *c)
{
	struct report_options jo = *ro;
	struct replace_file r;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	int ret = 0;

	for (size_t i = 0; i < l->nr; i++)
		if (!l->items[i].suppression && !l->items[i].baselined) {
			l->items[i].baselined = 1;
			c->baselined++;
		}
	c->active = 0;
	c->baseline_size = c->baselined;
	jo.format = REPORT_JSON;
	mem = open_memstream(&buf, &len);
	if (!mem || report_write(mem, l, &jo) || fclose(mem))
		return error("--update-baseline %s: cannot make its text", path);
	if (replace_file_begin(&r, path) || replace_file_write(&r, buf, len) ||
	    replace_file_close(&r) || replace_file_commit(&r)) {
		ret = error("--update-baseline %s: %s", path, strerror(errno));
		replace_file_abort(&r);
	}
	free(buf);
	return ret;
}

int findings_output_write(const struct findings_output *o,
			  struct finding_list *l, struct report_options *ro,
			  struct triage_counts *c)
{
	struct source_files *src = source_files_new();
	struct finding_list absent = FINDING_LIST_INIT;
	struct triage_options to;
	int ret = 0;

	memset(&to, 0, sizeof(to));
	to.command = ro->command ? ro->command : "audit";
	to.srcroot = o->srcroot;
	to.baseline = o->baseline;
	to.absent = &absent;
	to.rules_on = ro->rules_on;
	to.marked = ro->marked;
	to.nr_marked = ro->nr_marked;
	if (findings_triage(l, src, &to, c))
		ret = -1;
	ro->absent = &absent;
	if (o->update_baseline && !ret &&
	    update_baseline(o->update_baseline, l, ro, c))
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
	ro->absent = NULL;
	finding_list_release(&absent);
	source_files_free(src);
	return ret;
}

size_t findings_output_failing(const struct findings_output *o,
			       const struct finding_list *l,
			       const char *command)
{
	size_t failing = 0, below = 0;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (!finding_is_active(x))
			continue;
		if (rules[x->rule].level >= o->fail_level)
			failing++;
		else
			below++;
	}
	if (below && !o->quiet)
		fprintf(stderr, "rwonce %s: %zu finding%s below --fail-on=%s, "
			"not counted in the exit status\n", command, below,
			below == 1 ? "" : "s", level_name(o->fail_level));
	return failing;
}
