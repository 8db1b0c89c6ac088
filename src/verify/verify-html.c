/*
 * rwonce verify --format=html: the compiler x target x level matrix as
 * one self-contained page (lib/html.h).  The grid comes first -- a row
 * per compiler, target and flags, a cell per level and backend, coloured
 * by what the configuration gave -- and every cell links to its detail
 * below: each probe's verdict there, and for the probes that were not ok
 * the accesses the tracer saw.  The text report (verify-report.c) says the
 * same in words; this is for looking across forty configurations at once.
 */
#include "verify/verify.h"
#include "lib/html.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static const char grid_css[] =
	".grid td, .grid th { border: 1px solid #bbb; padding: 0.3em 0.6em; "
	"text-align: center; }\n"
	".grid th.row { text-align: left; font-weight: normal; }\n"
	".grid a { display: block; text-decoration: none; color: inherit; }\n"
	".ok { background: #c8ecc8; } .bad { background: #f4b4b4; }\n"
	".control { background: #e8d0f0; } .unobs { background: #f6e8a8; }\n"
	".trouble { background: #888; color: #fff; }\n"
	".probes td, .probes th { border: 1px solid #ddd; padding: 0.2em 0.5em; "
	"text-align: left; }\n"
	"section { margin-top: 1.5em; }\n";

/* The configuration's cell: its class and its words. */
static const char *config_class(const struct config_result *r,
				const struct probe_set *set)
{
	int unobs = 0, control = 0;

	if (r->state == CONFIG_TROUBLE)
		return "trouble";
	if (r->state == CONFIG_VIOLATIONS)
		return "bad";
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe_result *pr = &r->probes[i];

		if (!pr->ran || !pr->verdict)
			continue;
		if (set->p[i].control)
			control = 1;
		else if (!(pr->verdict & ~V_UNOBSERVABLE))
			unobs = 1;
	}
	return unobs ? "unobs" : control ? "control" : "ok";
}

static void config_words(const struct config_result *r,
			 const struct probe_set *set, struct strbuf *sb)
{
	size_t bad = 0, ran = 0;

	if (r->state == CONFIG_TROUBLE) {
		strbuf_addstr(sb, "not checked");
		return;
	}
	for (size_t i = 0; i < set->nr; i++) {
		ran += r->probes[i].ran;
		bad += r->probes[i].ran && r->probes[i].verdict &&
			!set->p[i].control;
	}
	if (bad)
		strbuf_addf(sb, "%zu of %zu not ok", bad, ran);
	else
		strbuf_addf(sb, "ok (%zu)", ran);
}

/* "O2", "O2 atomic" */
static void column_name(const struct build_config *c, struct strbuf *sb)
{
	html_escape_str(sb, c->opt + (c->opt[0] == '-'));
	if (c->variant == BACKEND_ATOMIC)
		strbuf_addstr(sb, " atomic");
}

/* Do the rows [a, a_end) and [b, b_end) have the same columns? */
static int same_columns(const struct build_config *c, size_t a, size_t a_end,
			size_t b, size_t b_end)
{
	if (a_end - a != b_end - b)
		return 0;
	for (; a < a_end; a++, b++)
		if (strcmp(c[a].opt, c[b].opt) || c[a].variant != c[b].variant)
			return 0;
	return 1;
}

static void grid(struct strbuf *sb, const struct build_config *c, size_t nr,
		 const struct config_result *r, const struct probe_set *set)
{
	size_t prev = 0, prev_end = 0;

	strbuf_addstr(sb, "<table class=\"grid\">\n");
	for (size_t from = 0; from < nr;) {
		size_t to = from + 1;

		while (to < nr && c[to].group == c[from].group)
			to++;
		/* a heading row whenever the columns change */
		if (!from || !same_columns(c, prev, prev_end, from, to)) {
			strbuf_addstr(sb, "<tr><th></th>");
			for (size_t k = from; k < to; k++) {
				strbuf_addstr(sb, "<th>");
				column_name(&c[k], sb);
				strbuf_addstr(sb, "</th>");
			}
			strbuf_addstr(sb, "</tr>\n");
		}
		strbuf_addstr(sb, "<tr><th class=\"row\">");
		html_escape_str(sb, c[from].cc->name);
		strbuf_addch(sb, ' ');
		html_escape_str(sb, c[from].target->name);
		if (*c[from].flags) {
			strbuf_addch(sb, ' ');
			html_escape_str(sb, c[from].flags);
		}
		strbuf_addstr(sb, " <span class=\"muted\">(");
		html_escape_str(sb, c[from].cc->version);
		strbuf_addf(sb, ", %s)</span></th>", tracer_name(c[from].tracer));
		for (size_t k = from; k < to; k++) {
			strbuf_addf(sb, "<td class=\"%s\"><a href=\"#cfg-%zu\">",
				    config_class(&r[k], set), k + 1);
			config_words(&r[k], set, sb);
			strbuf_addstr(sb, "</a></td>");
		}
		strbuf_addstr(sb, "</tr>\n");
		prev = from;
		prev_end = to;
		from = to;
	}
	strbuf_addstr(sb, "</table>\n<p class=\"muted\">Green: every probe "
		      "ok; red: a library probe was not; violet: only the raw "
		      "volatile-cast controls were not (informative); yellow: "
		      "the tracer could not see some instructions; grey: the "
		      "configuration could not be checked.</p>\n");
}

