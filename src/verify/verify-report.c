/*
 * What rwonce verify says: a short report for people and JSON for
 * programs (the header for build systems is verify-header.c).
 *
 * The short report puts first what a reader looks for: the verdict and
 * the summary sentences (verify-summary.c), then, for each probe that was
 * not ok, the accesses the tracer saw in one configuration and the list
 * of the others.  The tables of every probe in every configuration, mostly
 * "ok", come after it with --details, or go to the file --report names.
 */
#include "verify/verify.h"
#include "lib/json.h"
#include "lib/replace-file.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

const char *verify_short_verdict(const struct probe_result *pr)
{
	static const struct { unsigned bit; const char *s; } v[] = {
		{ V_DUPLICATED, "DUP" }, { V_TORN, "TORN" }, { V_FUSED, "FUSED" },
		{ V_WIDENED, "WIDE" }, { V_ELIDED, "ELIDED" },
		{ V_REORDERED, "REORD" }, { V_UNOBSERVABLE, "unobs" },
	};

	if (pr->not_compiled)
		return "NOCC";
	if (!pr->ran)
		return "-";
	for (size_t i = 0; i < ARRAY_SIZE(v); i++)
		if (pr->verdict & v[i].bit)
			return v[i].s;
	return "ok";
}

static const char *color_of(const struct probe_result *pr, int control)
{
	if (pr->not_compiled)
		return "\033[1;31m";
	if (!pr->ran)
		return "";
	if (!pr->verdict)
		return "\033[32m";
	if (!(pr->verdict & ~V_UNOBSERVABLE))
		return "\033[33m";
	return control ? "\033[35m" : "\033[1;31m";
}

static void print_cell(FILE *f, const char *text, const char *color, int use)
{
	if (use && *color)
		fprintf(f, " %s%-6s\033[0m", color, text);
	else
		fprintf(f, " %-6s", text);
}

static void print_group(FILE *f, const struct build_config *c, size_t from, size_t to,
			const struct config_result *r,
			const struct probe_set *set, int color)
{
	size_t width = 10;

	fprintf(f, "%s %s (%s), tracer %s%s%s\n", c[from].cc->name,
		c[from].target->name, c[from].cc->version,
		tracer_name(c[from].tracer), *c[from].flags ? ", flags " : "",
		c[from].flags);
	{
		size_t bad = 0;
		for (size_t k = from; k < to; k++)
			bad += r[k].state == CONFIG_TROUBLE;
		if (bad == to - from) {
			fprintf(f, "  (could not be checked: see the error above)\n\n");
			return;
		}
	}
	for (size_t i = 0; i < set->nr; i++)
		if (strlen(set->p[i].name) > width)
			width = strlen(set->p[i].name);
	fprintf(f, "  %-*s", (int)width, "probe");
	for (size_t k = from; k < to; k++) {
		char col[16];
		snprintf(col, sizeof(col), "%s%s", c[k].opt + 1, c[k].variant == BACKEND_ATOMIC ? "/a" : "");
		fprintf(f, " %-6s", col);
	}
	fputc('\n', f);
	for (int control = 0; control < 2; control++) {
		int any = 0;

		for (size_t i = 0; i < set->nr; i++) {
			if (set->p[i].control != control)
				continue;
			if (control && !any)
				fprintf(f, "  -- controls: the raw volatile cast (informative)\n");
			any = 1;
			fprintf(f, "  %-*s", (int)width, set->p[i].name);
			for (size_t k = from; k < to; k++) {
				if (r[k].state == CONFIG_TROUBLE)
					print_cell(f, "ERROR", "\033[1;31m", color);
				else
					print_cell(f, verify_short_verdict(&r[k].probes[i]),
						   color_of(&r[k].probes[i], control), color);
			}
			fputc('\n', f);
		}
	}
	fputc('\n', f);
}

/* Per probe that was not ok: the accesses of up to max_shown
 * configurations, then the list of the others. */
