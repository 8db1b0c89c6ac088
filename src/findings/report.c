/* The report writers: text, JSON, SARIF 2.1.0 (report.h); HTML is html.c. */
#include "findings/report.h"
#include "findings/baseline.h"
#include "lib/json.h"
#include "lib/utf8.h"
#include "lib/messages.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef RWONCE_TOOL_VERSION
#define RWONCE_TOOL_VERSION "0"
#endif

int report_parse_format(const char *name)
{
	static const char *const names[] = {
		[REPORT_TEXT] = "text", [REPORT_JSON] = "json",
		[REPORT_SARIF] = "sarif", [REPORT_HTML] = "html",
		[REPORT_CODEQUALITY] = "codequality", [REPORT_GITHUB] = "github",
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return (int)i;
	return -1;
}

static const struct {
	const char *name, *page, *text;
} rule_help[] = {
#define RULE_HELP(name, page, text) { name, page, text },
#include "findings/rules-help.def"
#undef RULE_HELP
};

/* The man pages' own text for each rule, as Markdown (made at build
 * time from doc/rwonce-audit.1 and doc/rwonce-scan.1 by
 * scripts/man-rules-markdown). */
static const struct {
	const char *name, *page, *section, *markdown;
} rule_markdown[] = {
#define RULE_MARKDOWN(name, page, section, md) { name, page, section, md },
#include "rules-help-md.def"
#undef RULE_MARKDOWN
};

static int help_index(int rule)
{
	for (size_t i = 0; i < ARRAY_SIZE(rule_help); i++)
		if (!strcmp(rule_help[i].name, rules[rule].name))
			return (int)i;
	return -1;
}

const char *rule_help_page(int rule)
{
	int k = help_index(rule);

	if (k >= 0)
		return rule_help[k].page;
	return rules[rule].help_page;
}

const char *rule_help_markdown(int rule)
{
	for (size_t i = 0; i < ARRAY_SIZE(rule_markdown); i++)
		if (!strcmp(rule_markdown[i].name, rules[rule].name))
			return rule_markdown[i].markdown;
	return NULL;
}

const char *rule_description(int rule)
{
	int k = help_index(rule);

	return k >= 0 ? rule_help[k].text : rules[rule].summary;
}

/* Is rule r one of the rules of the report's command? */
static int rule_listed(const struct report_options *o, int r)
{
	return rule_of_command(r, o->command);
}

/* The rule's position in the report's rule list (SARIF ruleIndex). */
static int rule_index(const struct report_options *o, int r)
{
	int k = 0;

	for (int i = 0; i < r; i++)
		k += rule_listed(o, i);
	return k;
}

static int flush(FILE *f, struct strbuf *sb)
{
	if (sb->len && fwrite(sb->buf, 1, sb->len, f) != sb->len)
		return -1;
	strbuf_reset(sb);
	return 0;
}

/* ---- text ---- */

struct palette {
	const char *bold, *warn, *note, *caret, *reset, *error;
};

/* The colour of a finding's level word, as gcc colours them. */
static const char *level_colour(const struct palette *p, enum level l)
{
	return l == LEVEL_ERROR ? p->error : l == LEVEL_WARNING ? p->warn :
		p->note;
}

/*
 * The display width of one byte of a source line starting at display
 * column c: tabs to the next multiple of 8, a UTF-8 continuation byte
 * nothing, anything else one column.
 */
static size_t advance(size_t c, unsigned char ch)
{
	if (ch == '\t')
		return (c / 8 + 1) * 8;
	if ((ch & 0xc0) == 0x80)
		return c;
	return c + 1;
}

/*
 * "   14 |   x = ACCESS_ONCE(flag);" and the caret line under the site,
 * as gcc shows them: tabs expanded, control bytes shown as '?' (the
 * source is anybody's text and this may be a terminal).
 */
static void write_context(struct strbuf *sb, const struct source_file *sf,
			  const struct finding *x, const struct palette *p)
{
	size_t len, col = 0, from = 0, to = 0;
	size_t start = x->col ? x->col - 1 : 0, end;
	const char *line = source_file_line(sf, x->line, &len);

	if (!line || start > len)
		return;
	end = x->end_line == x->line && x->end_col > x->col + 1 &&
		x->end_col - 1 <= len ? x->end_col - 1 : start + 1;
	strbuf_add_uint(sb, x->line, 5);
	strbuf_addstr(sb, " | ");
	strbuf_grow(sb, len);
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];
		size_t next = advance(col, ch);

		if (i == start)
			from = col;
		if (i == end)
			to = col;
		if (ch == '\t')
			strbuf_addchars(sb, ' ', next - col);
		else if (ch < 0x20 || ch == 0x7f)
			strbuf_addch(sb, '?');
		else
			strbuf_addch(sb, (char)ch);
		col = next;
	}
	if (start == len)
		from = col;
	if (end >= len)
		to = col > from ? col : from + 1;
	strbuf_addstr(sb, "\n      | ");
	strbuf_addchars(sb, ' ', from);
	strbuf_addstr(sb, p->caret);
	strbuf_addch(sb, '^');
	if (to > from + 1)
		strbuf_addchars(sb, '~', to - from - 1);
	strbuf_addstr(sb, p->reset);
	strbuf_addch(sb, '\n');
}

