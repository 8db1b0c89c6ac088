/*
 * --format=html for findings (report.h): one page, every finding with the
 * source around its site (the site marked), scan's function instructions
 * beside it (the accesses the verdict rests on marked), the inline chain
 * as links to the call sites' source, the notes; then the suppressed
 * findings and those in the baseline, listed.
 */
#include "findings/report.h"
#include "lib/messages.h"
#include "lib/html.h"
#include "lib/run-info.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#ifndef RWONCE_TOOL_VERSION
#define RWONCE_TOOL_VERSION "0"
#endif

#define CONTEXT_LINES 5

static const char css[] =
	".run { display: grid; grid-template-columns: max-content auto; "
	"gap: 0.2em 1em; margin: 0.5em 0 1em; }\n"
	".run dt { color: #666; } .run dd { margin: 0; }\n"
	".rules td, .rules th { padding: 0.2em 0.8em; text-align: left; "
	"border-bottom: 1px solid #ddd; }\n"
	".rules td.n { text-align: right; }\n"
	".file { font-family: monospace, monospace; font-size: 1em; "
	"margin: 1em 0 0.3em; }\n"
	"nav details { margin: 0.3em 0; } nav ul { margin: 0.2em 0; }\n"
	".summary { font-size: 1.05em; }\n"
	".finding { border: 1px solid #ccc; border-left: 6px solid #c0392b; "
	"padding: 0.6em 1em; margin: 1.2em 0; }\n"
	".finding h4 { font-size: 1.05em; margin: 0.2em 0; }\n"
	".rule { background: #c0392b; color: #fff; padding: 0 0.4em; "
	"border-radius: 3px; font-family: monospace; }\n"
	".level { font-variant: small-caps; padding: 0 0.3em; }\n"
	".level.error { color: #c0392b; }\n"
	".level.warning { color: #b9770e; }\n"
	".level.note { color: #2471a3; }\n"
	".finding[data-level=warning] { border-left-color: #b9770e; }\n"
	".finding[data-level=note] { border-left-color: #2471a3; }\n"
	".panes { display: flex; flex-wrap: wrap; gap: 1em; }\n"
	".pane { flex: 1 1 28em; overflow-x: auto; }\n"
	".pane h5 { font-size: 0.95em; margin: 0.4em 0; }\n"
	".code td, .asm td { padding: 0 0.5em; vertical-align: top; }\n"
	".ln, .addr { color: #888; text-align: right; user-select: none; }\n"
	".code tr.site { background: #fff3c4; }\n"
	"mark { background: #f5b041; }\n"
	".asm tr.hit { background: #fadbd8; font-weight: bold; }\n"
	".asm tr.hit td.addr::before { content: '\\2192 '; }\n"
	".chain li { margin: 0.2em 0; }\n"
	".notes { color: #444; }\n";

/* id="f3", id="f3-c1": the anchors of finding k and its call sites */
static void anchor(struct strbuf *sb, size_t k, const char *what, size_t n)
{
	strbuf_addf(sb, "f%zu", k + 1);
	if (what)
		strbuf_addf(sb, "-%s%zu", what, n);
}

/* Lines [line - CONTEXT_LINES, line + CONTEXT_LINES] of path, line
 * marked, bytes [col, end_col) of it in <mark> when known. */