static void print_failures(FILE *f, const struct build_config *c, size_t nr,
			   const struct config_result *r,
			   const struct probe_set *set, size_t max_shown)
{
	int header = 0;

	for (int control = 0; control < 2; control++)
		for (size_t i = 0; i < set->nr; i++) {
			const struct probe *p = &set->p[i];
			size_t shown = 0, more = 0, last_group = (size_t)-1;
			struct strbuf rest = STRBUF_INIT;

			if (p->control != control)
				continue;
			for (size_t k = 0; k < nr; k++) {
				const struct probe_result *pr;
				char list[128];
				const char *label;

				if (r[k].state == CONFIG_TROUBLE)
					continue;
				pr = &r[k].probes[i];
				if (!pr->ran || !pr->verdict)
					continue;
				label = c[k].label;
				if (shown >= max_shown) {
					/* "clang-19 x86_64 -O2 -O3; clang-19 i386 -O1" */
					if (more && c[k].group == last_group)
						strbuf_addf(&rest, " %s%s", c[k].opt,
							    c[k].variant == BACKEND_ATOMIC ? "/atomic" : "");
					else
						strbuf_addf(&rest, "%s%s %s %s%s%s%s", more ? "; " : "",
							    c[k].cc->name, c[k].target->name,
							    *c[k].flags ? c[k].flags : "",
							    *c[k].flags ? " " : "", c[k].opt,
							    c[k].variant == BACKEND_ATOMIC ? "/atomic" : "");
					more++;
					last_group = c[k].group;
					continue;
				}
				if (!header++)
					fprintf(f, "\nProbes that were not ok, with the accesses the tracer saw%s:\n",
						max_shown == 1 ? " in one configuration" : "");
				verdict_list(pr->verdict, list, sizeof(list));
				struct strbuf ex = STRBUF_INIT;
				probe_format_expect(p, &ex);
				fput_visible_line(f, "%s%s  %s: %s (expected %s)  %s:%u", p->name,
					control ? " [control]" : "", label, list,
					ex.buf, p->file, p->line);
				strbuf_release(&ex);
				for (size_t j = 0; j < pr->nr_seen; j++) {
					const struct seen_access *s = &pr->seen[j];
					static const char *cls[] = { "", "piece", "fused", "widened" };
					fput_visible_line(f, "    %c%lld:%u %-8s 0x%llx %-28s %s",
						s->a.kind, (long long)s->a.off, s->a.size,
						cls[s->a.cls], (unsigned long long)s->a.pc,
						s->where, s->disas);
				}
				if (!pr->nr_seen)
					fprintf(f, "    (no access to the object)\n");
				for (size_t j = 0; j < pr->nr_blind && j < 4; j++)
					fprintf(f, "    not visible to the tracer: %s\n", pr->blind[j]);
				if (pr->nr_blind > 4)
					fprintf(f, "    ... %zu more instructions not visible to the tracer\n",
						pr->nr_blind - 4);
				shown++;
			}
			if (more)
				fprintf(f, "%s: also in %s\n", p->name, rest.buf);
			strbuf_release(&rest);
		}
}

/* Every probe in every configuration, and the legend. */
static void print_tables(FILE *f, const struct build_config *c, size_t nr,
			 const struct config_result *r,
			 const struct probe_set *set, int color)
{
	for (size_t from = 0; from < nr; ) {
		size_t to = from + 1;

		while (to < nr && c[to].group == c[from].group)
			to++;
		print_group(f, c, from, to, r, set, color);
		from = to;
	}
	fprintf(f, "Columns: -O level, /a = RWONCE_BACKEND_ATOMIC.  Cells: ok, DUP duplicated, TORN torn,\n"
		   "FUSED fused, WIDE widened, ELIDED elided, REORD reordered, unobs unobservable\n"
		   "(the tracer cannot see the instructions), NOCC its file did not compile,\n"
		   "- not run (controls need one backend).\n");
}