/* "PATH:LINE:COL:" in bold, then " LEVEL: " in its colour: the head of
 * a finding's and a note's line, written without a format (one per
 * finding). */
static void write_head(struct strbuf *sb, const struct finding *x,
		       const struct palette *p, const char *colour,
		       const char *level)
{
	strbuf_addstr(sb, p->bold);
	strbuf_add_visible(sb, x->path, strlen(x->path), 0);
	strbuf_addch(sb, ':');
	strbuf_add_uint(sb, x->line, 0);
	strbuf_addch(sb, ':');
	strbuf_add_uint(sb, x->col, 0);
	strbuf_addch(sb, ':');
	strbuf_addstr(sb, p->reset);
	strbuf_addch(sb, ' ');
	strbuf_addstr(sb, colour);
	strbuf_addstr(sb, level);
	strbuf_addch(sb, ':');
	strbuf_addstr(sb, p->reset);
	strbuf_addch(sb, ' ');
}

static void write_notes(struct strbuf *sb, const struct finding *x,
			const struct palette *p)
{
	/* notes, gcc-style: one line each, at the finding's place */
	for (const char *s = x->notes; s && *s;) {
		size_t n = strcspn(s, "\n");

		write_head(sb, x, p, p->note, "note");
		strbuf_add_visible(sb, s, n, 0);
		strbuf_addch(sb, '\n');
		s += n + (s[n] == '\n');
	}
}

static int write_text(FILE *f, const struct finding_list *l,
		      const struct report_options *o, struct source_files *src)
{
	const struct palette p = o->color ?
		(struct palette){ "\033[1m", "\033[1;35m", "\033[1;36m",
				  "\033[1;32m", "\033[m", "\033[1;31m" } :
		(struct palette){ "", "", "", "", "", "" };
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (!finding_is_active(x)) {
			if (!o->verbose)
				continue;
			write_head(&sb, x, &p, p.note, "note");
			if (x->suppression)
				strbuf_addf(&sb, "suppressed (%s): ",
					    *x->suppression ? x->suppression :
					    "no reason given");
			else
				strbuf_addstr(&sb, "in the baseline: ");
			strbuf_add_visible(&sb, x->message, strlen(x->message),
					   0);
			strbuf_addf(&sb, " [%s]\n", rules[x->rule].name);
			continue;
		}
		write_head(&sb, x, &p, level_colour(&p, rules[x->rule].level),
			   level_name(rules[x->rule].level));
		strbuf_add_visible(&sb, x->message, strlen(x->message), 0);
		strbuf_addstr(&sb, " [");
		strbuf_addstr(&sb, rules[x->rule].name);
		strbuf_addstr(&sb, "]\n");
		if (!o->no_source)
			write_context(&sb, source_files_get(src, x->path), x, &p);
		write_notes(&sb, x, &p);
		if (sb.len > 65536 && flush(f, &sb))
			break;
	}
	flush(f, &sb);
	strbuf_release(&sb);
	return 0;
}

/* ---- JSON ---- */

/* "notes": ["...", ...] from a '\n'-separated string. */
static void json_notes(struct strbuf *sb, const char *notes)
{
	struct strbuf line = STRBUF_INIT;
	int first = 1;

	strbuf_addch(sb, '[');
	for (const char *p = notes; *p;) {
		size_t n = strcspn(p, "\n");

		strbuf_reset(&line);
		strbuf_add(&line, p, n);
		strbuf_addstr(sb, first ? "" : ", ");
		json_add_string(sb, line.buf);
		first = 0;
		p += n + (p[n] == '\n');
	}
	strbuf_addch(sb, ']');
	strbuf_release(&line);
}

static void summary_counts(const struct finding_list *l, size_t *count)
{
	memset(count, 0, RULE__COUNT * sizeof(*count));
	for (size_t i = 0; i < l->nr; i++)
		if (finding_is_active(&l->items[i]))
			count[l->items[i].rule]++;
}

static void json_string_or_null(struct strbuf *sb, const char *s)
{
	if (s)
		json_add_string(sb, s);
	else
		strbuf_addstr(sb, "null");
}

static void json_finding(struct strbuf *sb, const struct finding *x)
{
	strbuf_addch(sb, '{');
	json_add_path(sb, "path", x->path, 1);
	strbuf_addf(sb, ", \"line\": %u, \"column\": %u", x->line, x->col);
	if (x->end_line)
		strbuf_addf(sb, ", \"end_line\": %u, \"end_column\": %u",
			    x->end_line, x->end_col);
	strbuf_addf(sb, ", \"rule\": \"%s\", \"level\": \"%s\", \"message\": ",
		    rules[x->rule].name, level_name(rules[x->rule].level));
	json_add_string(sb, x->message);
	strbuf_addstr(sb, ", \"type\": ");
	json_string_or_null(sb, x->type_spelled);
	strbuf_addstr(sb, ", \"type_canonical\": ");
	json_string_or_null(sb, x->type_canonical);
	if (x->size)
		strbuf_addf(sb, ", \"size\": %u", x->size);
	strbuf_addf(sb, ", \"fixable\": %s", x->fixable ? "true" : "false");
	if (x->placed_object) { /* only there: other findings' JSON is
				   as it was */
		strbuf_addstr(sb, ", \"placed_object\": ");
		json_add_string(sb, x->placed_object);
	}
	if (x->function) {
		strbuf_addstr(sb, ", \"function\": ");
		json_add_string(sb, x->function);
	}
	if (x->fingerprint)
		strbuf_addf(sb, ", \"fingerprint\": \"%s\"", x->fingerprint);
	if (x->suppression) {
		strbuf_addstr(sb, ", \"justification\": ");
		json_add_string(sb, x->suppression);
	}
	if (x->notes) {
		strbuf_addstr(sb, ", \"notes\": ");
		json_notes(sb, x->notes);
	}
	strbuf_addch(sb, '}');
}