static void probe_accesses(struct strbuf *sb, const struct probe_result *pr)
{
	static const char *cls[] = { "", "piece", "fused", "widened" };

	strbuf_addstr(sb, "<pre>");
	for (size_t j = 0; j < pr->nr_seen; j++) {
		const struct seen_access *s = &pr->seen[j];
		char head[96];

		snprintf(head, sizeof(head), "%c%lld:%u %-8s 0x%llx ", s->a.kind,
			 (long long)s->a.off, s->a.size, cls[s->a.cls],
			 (unsigned long long)s->a.pc);
		html_escape_str(sb, head);
		html_escape_str(sb, s->where);
		strbuf_addch(sb, ' ');
		html_escape_str(sb, s->disas);
		strbuf_addch(sb, '\n');
	}
	if (!pr->nr_seen)
		strbuf_addstr(sb, "(no access to the object)\n");
	for (size_t j = 0; j < pr->nr_blind; j++) {
		strbuf_addstr(sb, "not visible to the tracer: ");
		html_escape_str(sb, pr->blind[j]);
		strbuf_addch(sb, '\n');
	}
	strbuf_addstr(sb, "</pre>");
}

static void detail(struct strbuf *sb, size_t k, const struct build_config *c,
		   const struct config_result *r, const struct probe_set *set)
{
	strbuf_addf(sb, "<section id=\"cfg-%zu\">\n<h2>", k + 1);
	html_escape_str(sb, c->label);
	strbuf_addstr(sb, "</h2>\n<p>");
	html_escape_str(sb, c->driver);
	strbuf_addf(sb, " &middot; compile %.1f s, trace %.1f s</p>\n",
		    r->compile_s, r->trace_s);
	if (r->trouble) {
		strbuf_addstr(sb, "<p class=\"trouble\">");
		html_escape_str(sb, r->trouble);
		strbuf_addstr(sb, "</p>\n");
	}
	if (r->state == CONFIG_TROUBLE) {
		strbuf_addstr(sb, "</section>\n");
		return;
	}
	strbuf_addstr(sb, "<table class=\"probes\">\n<tr><th>probe</th>"
		      "<th>verdict</th><th>expected</th><th>where</th></tr>\n");
	for (size_t i = 0; i < set->nr; i++) {
		const struct probe *p = &set->p[i];
		const struct probe_result *pr = &r->probes[i];
		struct strbuf ex = STRBUF_INIT;
		char list[128];

		if (!pr->ran && !pr->not_compiled)
			continue;
		if (pr->not_compiled)
			snprintf(list, sizeof(list), "not compiled");
		else
			verdict_list(pr->verdict, list, sizeof(list));
		probe_format_expect(p, &ex);
		strbuf_addf(sb, "<tr class=\"%s\"><td>",
			    pr->not_compiled ? "trouble" : !pr->verdict ? "ok" :
			    p->control ? "control" :
			    !(pr->verdict & ~V_UNOBSERVABLE) ? "unobs" : "bad");
		html_escape_str(sb, p->name);
		strbuf_addstr(sb, p->control ? " <span class=\"muted\">"
			      "(control)</span>" : "");
		strbuf_addstr(sb, "</td><td>");
		html_escape_str(sb, list);
		strbuf_addstr(sb, "</td><td>");
		html_escape_str(sb, ex.buf);
		strbuf_addstr(sb, "</td><td>");
		html_escape_str(sb, p->file);
		strbuf_addf(sb, ":%u", p->line);
		if (pr->verdict && !pr->not_compiled) {
			strbuf_addstr(sb, "</td></tr>\n<tr><td></td><td colspan=\"3\">");
			probe_accesses(sb, pr);
		}
		strbuf_addstr(sb, "</td></tr>\n");
		strbuf_release(&ex);
	}
	strbuf_addstr(sb, "</table>\n</section>\n");
}

int report_html(FILE *f, const struct build_config *c, size_t nr,
		const struct config_result *r, const struct probe_set *set)
{
	struct strbuf sb = STRBUF_INIT;
	size_t bad = 0, trouble = 0;
	int ret = 0;

	for (size_t k = 0; k < nr; k++) {
		bad += r[k].state == CONFIG_VIOLATIONS;
		trouble += r[k].state == CONFIG_TROUBLE;
	}
	html_page_begin(&sb, "rwonce verify", grid_css);
	strbuf_addf(&sb, "<h1>rwonce verify: %s</h1>\n<p>%zu configuration%s, "
		    "%zu probe%s; %zu with violations, %zu not checked.</p>\n",
		    trouble ? "TROUBLE" : bad ? "VIOLATIONS" : "ok", nr,
		    nr == 1 ? "" : "s", set->nr, set->nr == 1 ? "" : "s", bad,
		    trouble);
	grid(&sb, c, nr, r, set);
	for (size_t k = 0; k < nr; k++)
		detail(&sb, k, &c[k], &r[k], set);
	html_page_end(&sb);
	if (fwrite(sb.buf, 1, sb.len, f) != sb.len || fflush(f))
		ret = error("cannot write the HTML report: %s",
			    strerror(errno));
	strbuf_release(&sb);
	return ret;
}
