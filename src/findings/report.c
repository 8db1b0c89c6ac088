/* The report writers: text, JSON, SARIF 2.1.0 (report.h); HTML is html.c. */
#include "findings/report.h"
#include "findings/baseline.h"
#include "lib/json.h"
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
	};

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(name, names[i]))
			return (int)i;
	return -1;
}

static const struct {
	const char *name, *uri, *text;
} rule_help[] = {
#define RULE_HELP(name, uri, text) { name, "man:" uri, text },
#include "findings/rules-help.def"
#undef RULE_HELP
};

static int help_index(int rule)
{
	for (size_t i = 0; i < ARRAY_SIZE(rule_help); i++)
		if (!strcmp(rule_help[i].name, rules[rule].name))
			return (int)i;
	return -1;
}

const char *rule_help_uri(int rule)
{
	int k = help_index(rule);

	if (k >= 0)
		return rule_help[k].uri;
	return RULE_IS_SCAN(rule) ? "man:rwonce-scan(1)#VERDICTS" :
		"man:rwonce-audit(1)#RULES";
}

const char *rule_description(int rule)
{
	int k = help_index(rule);

	return k >= 0 ? rule_help[k].text : rules[rule].summary;
}

/* Is rule r one of the rules of the report's command (audit or scan)? */
static int rule_listed(const struct report_options *o, int r)
{
	return RULE_IS_SCAN(r) == (o->command && !strcmp(o->command, "scan"));
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
	const char *bold, *warn, *note, *caret, *reset;
};

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
	strbuf_addf(sb, "%5u | ", x->line);
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)line[i];
		size_t next = advance(col, ch);

		if (i == start)
			from = col;
		if (i == end)
			to = col;
		if (ch == '\t')
			strbuf_addf(sb, "%*s", (int)(next - col), "");
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
	strbuf_addf(sb, "\n      | %*s%s^", (int)from, "", p->caret);
	for (size_t k = from + 1; k < to; k++)
		strbuf_addch(sb, '~');
	strbuf_addf(sb, "%s\n", p->reset);
}

static void write_notes(struct strbuf *sb, const struct finding *x,
			const struct palette *p)
{
	/* notes, gcc-style: one line each, at the finding's place */
	for (const char *s = x->notes; s && *s;) {
		size_t n = strcspn(s, "\n");

		strbuf_addf(sb, "%s%s:%u:%u:%s %snote:%s %.*s\n", p->bold, x->path,
			    x->line, x->col, p->reset, p->note, p->reset,
			    (int)n, s);
		s += n + (s[n] == '\n');
	}
}

static int write_text(FILE *f, const struct finding_list *l,
		      const struct report_options *o, struct source_files *src)
{
	const struct palette p = o->color ?
		(struct palette){ "\033[1m", "\033[1;35m", "\033[1;36m",
				  "\033[1;32m", "\033[m" } :
		(struct palette){ "", "", "", "", "" };
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (!finding_is_active(x)) {
			if (!o->verbose)
				continue;
			strbuf_addf(&sb, "%s%s:%u:%u:%s %snote:%s ", p.bold,
				    x->path, x->line, x->col, p.reset, p.note,
				    p.reset);
			if (x->suppression)
				strbuf_addf(&sb, "suppressed (%s): ",
					    *x->suppression ? x->suppression :
					    "no reason given");
			else
				strbuf_addstr(&sb, "in the baseline: ");
			strbuf_addf(&sb, "%s [%s]\n", x->message,
				    rules[x->rule].name);
			continue;
		}
		strbuf_addf(&sb, "%s%s:%u:%u:%s %swarning:%s %s [%s]\n", p.bold,
			    x->path, x->line, x->col, p.reset, p.warn, p.reset,
			    x->message, rules[x->rule].name);
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
	strbuf_addstr(sb, "{\"path\": ");
	json_add_string(sb, x->path);
	strbuf_addf(sb, ", \"line\": %u, \"column\": %u", x->line, x->col);
	if (x->end_line)
		strbuf_addf(sb, ", \"end_line\": %u, \"end_column\": %u",
			    x->end_line, x->end_col);
	strbuf_addf(sb, ", \"rule\": \"%s\", \"message\": ", rules[x->rule].name);
	json_add_string(sb, x->message);
	strbuf_addstr(sb, ", \"type\": ");
	json_string_or_null(sb, x->type_spelled);
	strbuf_addstr(sb, ", \"type_canonical\": ");
	json_string_or_null(sb, x->type_canonical);
	strbuf_addf(sb, ", \"fixable\": %s", x->fixable ? "true" : "false");
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

/* "key": { "startLine": ... } -- key "region", or "deletedRegion" of a
 * fix's replacement */
static void sarif_region_as(struct sarif *s, const char *key, const char *path,
			    unsigned line, unsigned col, unsigned end_line,
			    unsigned end_col)
{
	strbuf_addf(&s->sb, "\"%s\": { \"startLine\": %u", key, line);
	if (col)
		strbuf_addf(&s->sb, ", \"startColumn\": %u",
			    codepoint_col(s->src, path, line, col));
	if (end_line && end_col)
		strbuf_addf(&s->sb, ", \"endLine\": %u, \"endColumn\": %u",
			    end_line, codepoint_col(s->src, path, end_line,
						    end_col));
	strbuf_addstr(&s->sb, " }");
}

static void sarif_region(struct sarif *s, const char *path, unsigned line,
			 unsigned col, unsigned end_line, unsigned end_col)
{
	sarif_region_as(s, "region", path, line, col, end_line, end_col);
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
		      col == x->col))
		sarif_region(s, x->path, x->line, x->col, x->end_line,
			     x->end_col);
	else
		sarif_region(s, path, line ? line : 1, col, 0, 0);
	if (insn)
		strbuf_addf(&s->sb, ", \"address\": { \"absoluteAddress\": %llu, "
			    "\"kind\": \"instruction\" }", address);
	strbuf_addstr(&s->sb, " }");
}