enum which { ACTIVE, SUPPRESSED, BASELINED };

static int is_which(const struct finding *x, enum which w)
{
	return w == ACTIVE ? finding_is_active(x) :
		w == SUPPRESSED ? x->suppression != NULL :
		!x->suppression && x->baselined;
}

/* "findings": [...] (always), "suppressed" and "baselined" when any. */
static int json_array(FILE *f, struct strbuf *sb, const struct finding_list *l,
		      enum which w)
{
	static const char *const key[] = { "findings", "suppressed", "baselined" };
	size_t n = 0;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (!is_which(x, w))
			continue;
		if (!n++)
			strbuf_addf(sb, "  \"%s\": [", key[w]);
		strbuf_addstr(sb, n > 1 ? ",\n    " : "\n    ");
		json_finding(sb, x);
		if (sb->len > 65536 && flush(f, sb))
			return -1;
	}
	if (n)
		strbuf_addstr(sb, "\n  ],\n");
	else if (w == ACTIVE)
		strbuf_addf(sb, "  \"%s\": [],\n", key[w]);
	return 0;
}

static int write_json(FILE *f, const struct finding_list *l,
		      const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT;
	size_t count[RULE__COUNT];
	int first = 1, ret = 0;

	strbuf_addf(&sb, "{\n  \"tool\": \"rwonce\",\n  \"version\": \"%s\",\n"
		    "  \"" FINGERPRINT_JSON_VERSION "\": 3,\n"
		    "  \"engine\": ", RWONCE_TOOL_VERSION);
	json_add_string(&sb, o->engine ? o->engine : "lexical");
	if (o->config) { /* the config file read (lib/config.h) */
		strbuf_addstr(&sb, ",\n  \"config\": ");
		json_add_string(&sb, o->config);
	}
	strbuf_addstr(&sb, ",\n");
	if (json_array(f, &sb, l, ACTIVE) || json_array(f, &sb, l, SUPPRESSED) ||
	    json_array(f, &sb, l, BASELINED))
		ret = -1;
	summary_counts(l, count);
	strbuf_addstr(&sb, "  \"summary\": {");
	for (int r = 0; r < RULE__COUNT; r++) {
		if (!rule_listed(o, r))
			continue;
		strbuf_addf(&sb, "%s\"%s\": %zu", first ? "" : ", ", rules[r].name,
			    count[r]);
		first = 0;
	}
	strbuf_addstr(&sb, "}");
	strbuf_addstr(&sb, ",\n  ");
	messages_unchecked_json(&sb);
	if (o->json_extra)
		strbuf_addf(&sb, ",\n  %s", o->json_extra);
	strbuf_addstr(&sb, "\n}\n");
	if (flush(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	return ret;
}

/* ---- SARIF ---- */

/* Percent-encode a relative path for a URI; '/' stays. */
static void uri_path(struct strbuf *sb, const char *p)
{
	for (; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("-._~/!$&'()*+,;=:@", c))
			strbuf_addch(sb, (char)c);
		else
			strbuf_addf(sb, "%%%02X", c);
	}
}

/* Byte column -> column in Unicode code points, from the file's line. */
static unsigned codepoint_col(struct source_files *src, const char *path,
			      unsigned line, unsigned col)
{
	size_t len;
	const char *text = source_file_line(source_files_get(src, path), line,
					    &len);
	unsigned cp = 1;

	if (!text || !col || col - 1 > len)
		return col;
	for (size_t p = 0; p < col - 1; p++)
		/* Count every byte that starts a character (invalid bytes too). */
		if (((unsigned char)text[p] & 0xc0) != 0x80)
			cp++;
	return cp;
}

struct sarif {
	struct strbuf sb, uri;
	struct source_files *src;
	char *root;
	const struct report_options *o;
};

/* {"uri": ..., "uriBaseId": "%SRCROOT%"} for path. */
static void sarif_artifact(struct sarif *s, const char *path)
{
	char *abs = source_path_absolute(path);
	const char *rel = source_path_relative(abs, s->root);

	strbuf_reset(&s->uri);
	if (rel) {
		uri_path(&s->uri, rel);
	} else {
		strbuf_addstr(&s->uri, "file://");
		uri_path(&s->uri, abs);
	}
	strbuf_addstr(&s->sb, "\"artifactLocation\": { \"uri\": ");
	json_add_string(&s->sb, s->uri.buf);
	if (rel)
		strbuf_addstr(&s->sb, ", \"uriBaseId\": \"%SRCROOT%\"");
	strbuf_addstr(&s->sb, " }");
	free(abs);
}

/*
 * , "snippet": { "text": ... } -- the source text of lines [line,
 * end_line], from byte column col (1-based; 0: the line's start) to
 * end_col (exclusive; 0: the end of end_line).  Nothing when the source
 * cannot be read or the place is not in it.
 */
static void sarif_snippet(struct sarif *s, const char *path, unsigned line,
			  unsigned col, unsigned end_line, unsigned end_col)
{
	const struct source_file *sf = source_files_get(s->src, path);
	struct strbuf text = STRBUF_INIT;

	if (!end_line || end_line < line)
		end_line = line;
	for (unsigned n = line; n <= end_line; n++) {
		size_t len, a = 0, b;
		const char *t = source_file_line(sf, n, &len);

		if (!t) {
			strbuf_release(&text);
			return;
		}
		b = len;
		if (n == line && col && col - 1 <= len)
			a = col - 1;
		if (n == end_line && end_col && end_col - 1 <= len &&
		    end_col - 1 >= a)
			b = end_col - 1;
		if (n > line)
			strbuf_addch(&text, '\n');
		strbuf_add(&text, t + a, b - a);
	}
	strbuf_addstr(&s->sb, ", \"snippet\": { \"text\": ");
	json_add_string(&s->sb, text.buf);
	strbuf_addstr(&s->sb, " }");
	strbuf_release(&text);
}

/* "key": { "startLine": ... } -- key "region", or "deletedRegion" of a
 * fix's replacement; snippet: with the text it covers */
static void sarif_region_as(struct sarif *s, const char *key, const char *path,
			    unsigned line, unsigned col, unsigned end_line,
			    unsigned end_col, int snippet)
{
	strbuf_addf(&s->sb, "\"%s\": { \"startLine\": %u", key, line);
	if (col)
		strbuf_addf(&s->sb, ", \"startColumn\": %u",
			    codepoint_col(s->src, path, line, col));
	if (end_line && end_col)
		strbuf_addf(&s->sb, ", \"endLine\": %u, \"endColumn\": %u",
			    end_line, codepoint_col(s->src, path, end_line,
						    end_col));
	if (snippet)
		sarif_snippet(s, path, line, col, end_line && end_col ?
			      end_line : line, end_line && end_col ? end_col : 0);
	strbuf_addstr(&s->sb, " }");
}

static void sarif_region(struct sarif *s, const char *path, unsigned line,
			 unsigned col, unsigned end_line, unsigned end_col)
{
	sarif_region_as(s, "region", path, line, col, end_line, end_col, 1);
}

/* , "contextRegion": the whole lines around [line, end_line], one
 * before and one after, with their text (what a viewer shows around the
 * region) */
static void sarif_context(struct sarif *s, const char *path, unsigned line,
			  unsigned end_line)
{
	const struct source_file *sf = source_files_get(s->src, path);
	unsigned from = line > 1 ? line - 1 : 1;
	unsigned to = (end_line > line ? end_line : line) + 1;
	size_t len;

	if (!source_file_line(sf, line, &len))
		return;
	while (to > line && !source_file_line(sf, to, &len))
		to--;
	strbuf_addf(&s->sb, ", \"contextRegion\": { \"startLine\": %u, "
		    "\"endLine\": %u", from, to);
	sarif_snippet(s, path, from, 0, to, 0);
	strbuf_addstr(&s->sb, " }");
}

/* A physicalLocation of path:line:col (the finding's span when it is the
 * finding's own place). */
/* insn: address is an instruction's (0 is one too, in an object file) */
static void sarif_physical(struct sarif *s, const struct finding *x,
			   const char *path, unsigned line, unsigned col,
			   int insn, unsigned long long address)
{
	strbuf_addstr(&s->sb, "\"physicalLocation\": { ");
	sarif_artifact(s, path ? path : x->path);
	strbuf_addstr(&s->sb, ", ");
	if (!path || (!strcmp(path, x->path) && line == x->line &&
		      col == x->col)) {
		sarif_region(s, x->path, x->line, x->col, x->end_line,
			     x->end_col);
		sarif_context(s, x->path, x->line, x->end_line);
	} else {
		sarif_region(s, path, line ? line : 1, col, 0, 0);
	}
	if (insn)
		strbuf_addf(&s->sb, ", \"address\": { \"absoluteAddress\": %llu, "
			    "\"kind\": \"instruction\" }", address);
	strbuf_addstr(&s->sb, " }");
}

/* help.text (the full description and where the manual has the rule)
 * or help.markdown (the manual's own text for it, then the same
 * pointer) */
static void rule_help_text(struct strbuf *sb, int r, int markdown)
{
	const char *md = markdown ? rule_help_markdown(r) : NULL;
	const char *page = rule_help_page(r);
	const char *hash = strchr(page, '#');
	int len = hash ? (int)(hash - page) : (int)strlen(page);

	strbuf_reset(sb);
	strbuf_addstr(sb, md ? md : rule_description(r));
	if (markdown)
		strbuf_addf(sb, "\n\nSee `man %.*s`, section %s.",
			    len - 3 > 0 ? len - 3 : len, page,
			    hash ? hash + 1 : "DESCRIPTION");
	else
		strbuf_addf(sb, " See %.*s, section %s.", len, page,
			    hash ? hash + 1 : "DESCRIPTION");
}

static void sarif_rules(struct sarif *s)
{
	const struct report_options *o = s->o;
	struct strbuf help = STRBUF_INIT;

	for (int r = 0; r < RULE__COUNT; r++) {
		if (!rule_listed(o, r))
			continue;
		strbuf_addstr(&s->sb, rule_index(o, r) ? ",\n" : "\n");
		strbuf_addf(&s->sb, "            {\n"
			    "              \"id\": \"%s\",\n"
			    "              \"name\": ", rules[r].name);
		/* name: a readable identifier that differs from the id, as
		 * SARIF asks (access-once -> AccessOnce) */
		strbuf_addch(&s->sb, '"');
		for (const char *p = rules[r].name; *p; p++) {
			if (*p == '-')
				continue;
			if (p == rules[r].name || p[-1] == '-')
				strbuf_addch(&s->sb, (char)(*p >= 'a' && *p <= 'z' ?
							    *p - 'a' + 'A' : *p));
			else
				strbuf_addch(&s->sb, *p);
		}
		strbuf_addch(&s->sb, '"');
		strbuf_addstr(&s->sb, ",\n              \"shortDescription\": { \"text\": ");
		json_add_string(&s->sb, rules[r].summary);
		strbuf_addstr(&s->sb, " },\n              \"fullDescription\": { \"text\": ");
		json_add_string(&s->sb, rule_description(r));
		strbuf_addstr(&s->sb, " },\n              \"help\": { \"text\": ");
		rule_help_text(&help, r, 0);
		json_add_string(&s->sb, help.buf);
		strbuf_addstr(&s->sb, ", \"markdown\": ");
		rule_help_text(&help, r, 1);
		json_add_string(&s->sb, help.buf);
		/* no helpUri: the documentation is the man page, which has no
		 * URL (a man: URI is not one GitHub or a browser can open) */
		/* the rule's level; problem.severity is GitHub's word for
		 * it, "recommendation" for a note */
		strbuf_addf(&s->sb, " },\n              \"defaultConfiguration\": { \"level\": "
			    "\"%s\" },\n"
			    "              \"properties\": { \"tags\": "
			    "[\"concurrency\", \"correctness\"], \"precision\": "
			    "\"%s\", \"problem.severity\": \"%s\" }\n"
			    "            }", level_name(rules[r].level),
			    r == RULE_DOUBLE_FETCH ? "medium" : "high",
			    rules[r].level == LEVEL_NOTE ? "recommendation" :
			    level_name(rules[r].level));
	}
	strbuf_release(&help);
}

static void sarif_related(struct sarif *s, const struct finding *x)
{
	strbuf_addstr(&s->sb, ",\n          \"relatedLocations\": [");
	for (size_t k = 0; k < x->nr_related; k++) {
		const struct finding_related *r = &x->related[k];

		strbuf_addf(&s->sb, "%s\n            { \"id\": %zu, ",
			    k ? "," : "", k + 1);
		sarif_physical(s, x, r->path, r->line, r->col,
			       r->kind == RELATED_INSN, r->address);
		strbuf_addstr(&s->sb, ", \"message\": { \"text\": ");
		json_add_string(&s->sb, r->message);
		strbuf_addstr(&s->sb, " } }");
	}
	strbuf_addstr(&s->sb, "\n          ]");
}

/*
 * One thread flow: the inline chain from the outermost function's call
 * down to the site, then the instructions -- the path a viewer steps
 * through.
 */
static void sarif_code_flow(struct sarif *s, const struct finding *x)
{
	unsigned level = 0;
	int first = 1;

	strbuf_addstr(&s->sb, ",\n          \"codeFlows\": [ { \"message\": "
		      "{ \"text\": \"from the function the code is in to the "
		      "instructions of the site\" }, \"threadFlows\": [ { "
		      "\"locations\": [");
	for (size_t k = 0; k < x->nr_related; k++) {
		const struct finding_related *r = &x->related[k];

		if (r->kind != RELATED_CALL)
			continue;
		strbuf_addf(&s->sb, "%s\n            { \"nestingLevel\": %u, "
			    "\"location\": { ", first ? "" : ",", level++);
		sarif_physical(s, x, r->path, r->line, r->col, 0, 0);
		strbuf_addstr(&s->sb, ", \"message\": { \"text\": ");
		json_add_string(&s->sb, r->message);
		strbuf_addstr(&s->sb, " } } }");
		first = 0;
	}
	strbuf_addf(&s->sb, "%s\n            { \"nestingLevel\": %u, "
		    "\"location\": { ", first ? "" : ",", level);
	sarif_physical(s, x, NULL, 0, 0, 0, 0);
	strbuf_addstr(&s->sb, ", \"message\": { \"text\": ");
	json_add_string(&s->sb, x->message);
	strbuf_addstr(&s->sb, " } } }");
	for (size_t k = 0; k < x->nr_related; k++) {
		const struct finding_related *r = &x->related[k];

		if (r->kind != RELATED_INSN)
			continue;
		strbuf_addf(&s->sb, ",\n            { \"nestingLevel\": %u, "
			    "\"location\": { ", level);
		sarif_physical(s, x, r->path, r->line, r->col,
			       r->kind == RELATED_INSN, r->address);
		strbuf_addstr(&s->sb, ", \"message\": { \"text\": ");
		json_add_string(&s->sb, r->message);
		strbuf_addstr(&s->sb, " } } }");
	}
	strbuf_addstr(&s->sb, "\n          ] } ] } ]");
}

/* The edit `rwonce fix` would make, as one SARIF fix. */
static void sarif_fixes(struct sarif *s, const struct finding *x)
{
	strbuf_addstr(&s->sb, ",\n          \"fixes\": [ { \"description\": "
		      "{ \"text\": \"the conversion rwonce fix makes\" }, "
		      "\"artifactChanges\": [ { ");
	sarif_artifact(s, x->path);
	strbuf_addstr(&s->sb, ", \"replacements\": [");
	for (size_t k = 0; k < x->nr_fixes; k++) {
		const struct finding_fix *r = &x->fixes[k];

		strbuf_addf(&s->sb, "%s\n            { ", k ? "," : "");
		sarif_region_as(s, "deletedRegion", x->path, r->line, r->col,
				r->end_line, r->end_col, 0);
		strbuf_addstr(&s->sb, ", \"insertedContent\": { \"text\": ");
		json_add_string(&s->sb, r->text);
		strbuf_addstr(&s->sb, " } }");
	}
	strbuf_addstr(&s->sb, "\n          ] } ] } ]");
}

/* SARIF message text: [ and ] (and the backslash) escaped, as the text of
 * a message with embedded links must have them (SARIF 2.1.0, 3.11.6) */
static void link_text(struct strbuf *sb, const char *text)
{
	for (; *text; text++) {
		if (*text == '[' || *text == ']' || *text == '\\')
			strbuf_addch(sb, '\\');
		strbuf_addch(sb, *text);
	}
}

/*
 * The result's message, each related location cited in it as [text](id):
 * GitHub links related locations only where the message embeds them.
 * "... torn; instructions: [movl 0x0(%rip), %eax](3), ...; inline
 * chain: ['get' inlined into 'outer' here](1)".
 */
static void sarif_message(struct sarif *s, const struct finding *x)
{
	static const struct {
		enum related_kind kind;
		const char *one, *more;
	} kinds[] = {
		{ RELATED_INSN, "the instruction", "the instructions" },
		{ RELATED_CALL, "the inline chain", "the inline chain" },
		{ RELATED_DEFINITION, "the definition", "the definitions" },
	};
	struct strbuf m = STRBUF_INIT;

	if (!x->nr_related) {
		json_add_string(&s->sb, x->message);
		return;
	}
	link_text(&m, x->message);
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++) {
		size_t n = 0;

		for (size_t r = 0; r < x->nr_related; r++)
			n += x->related[r].kind == kinds[k].kind;
		if (!n)
			continue;
		strbuf_addf(&m, "; %s: ", n == 1 ? kinds[k].one : kinds[k].more);
		n = 0;
		for (size_t r = 0; r < x->nr_related; r++) {
			if (x->related[r].kind != kinds[k].kind)
				continue;
			strbuf_addstr(&m, n++ ? ", [" : "[");
			link_text(&m, x->related[r].message);
			strbuf_addf(&m, "](%zu)", r + 1);
		}
	}
	json_add_string(&s->sb, m.buf);
	strbuf_release(&m);
}