/* The report; details: the tables and up to 3 configurations' accesses
 * per probe instead of one.  report_path: where the full one went. */
static void print_report(FILE *f, const struct build_config *c, size_t nr,
			 const struct config_result *r,
			 const struct probe_set *set, int color, int details,
			 const char *report_path)
{
	size_t lib_bad = 0, trouble = 0;
	double compile = 0, trace = 0;

	for (size_t k = 0; k < nr; k++) {
		compile += r[k].compile_s;
		trace += r[k].trace_s;
		trouble += r[k].trouble != NULL;
		lib_bad += r[k].state == CONFIG_VIOLATIONS;
	}
	fprintf(f, "verdict: %s\n", trouble || !verify_nr_checked(r, nr, set) ?
		"TROUBLE" : lib_bad ? "VIOLATIONS" : "ok");
	verify_summary(f, c, nr, r, set);
	if (details) {
		fputc('\n', f);
		print_tables(f, c, nr, r, set, color);
	}
	print_failures(f, c, nr, r, set, details ? 3 : 1);
	fprintf(f, "\n(compile %.1f s, trace %.1f s of work)\n", compile, trace);
	if (report_path)
		fprintf(f, "Every probe in every configuration: %s\n", report_path);
	else if (!details)
		fprintf(f, "Every probe in every configuration: rwonce verify --details\n");
}

int report_text(FILE *f, const struct build_config *c, size_t nr,
		const struct config_result *r, const struct probe_set *set,
		int color, int details, const char *report_path)
{
	char *full = NULL;
	size_t len = 0;
	FILE *mem;
	int ret = 0;

	if (report_path) {
		mem = open_memstream(&full, &len);
		if (!mem)
			die_errno("cannot make the report for %s", report_path);
		print_report(mem, c, nr, r, set, 0, 1, NULL);
		if (fclose(mem))
			die_errno("cannot make the report for %s", report_path);
		ret = verify_write_file(report_path, full, len);
		free(full);
		if (ret)
			report_path = NULL;
	}
	if (f)
		print_report(f, c, nr, r, set, color, details, report_path);
	return ret;
}

int verify_write_file(const char *path, const char *text, size_t len)
{
	struct replace_file r;

	/* the mode: as a new file's, or the existing file's (replace-file.h) */
	if (replace_file_begin(&r, path) < 0 ||
	    replace_file_write(&r, text, len) < 0 ||
	    replace_file_commit(&r) < 0) {
		error("cannot write %s: %s", path, strerror(errno));
		replace_file_abort(&r);
		return -1;
	}
	return 0;
}

static void json_str(FILE *f, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	json_add_string(&sb, s);
	fputs(sb.buf, f);
	strbuf_release(&sb);
}