static void source_pane(struct strbuf *sb, struct source_files *src,
			const char *path, unsigned line, unsigned col,
			unsigned end_col, const char *heading)
{
	const struct source_file *sf = source_files_get(src, path);
	unsigned from = line > CONTEXT_LINES ? line - CONTEXT_LINES : 1;

	strbuf_addstr(sb, "<div class=\"pane\"><h5>");
	html_escape_str(sb, heading);
	strbuf_addstr(sb, "</h5>\n");
	if (!sf->buf) {
		strbuf_addstr(sb, "<p class=\"muted\">(the source could not be "
			      "read: ");
		html_escape_str(sb, path);
		strbuf_addstr(sb, ")</p></div>\n");
		return;
	}
	strbuf_addstr(sb, "<table class=\"code\">\n");
	for (unsigned n = from; n <= line + CONTEXT_LINES; n++) {
		size_t len;
		const char *text = source_file_line(sf, n, &len);

		if (!text)
			break;
		strbuf_addf(sb, "<tr%s><td class=\"ln\">%u</td><td><pre>",
			    n == line ? " class=\"site\"" : "", n);
		if (n == line && col && col - 1 <= len) {
			size_t a = col - 1;
			size_t b = end_col > col && end_col - 1 <= len ?
				end_col - 1 : a < len ? a + 1 : a;

			/* no end (a call site of the inline chain): the
			 * name that starts there */
			if (end_col <= col)
				while (b < len && (isalnum((unsigned char)text[b]) ||
						   text[b] == '_'))
					b++;

			html_escape(sb, text, a);
			strbuf_addstr(sb, "<mark>");
			html_escape(sb, text + a, b - a);
			strbuf_addstr(sb, "</mark>");
			html_escape(sb, text + b, len - b);
		} else {
			html_escape(sb, text, len);
		}
		strbuf_addstr(sb, "</pre></td></tr>\n");
	}
	strbuf_addstr(sb, "</table></div>\n");
}

#define DEFINITION_LINES 60

/* Where a definition that starts at line from ends when only its start
 * is known (scan: DWARF's DW_AT_decl_line): the line whose '}' closes
 * its first '{', and the declarator after it up to ';' ("} name;"),
 * braces in comments, strings and characters not counted; from itself
 * when there is none within DEFINITION_LINES. */
static unsigned definition_end(const struct source_file *sf, unsigned from)
{
	int depth = 0, opened = 0, comment = 0;

	for (unsigned n = from; n < from + DEFINITION_LINES; n++) {
		size_t len;
		const char *t = source_file_line(sf, n, &len);
		char quote = 0;

		if (!t)
			break;
		for (size_t i = 0; i < len; i++) {
			if (comment) {
				if (t[i] == '*' && i + 1 < len && t[i + 1] == '/')
					comment = 0, i++;
			} else if (quote) {
				if (t[i] == '\\')
					i++;
				else if (t[i] == quote)
					quote = 0;
			} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
				comment = 1, i++;
			} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
				break;
			} else if (t[i] == '"' || t[i] == '\'') {
				quote = t[i];
			} else if (t[i] == '{') {
				depth++, opened = 1;
			} else if (t[i] == '}') {
				depth--;
			} else if (t[i] == ';' && opened && depth <= 0) {
				return n;
			}
		}
	}
	return from;
}

/* The definition of the finding's struct or union: its lines, whole
 * (a long one cut after DEFINITION_LINES). */
static void definition_pane(struct strbuf *sb, struct source_files *src,
			    const struct finding *x)
{
	const struct source_file *sf = source_files_get(src, x->type_path);
	unsigned to = x->type_end_line >= x->type_line ? x->type_end_line :
		definition_end(sf, x->type_line);

	strbuf_addstr(sb, "<div class=\"pane definition\"><h5>The type: ");
	html_escape_str(sb, x->type_spelled ? x->type_spelled : "?");
	strbuf_addstr(sb, ", ");
	html_escape_str(sb, x->type_path);
	strbuf_addf(sb, ":%u</h5>\n", x->type_line);
	if (!sf->buf) {
		strbuf_addstr(sb, "<p class=\"muted\">(the source could not be "
			      "read)</p></div>\n");
		return;
	}
	strbuf_addstr(sb, "<table class=\"code\">\n");
	for (unsigned n = x->type_line; n <= to; n++) {
		size_t len;
		const char *text = source_file_line(sf, n, &len);

		if (!text)
			break;
		if (n - x->type_line == DEFINITION_LINES) {
			strbuf_addf(sb, "<tr><td class=\"ln\"></td><td><pre>"
				    "... (%u more lines)</pre></td></tr>\n",
				    to - n + 1);
			break;
		}
		strbuf_addf(sb, "<tr><td class=\"ln\">%u</td><td><pre>", n);
		html_escape(sb, text, len);
		strbuf_addstr(sb, "</pre></td></tr>\n");
	}
	strbuf_addstr(sb, "</table></div>\n");
}