static void sarif_result(struct sarif *s, const struct finding *x, int first)
{
	const struct report_options *o = s->o;

	strbuf_addstr(&s->sb, first ? "\n" : ",\n");
	strbuf_addf(&s->sb, "        {\n          \"ruleId\": \"%s\",\n"
		    "          \"ruleIndex\": %d,\n"
		    "          \"level\": \"%s\",\n"
		    "          \"message\": { \"text\": ",
		    rules[x->rule].name, rule_index(o, (int)x->rule),
		    level_name(rules[x->rule].level));
	sarif_message(s, x);
	strbuf_addstr(&s->sb, " },\n          \"locations\": [\n            { ");
	sarif_physical(s, x, NULL, 0, 0, 0, 0);
	strbuf_addstr(&s->sb, " }\n          ]");
	if (x->fingerprint)
		strbuf_addf(&s->sb, ",\n          \"partialFingerprints\": { "
			    "\"" FINGERPRINT_SARIF_KEY "\": \"%s\" }",
			    x->fingerprint);
	if (x->baseline_state) {
		static const char *const state[] = {
			[BASELINE_NEW] = "new", [BASELINE_UNCHANGED] = "unchanged",
			[BASELINE_ABSENT] = "absent",
		};

		strbuf_addf(&s->sb, ",\n          \"baselineState\": \"%s\"",
			    state[x->baseline_state]);
	}
	if (x->nr_related)
		sarif_related(s, x);
	/* a code flow: the places the finding names, from its function to
	 * the site (only machine-code findings have them) */
	if (x->related && (x->object || x->function))
		sarif_code_flow(s, x);
	if (x->nr_fixes)
		sarif_fixes(s, x);
	if (x->suppression) {
		strbuf_addstr(&s->sb, ",\n          \"suppressions\": [ { \"kind\": "
			      "\"inSource\", \"justification\": ");
		json_add_string(&s->sb, *x->suppression ? x->suppression :
				"(no reason given)");
		strbuf_addstr(&s->sb, " } ]");
	}
	if (x->type_spelled || x->fixable || x->notes || x->function) {
		strbuf_addstr(&s->sb, ",\n          \"properties\": { ");
		if (x->notes) {
			strbuf_addstr(&s->sb, "\"notes\": ");
			json_notes(&s->sb, x->notes);
			strbuf_addstr(&s->sb, ", ");
		}
		if (x->function) {
			strbuf_addstr(&s->sb, "\"function\": ");
			json_add_string(&s->sb, x->function);
			strbuf_addstr(&s->sb, ", ");
		}
		if (x->type_spelled) {
			strbuf_addstr(&s->sb, "\"type\": ");
			json_add_string(&s->sb, x->type_spelled);
			strbuf_addstr(&s->sb, ", ");
		}
		strbuf_addf(&s->sb, "\"fixable\": %s }",
			    x->fixable ? "true" : "false");
	}
	strbuf_addstr(&s->sb, "\n        }");
}

