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
#include <sys/stat.h>
#include <unistd.h>

#define FORMATS "text, json, sarif, html, codequality or github"

/* "FORMAT=FILE" -> its format, *file the FILE; -1 after error(). */
static int output_spec(const char *spec, const char **file)
{
	const char *eq = strchr(spec, '=');
	char *name;
	int fmt;

	if (!eq || eq == spec || !eq[1])
		return error("--output '%s': not FORMAT=FILE (FORMAT: " FORMATS
			     "; FILE - for stdout)", spec);
	name = xstrndup(spec, (size_t)(eq - spec));
	fmt = report_parse_format(name);
	if (fmt < 0)
		error("--output '%s': unknown format '%s' (" FORMATS ")", spec,
		      name);
	free(name);
	*file = eq + 1;
	return fmt;
}

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
		return error("--format: unknown format '%s' (" FORMATS ")",
			     o->format);
	o->fmt = (enum report_format)fmt;
	for (size_t i = 0; i < o->outputs.nr; i++) {
		const char *file;
		int f = output_spec(o->outputs.items[i], &file);

		if (f < 0)
			return -1;
		if (f == REPORT_SARIF)
			messages_keep();
		if (strcmp(file, "-"))
			continue;
		if (o->stdout_taken)
			return error("--output: two reports on stdout ('-')");
		/* --format names what goes to stdout; only the default may
		 * give way to an --output on it */
		if (o->fmt != REPORT_TEXT)
			return error("--output %s and --format=%s both write "
				     "to stdout", o->outputs.items[i],
				     o->format);
		o->stdout_taken = 1;
	}
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

/*
 * One --output: the report in its format, to stdout ('-') or to the file,
 * replaced whole (a failure leaves what was there).  Colour only on a
 * terminal's stdout.  0, or -1 after error().
 */
static int write_output(const struct findings_output *o, const char *spec,
			const struct finding_list *l,
			const struct report_options *base)
{
	struct report_options ro = *base;
	struct replace_file rf;
	const char *file;
	char *buf = NULL;
	size_t len = 0;
	FILE *mem;
	int r;

	ro.format = (enum report_format)output_spec(spec, &file);
	if (!strcmp(file, "-")) {
		ro.color = ro.format == REPORT_TEXT && color_wanted(o->color, 1);
		return report_write(stdout, l, &ro);
	}
	ro.color = 0;
	mem = open_memstream(&buf, &len);
	if (!mem)
		return error("--output %s: %s", file, strerror(errno));
	r = report_write(mem, l, &ro);
	if (fclose(mem) || r) {
		free(buf);
		return error("--output %s: the report could not be made", file);
	}
	/* the mode: as a new file's, or the existing file's (replace-file.h) */
	if (replace_file_begin(&rf, file) ||
	    replace_file_write(&rf, buf, len) ||
	    replace_file_close(&rf) || replace_file_commit(&rf)) {
		int e = errno;

		replace_file_abort(&rf);
		free(buf);
		return error("--output %s: cannot write it: %s", file,
			     strerror(e));
	}
	free(buf);
	return 0;
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
	to.command = ro->command;
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
	if (!o->stdout_taken && report_write(stdout, l, ro))
		ret = -1;
	for (size_t i = 0; i < o->outputs.nr; i++)
		if (write_output(o, o->outputs.items[i], l, ro))
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

int findings_output_wants(const struct findings_output *o,
			  enum report_format f)
{
	const char *file;

	if (o->fmt == f && !o->stdout_taken)
		return 1;
	for (size_t i = 0; i < o->outputs.nr; i++)
		if (output_spec(o->outputs.items[i], &file) == (int)f)
			return 1;
	return 0;
}

void findings_output_release(struct findings_output *o)
{
	strlist_clear(&o->outputs);
}