/* Is address (as the listing spells it) one the verdict rests on? */
static int listed_hit(const struct finding *x, const char *addr, size_t n,
		      char mark)
{
	if (mark == '*')
		return 1;
	for (size_t k = 0; k < x->nr_related; k++) {
		char buf[32];

		if (x->related[k].kind != RELATED_INSN)
			continue;
		snprintf(buf, sizeof(buf), "%llx", x->related[k].address);
		if (strlen(buf) == n && !memcmp(buf, addr, n))
			return 1;
	}
	return 0;
}

/* scan: the function's instructions (finding.h, listing), those the
 * verdict rests on marked. */
static void listing_pane(struct strbuf *sb, const struct finding *x)
{
	strbuf_addstr(sb, "<div class=\"pane\"><h5>");
	if (x->object) {
		html_escape_str(sb, x->object);
		strbuf_addstr(sb, ", ");
	}
	strbuf_addstr(sb, "function <code>");
	html_escape_str(sb, x->function ? x->function : "?");
	strbuf_addstr(sb, "</code></h5>\n<p class=\"muted\">the function's "
		      "instructions; marked: those the verdict rests on"
		      "</p>\n<table class=\"asm\">\n");
	for (const char *p = x->listing; *p;) {
		size_t n = strcspn(p, "\n");
		const char *t1 = memchr(p, '\t', n);
		const char *t2 = t1 ? memchr(t1 + 1, '\t', n - (size_t)(t1 + 1 - p)) : NULL;

		if (t1 && t2) {
			char mark = t2 - t1 > 1 ? t1[1] : ' ';
			int hit = listed_hit(x, p, (size_t)(t1 - p), mark);

			strbuf_addf(sb, "<tr%s><td class=\"addr\">",
				    hit ? " class=\"hit\"" : "");
			html_escape(sb, p, (size_t)(t1 - p));
			strbuf_addstr(sb, "</td><td><pre>");
			html_escape(sb, t2 + 1, n - (size_t)(t2 + 1 - p));
			strbuf_addstr(sb, "</pre></td></tr>\n");
		}
		p += n + (p[n] == '\n');
	}
	strbuf_addstr(sb, "</table></div>\n");
}

static void one_finding(struct strbuf *sb, const struct finding *x, size_t k,
			struct source_files *src)
{
	struct strbuf heading = STRBUF_INIT;
	size_t calls = 0;

	strbuf_addstr(sb, "<section class=\"finding\" id=\"");
	anchor(sb, k, NULL, 0);
	strbuf_addf(sb, "\" data-level=\"%s\">\n<h4><span class=\"level %s\">%s"
		    "</span> <span class=\"rule\">",
		    level_name(rules[x->rule].level),
		    level_name(rules[x->rule].level),
		    level_name(rules[x->rule].level));
	html_escape_str(sb, rules[x->rule].name);
	strbuf_addstr(sb, "</span> <a href=\"#");
	anchor(sb, k, NULL, 0);
	strbuf_addstr(sb, "\">");
	html_escape_str(sb, x->path);
	strbuf_addf(sb, ":%u:%u</a></h4>\n<p class=\"message\">", x->line, x->col);
	html_escape_str(sb, x->message);
	strbuf_addstr(sb, "</p>\n<div class=\"panes\">\n");
	strbuf_addstr(&heading, x->path);
	if (x->function)
		strbuf_addf(&heading, ", in %s", x->function);
	source_pane(sb, src, x->path, x->line, x->col,
		    x->end_line == x->line ? x->end_col : 0, heading.buf);
	if (x->listing)
		listing_pane(sb, x);
	if (x->type_path && x->type_line)
		definition_pane(sb, src, x);
	strbuf_addstr(sb, "</div>\n");