/* Is text the message of an unchecked input ("path: reason")? */
static int said_unchecked(const struct unchecked_input *u, size_t nu,
			  const char *text)
{
	for (size_t i = 0; i < nu; i++) {
		size_t n = strlen(u[i].path);

		if (!strncmp(text, u[i].path, n) && text[n] == ':' &&
		    text[n + 1] == ' ' && !strcmp(text + n + 2, u[i].reason))
			return 1;
	}
	return 0;
}

/* The run's invocation: did it check everything, and what it printed. */
static void sarif_invocation(struct sarif *s)
{
	size_t nr, nu, dropped, n = 0;
	const struct kept_message *m = messages_kept(&nr);
	const struct unchecked_input *u = messages_unchecked_list(&nu, &dropped);
	struct strbuf text = STRBUF_INIT;

	strbuf_addf(&s->sb, "      \"invocations\": [\n        {\n"
		    "          \"executionSuccessful\": %s",
		    s->o->trouble ? "false" : "true");
	/* the config file the run read (lib/config.h) */
	if (s->o->config) {
		strbuf_addstr(&s->sb, ",\n          \"properties\": "
			      "{ \"configFile\": ");
		json_add_string(&s->sb, s->o->config);
		strbuf_addstr(&s->sb, " }");
	}
	if (nr || nu) {
		strbuf_addstr(&s->sb, ",\n          \"toolExecutionNotifications\": [");
		/* the inputs not checked, each with its artifact (the URI:
		 * every byte of the path, percent-encoded) */
		for (size_t i = 0; i < nu; i++) {
			strbuf_reset(&text);
			strbuf_addf(&text, "%s: %s", u[i].path, u[i].reason);
			strbuf_addf(&s->sb, "%s\n            { \"level\": \"%s\", "
				    "\"message\": { \"text\": ", n++ ? "," : "",
				    u[i].level == MESSAGE_ERROR ? "error" :
				    "warning");
			json_add_string(&s->sb, text.buf);
			strbuf_addstr(&s->sb, " }, \"locations\": [ { "
				      "\"physicalLocation\": { "
				      "\"artifactLocation\": { \"uri\": \"");
			uri_path(&s->sb, u[i].path);
			strbuf_addstr(&s->sb, "\" } } } ], \"properties\": { "
				      "\"unchecked\": true, \"reason\": ");
			json_add_string(&s->sb, u[i].reason);
			strbuf_addstr(&s->sb, " } }");
		}
		/* every other message the run printed */
		for (size_t i = 0; i < nr; i++) {
			if (said_unchecked(u, nu, m[i].text))
				continue;
			strbuf_addf(&s->sb, "%s\n            { \"level\": \"%s\", "
				    "\"message\": { \"text\": ", n++ ? "," : "",
				    m[i].level == MESSAGE_ERROR ? "error" :
				    "warning");
			json_add_string(&s->sb, m[i].text);
			strbuf_addstr(&s->sb, " } }");
		}
		strbuf_release(&text);
		if (messages_dropped())
			strbuf_addf(&s->sb, ",\n            { \"level\": \"note\", "
				    "\"message\": { \"text\": \"%zu more messages "
				    "(on stderr)\" } }", messages_dropped());
		strbuf_addstr(&s->sb, "\n          ]");
	}
	strbuf_addstr(&s->sb, "\n        }\n      ],\n");
}