static void sarif_rules(struct sarif *s)
{
	const struct report_options *o = s->o;

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
		json_add_string(&s->sb, rule_description(r));
		strbuf_addstr(&s->sb, " },\n              \"helpUri\": ");
		json_add_string(&s->sb, rule_help_uri(r));
		strbuf_addf(&s->sb, ",\n              \"defaultConfiguration\": { \"level\": "
			    "\"warning\" },\n"
			    "              \"properties\": { \"tags\": "
			    "[\"concurrency\", \"correctness\"], \"precision\": "
			    "\"%s\", \"problem.severity\": \"warning\" }\n"
			    "            }",
			    r == RULE_DOUBLE_FETCH ? "medium" : "high");
	}
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
				r->end_line, r->end_col);
		strbuf_addstr(&s->sb, ", \"insertedContent\": { \"text\": ");
		json_add_string(&s->sb, r->text);
		strbuf_addstr(&s->sb, " } }");
	}
	strbuf_addstr(&s->sb, "\n          ] } ] } ]");
}

static void sarif_result(struct sarif *s, const struct finding *x, int first)
{
	const struct report_options *o = s->o;

	strbuf_addstr(&s->sb, first ? "\n" : ",\n");
	strbuf_addf(&s->sb, "        {\n          \"ruleId\": \"%s\",\n"
		    "          \"ruleIndex\": %d,\n"
		    "          \"level\": \"warning\",\n"
		    "          \"message\": { \"text\": ",
		    rules[x->rule].name, rule_index(o, (int)x->rule));
	json_add_string(&s->sb, x->message);
	strbuf_addstr(&s->sb, " },\n          \"locations\": [\n            { ");
	sarif_physical(s, x, NULL, 0, 0, 0, 0);
	strbuf_addstr(&s->sb, " }\n          ]");
	if (x->fingerprint)
		strbuf_addf(&s->sb, ",\n          \"partialFingerprints\": { "
			    "\"" FINGERPRINT_SARIF_KEY "\": \"%s\" }",
			    x->fingerprint);
	if (x->nr_related)
		sarif_related(s, x);
	if (x->related && (x->object || x->function) && RULE_IS_SCAN(x->rule))
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

/* The run's invocation: did it check everything, and what it printed. */
static void sarif_invocation(struct sarif *s)
{
	size_t nr;
	const struct kept_message *m = messages_kept(&nr);

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
	if (nr) {
		strbuf_addstr(&s->sb, ",\n          \"toolExecutionNotifications\": [");
		for (size_t i = 0; i < nr; i++) {
			strbuf_addf(&s->sb, "%s\n            { \"level\": \"%s\", "
				    "\"message\": { \"text\": ", i ? "," : "",
				    m[i].level == MESSAGE_ERROR ? "error" :
				    "warning");
			json_add_string(&s->sb, m[i].text);
			strbuf_addstr(&s->sb, " } }");
		}
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
	int ret = 0, first = 1;

	s.root = source_path_absolute(o->srcroot ? o->srcroot : ".");
	strbuf_addstr(&s.sb, "{\n  \"$schema\": \"https://json.schemastore.org/"
		      "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
		      "  \"runs\": [\n    {\n      \"tool\": {\n"
		      "        \"driver\": {\n          \"name\": \"rwonce\",\n");
	strbuf_addf(&s.sb, "          \"version\": \"%s\",\n"
		    "          \"semanticVersion\": \"%s\",\n"
		    "          \"rules\": [", RWONCE_TOOL_VERSION,
		    RWONCE_TOOL_VERSION);
	sarif_rules(&s);
	strbuf_addstr(&s.sb, "\n          ]\n        }\n      },\n");
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
	/* Findings in the baseline are not results; suppressed ones are,
	 * with their suppression (viewers hide them). */
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		if (x->baselined && !x->suppression)
			continue;
		sarif_result(&s, x, first);
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