void report_json(FILE *f, const struct build_config *c, size_t nr,
		 const struct config_result *r, const struct probe_set *set)
{
	int trouble = 0, bad = 0;

	fprintf(f, "{\n  \"configurations\": [");
	for (size_t k = 0; k < nr; k++) {
		const struct config_result *cr = &r[k];
		static const char *state[] = { "ok", "violations", "trouble" };

		trouble |= cr->state == CONFIG_TROUBLE;
		bad |= cr->state == CONFIG_VIOLATIONS;
		fprintf(f, "%s\n    {\"compiler\": ", k ? "," : "");
		json_str(f, c[k].cc->name);
		fprintf(f, ", \"compiler_version\": ");
		json_str(f, c[k].cc->version);
		fprintf(f, ", \"driver\": ");
		json_str(f, c[k].driver);
		fprintf(f, ", \"target\": ");
		json_str(f, c[k].target->name);
		fprintf(f, ", \"opt\": ");
		json_str(f, c[k].opt);
		fprintf(f, ", \"flags\": ");
		json_str(f, c[k].flags);
		fprintf(f, ", \"backend\": \"%s\", \"tracer\": \"%s\", \"status\": \"%s\"",
			c[k].variant == BACKEND_ATOMIC ? "atomic" : "volatile", tracer_name(c[k].tracer),
			state[cr->state]);
		fprintf(f, ", \"checked\": %s", cr->state != CONFIG_TROUBLE &&
			!verify_config_unchecked(cr, set) ? "true" : "false");
		fprintf(f, ", \"compile_seconds\": %.3f, \"trace_seconds\": %.3f",
			cr->compile_s, cr->trace_s);
		if (cr->state == CONFIG_TROUBLE) {
			fprintf(f, ", \"error\": ");
			json_str(f, cr->trouble);
			fprintf(f, ", \"probes\": []}");
			continue;
		}
		fprintf(f, ", \"probes\": [");
		int first = 1;
		for (size_t i = 0; i < set->nr; i++) {
			const struct probe_result *pr = &cr->probes[i];
			struct strbuf ex = STRBUF_INIT;
			char list[128];

			if (!pr->ran)
				continue;
			probe_format_expect(&set->p[i], &ex);
			fprintf(f, "%s\n      {\"name\": ", first ? "" : ",");
			first = 0;
			json_str(f, set->p[i].name);
			fprintf(f, ", \"control\": %s, \"file\": ",
				set->p[i].control ? "true" : "false");
			json_str(f, set->p[i].file);
			fprintf(f, ", \"line\": %u, \"expected\": ", set->p[i].line);
			json_str(f, ex.buf);
			strbuf_release(&ex);
			fprintf(f, ", \"verdict\": \"%s\", \"verdicts\": [",
				verdict_headline(pr->verdict));
			verdict_list(pr->verdict, list, sizeof(list));
			if (pr->verdict) {
				char *save = NULL;
				int n = 0;
				for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save))
					fprintf(f, "%s\"%s\"", n++ ? ", " : "", t);
			}
			fprintf(f, "], \"accesses\": [");
			for (size_t j = 0; j < pr->nr_seen; j++) {
				const struct seen_access *s = &pr->seen[j];
				fprintf(f, "%s{\"kind\": \"%c\", \"offset\": %lld, \"size\": %u, \"pc\": \"0x%llx\", \"where\": ",
					j ? ", " : "", s->a.kind, (long long)s->a.off,
					s->a.size, (unsigned long long)s->a.pc);
				json_str(f, s->where);
				fprintf(f, ", \"disassembly\": ");
				json_str(f, s->disas);
				fputc('}', f);
			}
			fprintf(f, "], \"blind\": [");
			for (size_t j = 0; j < pr->nr_blind; j++) {
				fprintf(f, "%s", j ? ", " : "");
				json_str(f, pr->blind[j]);
			}
			fprintf(f, "]}");
		}
		fprintf(f, "\n    ]}");
	}
	{
		size_t ok = 0, broke = 0, unobs = 0, ctl = 0, ctl_bad = 0;

		for (size_t k = 0; k < nr; k++)
			for (size_t i = 0; r[k].state != CONFIG_TROUBLE && i < set->nr; i++) {
				const struct probe_result *pr = &r[k].probes[i];

				if (!pr->ran)
					continue;
				if (set->p[i].control) {
					ctl++;
					ctl_bad += pr->verdict != 0;
				} else if (!pr->verdict) {
					ok++;
				} else if (!(pr->verdict & ~V_UNOBSERVABLE)) {
					unobs++;
				} else {
					broke++;
				}
			}
		fprintf(f, "\n  ],\n  \"summary\": {\"configurations\": %zu, \"ok\": %zu, "
			"\"broke\": %zu, \"unobservable\": %zu, \"controls\": %zu, "
			"\"controls_not_ok\": %zu},", nr, ok, broke, unobs, ctl, ctl_bad);
	}
	fprintf(f, "\n  \"status\": \"%s\"\n}\n",
		trouble || !verify_nr_checked(r, nr, set) ? "trouble" : bad ? "violations" : "ok");
}