static int write_sarif(FILE *f, const struct finding_list *l,
		       const struct report_options *o, struct source_files *src)
{
	struct sarif s = { STRBUF_INIT, STRBUF_INIT, src, NULL, o };
	const char *command = o->command;
	int ret = 0, first = 1;

	s.root = source_path_absolute(o->srcroot ? o->srcroot : ".");
	strbuf_addstr(&s.sb, "{\n  \"$schema\": \"https://json.schemastore.org/"
		      "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
		      "  \"runs\": [\n    {\n      \"tool\": {\n"
		      "        \"driver\": {\n          \"name\": \"rwonce\",\n");
	/* no informationUri: the project has no web page to name */
	strbuf_addf(&s.sb, "          \"fullName\": \"rwonce %s %s\",\n"
		    "          \"version\": \"%s\",\n"
		    "          \"semanticVersion\": \"%s\",\n"
		    "          \"rules\": [", command, RWONCE_TOOL_VERSION,
		    RWONCE_TOOL_VERSION, RWONCE_TOOL_VERSION);
	sarif_rules(&s);
	strbuf_addstr(&s.sb, "\n          ]\n        }\n      },\n");
	/* the analysis' category (GitHub: everything before the last '/');
	 * no run id after it */
	strbuf_addstr(&s.sb, "      \"automationDetails\": { \"id\": ");
	strbuf_reset(&s.uri);
	if (o->sarif_category && *o->sarif_category)
		strbuf_addstr(&s.uri, o->sarif_category);
	else
		strbuf_addf(&s.uri, "rwonce/%s", command);
	if (s.uri.buf[s.uri.len - 1] != '/')
		strbuf_addch(&s.uri, '/');
	json_add_string(&s.sb, s.uri.buf);
	strbuf_reset(&s.uri);
	strbuf_addstr(&s.sb, " },\n");
	sarif_invocation(&s);
	strbuf_addstr(&s.sb, "      \"originalUriBaseIds\": {\n"
		      "        \"%SRCROOT%\": { \"uri\": ");
	strbuf_addstr(&s.uri, "file://");
	uri_path(&s.uri, s.root);
	if (s.uri.buf[s.uri.len - 1] != '/')
		strbuf_addch(&s.uri, '/');
	json_add_string(&s.sb, s.uri.buf);
	strbuf_addstr(&s.sb, " }\n      },\n      \"columnKind\": "
		      "\"unicodeCodePoints\",\n");
	if (o->counts && (o->counts->baselined || o->counts->suppressed))
		strbuf_addf(&s.sb, "      \"properties\": { \"suppressed\": %zu, "
			    "\"baselined\": %zu },\n", o->counts->suppressed,
			    o->counts->baselined);
	strbuf_addstr(&s.sb, "      \"results\": [");
	/* Every finding is a result: suppressed ones with their suppression
	 * (viewers hide them), and with a baseline each with its
	 * baselineState -- "unchanged" for those in it, "new" for the
	 * others -- followed by the baseline's findings the run has no
	 * more, "absent". */
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		sarif_result(&s, x, first);
		first = 0;
		if (s.sb.len > 65536 && flush(f, &s.sb))
			ret = -1;
	}
	for (size_t i = 0; o->absent && i < o->absent->nr; i++) {
		sarif_result(&s, &o->absent->items[i], first);
		first = 0;
		if (s.sb.len > 65536 && flush(f, &s.sb))
			ret = -1;
	}
	strbuf_addstr(&s.sb, first ? "]\n    }\n  ]\n}\n" : "\n      ]\n    }\n  ]\n}\n");
	if (flush(f, &s.sb))
		ret = -1;
	strbuf_release(&s.sb);
	strbuf_release(&s.uri);
	free(s.root);
	return ret;
}