	/* the inline chain, outermost first, each a link to its call site */
	for (size_t r = 0; r < x->nr_related; r++)
		calls += x->related[r].kind == RELATED_CALL;
	if (calls) {
		size_t n = 0;

		strbuf_addstr(sb, "<h5>Inline chain</h5>\n<ol class=\"chain\">\n");
		for (size_t r = 0; r < x->nr_related; r++) {
			const struct finding_related *c = &x->related[r];

			if (c->kind != RELATED_CALL)
				continue;
			strbuf_addstr(sb, "<li><a href=\"#");
			anchor(sb, k, "c", ++n);
			strbuf_addstr(sb, "\">");
			html_escape_str(sb, c->message);
			strbuf_addstr(sb, "</a></li>\n");
		}
		strbuf_addstr(sb, "</ol>\n");
		n = 0;
		for (size_t r = 0; r < x->nr_related; r++) {
			const struct finding_related *c = &x->related[r];

			if (c->kind != RELATED_CALL || !c->path)
				continue;
			strbuf_addstr(sb, "<div class=\"panes callsite\" id=\"");
			anchor(sb, k, "c", ++n);
			strbuf_addstr(sb, "\">\n");
			strbuf_reset(&heading);
			strbuf_addf(&heading, "%s:%u", c->path, c->line);
			source_pane(sb, src, c->path, c->line, c->col, 0,
				    heading.buf);
			strbuf_addstr(sb, "</div>\n");
		}
	}
	if (x->notes) {
		strbuf_addstr(sb, "<ul class=\"notes\">\n");
		for (const char *p = x->notes; *p;) {
			size_t n = strcspn(p, "\n");

			strbuf_addstr(sb, "<li>");
			html_escape(sb, p, n);
			strbuf_addstr(sb, "</li>\n");
			p += n + (p[n] == '\n');
		}
		strbuf_addstr(sb, "</ul>\n");
	}
	strbuf_addstr(sb, "</section>\n");
	strbuf_release(&heading);
}

/* The suppressed or baselined findings: a list, with the reasons. */
static void others(struct strbuf *sb, const struct finding_list *l,
		   int suppressed, size_t nr)
{
	if (!nr)
		return;
	strbuf_addf(sb, "<h2 id=\"%s\">%s (%zu)</h2>\n<ul>\n",
		    suppressed ? "suppressed" : "baselined",
		    suppressed ? "Suppressed in the source" :
		    "In the baseline", nr);
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (suppressed ? !x->suppression : (x->suppression || !x->baselined))
			continue;
		strbuf_addstr(sb, "<li><code>");
		html_escape_str(sb, x->path);
		strbuf_addf(sb, ":%u:%u</code> [", x->line, x->col);
		html_escape_str(sb, rules[x->rule].name);
		strbuf_addstr(sb, "] ");
		html_escape_str(sb, x->message);
		if (suppressed) {
			strbuf_addstr(sb, " &mdash; <em>");
			html_escape_str(sb, *x->suppression ? x->suppression :
					"no reason given");
			strbuf_addstr(sb, "</em>");
		}
		strbuf_addstr(sb, "</li>\n");
	}
	strbuf_addstr(sb, "</ul>\n");
}

/* The run: the tool's version, the command line, the commit of the
 * checkout it ran in (when it is one), when it started. */
static void run_information(struct strbuf *sb, const struct report_options *o)
{
	const char *commit = run_info_commit(o->srcroot);

	strbuf_addstr(sb, "<dl class=\"run\">\n<dt>Version</dt><dd>rwonce "
		      RWONCE_TOOL_VERSION "</dd>\n");
	if (*run_info_command_line()) {
		strbuf_addstr(sb, "<dt>Command</dt><dd><code>");
		html_escape_str(sb, run_info_command_line());
		strbuf_addstr(sb, "</code></dd>\n");
	}
	if (commit) {
		strbuf_addstr(sb, "<dt>Commit</dt><dd><code>");
		html_escape_str(sb, commit);
		strbuf_addstr(sb, "</code></dd>\n");
	}
	if (*run_info_start_utc()) {
		strbuf_addstr(sb, "<dt>Date</dt><dd>");
		html_escape_str(sb, run_info_start_utc());
		strbuf_addstr(sb, "</dd>\n");
	}
	strbuf_addstr(sb, "</dl>\n");
}

/* The reported findings in the page's order: by rule, then file, then
 * place (the list comes sorted by file and place). */