int report_write(FILE *f, const struct finding_list *l,
		 const struct report_options *o)
{
	struct source_files *own = o->sources ? NULL : source_files_new();
	struct source_files *src = o->sources ? o->sources : own;
	int r;

	switch (o->format) {
	case REPORT_JSON:
		r = write_json(f, l, o);
		break;
	case REPORT_SARIF:
		r = write_sarif(f, l, o, src);
		break;
	case REPORT_CODEQUALITY:
		r = report_write_codequality(f, l, o);
		break;
	case REPORT_GITHUB:
		r = report_write_github(f, l, o);
		break;
	case REPORT_HTML: {
		struct report_options h = *o;

		h.sources = src;
		r = report_write_html(f, l, &h);
		break;
	}
	default:
		r = write_text(f, l, o, src);
		break;
	}
	source_files_free(own);
	if (fflush(f) || ferror(f) || r)
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}

void report_summary(FILE *f, const struct finding_list *l, size_t files,
		    const struct triage_counts *c)
{
	size_t count[RULE__COUNT], nfiles = 0, active = 0;
	struct strbuf more = STRBUF_INIT;
	const char *last = NULL;
	int first = 1;

	summary_counts(l, count);
	for (size_t i = 0; i < l->nr; i++) {
		if (!finding_is_active(&l->items[i]))
			continue;
		active++;
		if (!last || strcmp(l->items[i].path, last))
			nfiles++;
		last = l->items[i].path;
	}
	fprintf(f, "rwonce audit: %zu finding%s in %zu of %zu file%s", active,
		active == 1 ? "" : "s", nfiles, files, files == 1 ? "" : "s");
	for (int r = 0; r < RULE__COUNT; r++) {
		if (!count[r])
			continue;
		fprintf(f, "%s %s %zu", first ? ":" : ",", rules[r].name, count[r]);
		first = 0;
	}
	if (c)
		triage_summary(&more, c);
	fprintf(f, "%s\n", more.len ? more.buf : "");
	strbuf_release(&more);
}