static const struct finding_list *sort_list;

static int by_rule(const void *a, const void *b)
{
	const struct finding *x = &sort_list->items[*(const size_t *)a];
	const struct finding *y = &sort_list->items[*(const size_t *)b];
	int c;

	if (x->rule != y->rule)
		return x->rule < y->rule ? -1 : 1;
	if ((c = strcmp(x->path, y->path)))
		return c;
	return *(const size_t *)a < *(const size_t *)b ? -1 :
		*(const size_t *)a > *(const size_t *)b;
}

static size_t *page_order(const struct finding_list *l, size_t *nr)
{
	size_t *order = xcalloc(l->nr ? l->nr : 1, sizeof(*order));

	*nr = 0;
	for (size_t i = 0; i < l->nr; i++)
		if (finding_is_active(&l->items[i]))
			order[(*nr)++] = i;
	sort_list = l; /* one report is written at a time */
	sane_qsort(order, *nr, sizeof(*order), by_rule);
	return order;
}

/* The findings of each rule: how many, in how many files, what the rule
 * means; each row links to the rule's group below. */
static void rule_summary(struct strbuf *sb, const struct finding_list *l,
			 const size_t *order, size_t nr)
{
	if (!nr)
		return;
	strbuf_addstr(sb, "<table class=\"rules\">\n<tr><th>Rule</th>"
		      "<th>Findings</th><th>Files</th><th>What it means</th>"
		      "</tr>\n");
	for (size_t i = 0; i < nr;) {
		const struct finding *x = &l->items[order[i]];
		size_t n = 0, files = 0;
		const char *last = NULL;

		for (; i < nr && l->items[order[i]].rule == x->rule; i++, n++) {
			if (!last || strcmp(last, l->items[order[i]].path))
				files++;
			last = l->items[order[i]].path;
		}
		strbuf_addf(sb, "<tr><td><a href=\"#rule-%s\"><span class=\"rule"
			    "\">%s</span></a></td><td><span class=\"level %s\">"
			    "%s</span></td><td class=\"n\">%zu</td>"
			    "<td class=\"n\">%zu</td><td>", rules[x->rule].name,
			    rules[x->rule].name, level_name(rules[x->rule].level),
			    level_name(rules[x->rule].level), n, files);
		html_escape_str(sb, rules[x->rule].summary);
		strbuf_addstr(sb, "</td></tr>\n");
	}
	strbuf_addstr(sb, "</table>\n");
}

/* Findings by rule and file: one collapsible list per rule (open when it
 * is short), a line per file with a link per finding. */
static void contents(struct strbuf *sb, const struct finding_list *l,
		     const size_t *order, size_t nr)
{
	if (nr < 2)
		return;
	strbuf_addstr(sb, "<nav>\n<h2>Findings by rule and file</h2>\n");
	for (size_t i = 0; i < nr;) {
		enum rule_id r = l->items[order[i]].rule;
		size_t end = i;

		while (end < nr && l->items[order[end]].rule == r)
			end++;
		strbuf_addf(sb, "<details%s><summary><span class=\"rule\">%s"
			    "</span> %zu</summary>\n<ul>\n",
			    end - i <= 50 ? " open" : "", rules[r].name, end - i);
		while (i < end) {
			const char *path = l->items[order[i]].path;

			strbuf_addstr(sb, "<li><code>");
			html_escape_str(sb, path);
			strbuf_addstr(sb, "</code>:");
			for (; i < end && !strcmp(l->items[order[i]].path, path); i++)
				strbuf_addf(sb, " <a href=\"#f%zu\">%u</a>", i + 1,
					    l->items[order[i]].line);
			strbuf_addstr(sb, "</li>\n");
		}
		strbuf_addstr(sb, "</ul></details>\n");
	}
	strbuf_addstr(sb, "</nav>\n");
}

/* The inputs the run did not check, each with its reason: a list, not
 * "see the messages" (a page is read long after the terminal is gone). */
static void unchecked_list(struct strbuf *sb)
{
	size_t nr, dropped;
	const struct unchecked_input *u = messages_unchecked_list(&nr, &dropped);

	if (!nr && !dropped)
		return;
	strbuf_addstr(sb, "<section id=\"unchecked\"><h2>Not checked</h2>\n<ul>\n");
	for (size_t i = 0; i < nr; i++) {
		strbuf_addstr(sb, "<li><code>");
		html_escape_str(sb, u[i].path);
		strbuf_addf(sb, "</code>: %s", u[i].level == MESSAGE_ERROR ?
			    "" : "(skipped) ");
		html_escape_str(sb, u[i].reason);
		strbuf_addstr(sb, "</li>\n");
	}
	if (dropped)
		strbuf_addf(sb, "<li>%zu more (on stderr)</li>\n", dropped);
	strbuf_addstr(sb, "</ul></section>\n");
}

int report_write_html(FILE *f, const struct finding_list *l,
		      const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT, title = STRBUF_INIT;
	size_t active = 0, suppressed = 0, baselined = 0, nr;
	size_t *order = page_order(l, &nr);
	int ret = 0;

	for (size_t i = 0; i < l->nr; i++) {
		active += finding_is_active(&l->items[i]);
		suppressed += l->items[i].suppression != NULL;
		baselined += !l->items[i].suppression && l->items[i].baselined;
	}
	strbuf_addf(&title, "%s: %zu finding%s", o->title ? o->title : "rwonce",
		    active, active == 1 ? "" : "s");
	html_page_begin(&sb, title.buf, css);
	strbuf_addstr(&sb, "<h1>");
	html_escape_str(&sb, title.buf);
	strbuf_addstr(&sb, "</h1>\n");
	run_information(&sb, o);
	strbuf_addstr(&sb, "<p class=\"summary\">");
	strbuf_addf(&sb, "%zu finding%s", active, active == 1 ? "" : "s");
	if (suppressed)
		strbuf_addf(&sb, ", <a href=\"#suppressed\">%zu suppressed</a>",
			    suppressed);
	if (baselined)
		strbuf_addf(&sb, ", <a href=\"#baselined\">%zu in the "
			    "baseline</a>", baselined);
	if (o->trouble)
		strbuf_addstr(&sb, "; <strong>some inputs could not be checked"
			      "</strong> (<a href=\"#unchecked\">below</a>)");
	strbuf_addstr(&sb, "</p>\n");
	unchecked_list(&sb);
	rule_summary(&sb, l, order, nr);
	contents(&sb, l, order, nr);
	for (size_t k = 0; k < nr; k++) {
		const struct finding *x = &l->items[order[k]];

		if (!k || l->items[order[k - 1]].rule != x->rule) {
			size_t n = k;

			while (n < nr && l->items[order[n]].rule == x->rule)
				n++;
			strbuf_addf(&sb, "%s<section class=\"rule-group\" "
				    "id=\"rule-%s\">\n<h2><span class=\"rule\">"
				    "%s</span> %zu finding%s</h2>\n<p class="
				    "\"muted\">", k ? "</section>\n" : "",
				    rules[x->rule].name, rules[x->rule].name,
				    n - k, n - k == 1 ? "" : "s");
			html_escape_str(&sb, rules[x->rule].summary);
			strbuf_addstr(&sb, "</p>\n");
		}
		if (!k || l->items[order[k - 1]].rule != x->rule ||
		    strcmp(l->items[order[k - 1]].path, x->path)) {
			strbuf_addstr(&sb, "<h3 class=\"file\">");
			html_escape_str(&sb, x->path);
			strbuf_addstr(&sb, "</h3>\n");
		}
		one_finding(&sb, x, k, o->sources);
		if (sb.len > 65536) {
			if (fwrite(sb.buf, 1, sb.len, f) != sb.len)
				ret = -1;
			strbuf_reset(&sb);
		}
	}
	if (nr)
		strbuf_addstr(&sb, "</section>\n");
	others(&sb, l, 1, suppressed);
	others(&sb, l, 0, baselined);
	html_page_end(&sb);
	if (fwrite(sb.buf, 1, sb.len, f) != sb.len)
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&title);
	free(order);
	return ret;
}
