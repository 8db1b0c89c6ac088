/* The audit report writers: text, JSON, SARIF 2.1.0 (report.h). */
#include "findings/report.h"
#include "lib/strbuf.h"
#include "lib/utf8.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef RWONCE_TOOL_VERSION
#define RWONCE_TOOL_VERSION "0"
#endif

int report_parse_format(const char *name)
{
	if (!strcmp(name, "text"))
		return REPORT_TEXT;
	if (!strcmp(name, "json"))
		return REPORT_JSON;
	if (!strcmp(name, "sarif"))
		return REPORT_SARIF;
	return -1;
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

/* A JSON string, always valid UTF-8: bad bytes become U+FFFD. */
static void json_str(struct strbuf *sb, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *end = p + strlen(s);

	strbuf_addch(sb, '"');
	while (*p) {
		size_t n = utf8_sequence(p, (size_t)(end - p));

		if (!n) {
			strbuf_addstr(sb, "\\ufffd");
			p++;
		} else if (n > 1) {
			strbuf_add(sb, p, n);
			p += n;
		} else {
			char one[2] = { (char)*p, 0 };

			strbuf_add_json_escaped(sb, one);
			p++;
		}
	}
	strbuf_addch(sb, '"');
}

static int flush(FILE *f, struct strbuf *sb)
{
	if (sb->len && fwrite(sb->buf, 1, sb->len, f) != sb->len)
		return -1;
	strbuf_reset(sb);
	return 0;
}

/* ---- text ---- */

static int write_text(FILE *f, const struct finding_list *l, int color)
{
	const char *bold = color ? "\033[1m" : "";
	const char *magenta = color ? "\033[1;35m" : "";
	const char *cyan = color ? "\033[1;36m" : "";
	const char *reset = color ? "\033[m" : "";

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		fprintf(f, "%s%s:%u:%u:%s %swarning:%s %s [%s]\n", bold,
			x->path, x->line, x->col, reset, magenta, reset,
			x->message, rules[x->rule].name);
		/* notes, gcc-style: one line each, at the finding's place */
		for (const char *p = x->notes; p && *p;) {
			size_t n = strcspn(p, "\n");

			fprintf(f, "%s%s:%u:%u:%s %snote:%s %.*s\n", bold, x->path,
				x->line, x->col, reset, cyan, reset, (int)n, p);
			p += n + (p[n] == '\n');
		}
	}
	return 0;
}

void report_json_string(struct strbuf *sb, const char *s)
{
	json_str(sb, s);
}

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
		json_str(sb, line.buf);
		first = 0;
		p += n + (p[n] == '\n');
	}
	strbuf_addch(sb, ']');
	strbuf_release(&line);
}

/* ---- JSON ---- */

static void summary_counts(const struct finding_list *l, size_t *count)
{
	memset(count, 0, RULE__COUNT * sizeof(*count));
	for (size_t i = 0; i < l->nr; i++)
		count[l->items[i].rule]++;
}

static int write_json(FILE *f, const struct finding_list *l,
		      const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT;
	size_t count[RULE__COUNT];
	int first = 1;

	strbuf_addf(&sb, "{\n  \"tool\": \"rwonce\",\n  \"version\": \"%s\",\n"
		    "  \"engine\": ", RWONCE_TOOL_VERSION);
	json_str(&sb, o->engine ? o->engine : "lexical");
	strbuf_addstr(&sb, ",\n  \"findings\": [");
	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];

		strbuf_addstr(&sb, i ? ",\n    {" : "\n    {");
		strbuf_addstr(&sb, "\"path\": ");
		json_str(&sb, x->path);
		strbuf_addf(&sb, ", \"line\": %u, \"column\": %u", x->line, x->col);
		if (x->end_line)
			strbuf_addf(&sb, ", \"end_line\": %u, \"end_column\": %u",
				    x->end_line, x->end_col);
		strbuf_addf(&sb, ", \"rule\": \"%s\", \"message\": ",
			    rules[x->rule].name);
		json_str(&sb, x->message);
		strbuf_addstr(&sb, ", \"type\": ");
		if (x->type_spelled)
			json_str(&sb, x->type_spelled);
		else
			strbuf_addstr(&sb, "null");
		strbuf_addstr(&sb, ", \"type_canonical\": ");
		if (x->type_canonical)
			json_str(&sb, x->type_canonical);
		else
			strbuf_addstr(&sb, "null");
		strbuf_addf(&sb, ", \"fixable\": %s", x->fixable ? "true" : "false");
		if (x->notes) {
			strbuf_addstr(&sb, ", \"notes\": ");
			json_notes(&sb, x->notes);
		}
		strbuf_addch(&sb, '}');
		if (sb.len > 65536 && flush(f, &sb))
			goto fail;
	}
	strbuf_addstr(&sb, l->nr ? "\n  ],\n" : "],\n");
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
		goto fail;
	strbuf_release(&sb);
	return 0;
fail:
	strbuf_release(&sb);
	return -1;
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

/* The absolute, normalised form of path (no symlink resolution needed). */
static char *absolute(const char *path)
{
	char *r = realpath(path, NULL);

	if (r)
		return r;
	/* Gone since it was read: make it absolute by hand. */
	if (path[0] == '/')
		return xstrdup(path);
	{
		char cwd[PATH_MAX];

		if (!getcwd(cwd, sizeof(cwd)))
			return xstrdup(path);
		return xasprintf("%s/%s", cwd, path);
	}
}

/*
 * The path of the finding relative to root (an absolute, real folder with
 * no trailing slash), or NULL when it lies outside.
 */
static const char *relative_to(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (!strcmp(root, "/"))
		return abs + 1;
	if (!strncmp(abs, root, n) && abs[n] == '/')
		return abs + n + 1;
	return NULL;
}

/* FNV-1a, 64 bits: a stable hash for fingerprints. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	if (!h)
		h = 0xcbf29ce484222325ull;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	h ^= 0xff; /* separator */
	h *= 0x100000001b3ull;
	return h;
}

/* Byte column -> column in Unicode code points, from the file's line. */
struct line_cache {
	char *path;
	char *buf;
	size_t len;
};

static unsigned codepoint_col(struct line_cache *c, const char *path,
			      unsigned line, unsigned col)
{
	size_t p = 0, end;
	unsigned cp = 1, ln = 1;

	if (!c->path || strcmp(c->path, path)) {
		free(c->path);
		free(c->buf);
		c->path = xstrdup(path);
		c->buf = read_file(path, &c->len);
	}
	if (!c->buf || !col)
		return col;
	while (ln < line && p < c->len) {
		const char *nl = memchr(c->buf + p, '\n', c->len - p);

		if (!nl)
			return col;
		p = (size_t)(nl - c->buf) + 1;
		ln++;
	}
	end = p + col - 1;
	if (end > c->len)
		return col;
	while (p < end) {
		unsigned char ch = (unsigned char)c->buf[p];

		/* Count every byte that starts a character (invalid bytes too). */
		if ((ch & 0xc0) != 0x80)
			cp++;
		p++;
	}
	return cp;
}

static void sarif_rules(struct strbuf *sb, const struct report_options *o)
{
	const char *page = o->command && !strcmp(o->command, "scan") ?
		"rwonce-scan(1), section VERDICTS" : "rwonce-audit(1), section RULES";

	for (int r = 0; r < RULE__COUNT; r++) {
		if (!rule_listed(o, r))
			continue;
		strbuf_addstr(sb, rule_index(o, r) ? ",\n" : "\n");
		strbuf_addf(sb, "            {\n"
			    "              \"id\": \"%s\",\n"
			    "              \"name\": ", rules[r].name);
		/* name: a readable identifier that differs from the id, as
		 * SARIF asks (access-once -> AccessOnce) */
		strbuf_addch(sb, '"');
		for (const char *p = rules[r].name; *p; p++) {
			if (*p == '-')
				continue;
			if (p == rules[r].name || p[-1] == '-')
				strbuf_addch(sb, (char)(*p >= 'a' && *p <= 'z' ?
							*p - 'a' + 'A' : *p));
			else
				strbuf_addch(sb, *p);
		}
		strbuf_addch(sb, '"');
		strbuf_addstr(sb, ",\n              \"shortDescription\": { \"text\": ");
		json_str(sb, rules[r].summary);
		strbuf_addstr(sb, " },\n              \"fullDescription\": { \"text\": ");
		json_str(sb, rules[r].summary);
		strbuf_addf(sb, " },\n              \"help\": { \"text\": \"See "
			    "%s, '%s'.\" },\n"
			    "              \"defaultConfiguration\": { \"level\": "
			    "\"warning\" },\n"
			    "              \"properties\": { \"tags\": "
			    "[\"concurrency\", \"correctness\"], \"precision\": "
			    "\"%s\", \"problem.severity\": \"warning\" }\n"
			    "            }", page, rules[r].name,
			    r == RULE_DOUBLE_FETCH ? "medium" : "high");
	}
}

static int write_sarif(FILE *f, const struct finding_list *l,
		       const struct report_options *o)
{
	struct strbuf sb = STRBUF_INIT, uri = STRBUF_INIT;
	struct line_cache cache = { NULL, NULL, 0 };
	char *root = absolute(o->srcroot ? o->srcroot : ".");
	const char *prev_key = NULL;
	struct { uint64_t hash; unsigned count; } *seen = NULL;
	size_t nseen = 0, seen_alloc = 0;
	unsigned occurrence = 0;
	int ret = 0;

	strbuf_addstr(&sb, "{\n  \"$schema\": \"https://json.schemastore.org/"
		      "sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
		      "  \"runs\": [\n    {\n      \"tool\": {\n"
		      "        \"driver\": {\n          \"name\": \"rwonce\",\n");
	strbuf_addf(&sb, "          \"version\": \"%s\",\n"
		    "          \"semanticVersion\": \"%s\",\n"
		    "          \"rules\": [", RWONCE_TOOL_VERSION,
		    RWONCE_TOOL_VERSION);
	sarif_rules(&sb, o);
	strbuf_addstr(&sb, "\n          ]\n        }\n      },\n"
		      "      \"originalUriBaseIds\": {\n"
		      "        \"%SRCROOT%\": { \"uri\": ");
	strbuf_reset(&uri);
	strbuf_addstr(&uri, "file://");
	uri_path(&uri, root);
	if (uri.buf[uri.len - 1] != '/')
		strbuf_addch(&uri, '/');
	json_str(&sb, uri.buf);
	strbuf_addstr(&sb, " }\n      },\n      \"columnKind\": "
		      "\"unicodeCodePoints\",\n      \"results\": [");

	for (size_t i = 0; i < l->nr; i++) {
		const struct finding *x = &l->items[i];
		char *abs = absolute(x->path);
		const char *rel = relative_to(abs, root);
		uint64_t h;

		strbuf_reset(&uri);
		if (rel) {
			uri_path(&uri, rel);
		} else {
			strbuf_addstr(&uri, "file://");
			uri_path(&uri, abs);
		}
		/*
		 * Fingerprint: rule, file and message (which names the
		 * operand), plus which occurrence of that triple it is -- stable
		 * when lines move.
		 */
		h = fnv1a(fnv1a(fnv1a(0, rules[x->rule].name), uri.buf), x->message);
		/* The hash includes the file: counts restart with each file. */
		if (!prev_key || strcmp(prev_key, x->path))
			nseen = 0;
		prev_key = x->path;
		occurrence = 0;
		for (size_t k = 0; k < nseen; k++)
			if (seen[k].hash == h)
				occurrence = ++seen[k].count;
		if (!occurrence) {
			ALLOC_GROW(seen, nseen + 1, seen_alloc);
			seen[nseen].hash = h;
			seen[nseen].count = 0;
			nseen++;
		}

		strbuf_addstr(&sb, i ? ",\n" : "\n");
		strbuf_addf(&sb, "        {\n          \"ruleId\": \"%s\",\n"
			    "          \"ruleIndex\": %d,\n"
			    "          \"level\": \"warning\",\n"
			    "          \"message\": { \"text\": ",
			    rules[x->rule].name, rule_index(o, (int)x->rule));
		json_str(&sb, x->message);
		strbuf_addstr(&sb, " },\n          \"locations\": [\n            {\n"
			      "              \"physicalLocation\": {\n"
			      "                \"artifactLocation\": { \"uri\": ");
		json_str(&sb, uri.buf);
		if (rel)
			strbuf_addstr(&sb, ", \"uriBaseId\": \"%SRCROOT%\"");
		strbuf_addf(&sb, " },\n                \"region\": { "
			    "\"startLine\": %u, \"startColumn\": %u",
			    x->line, codepoint_col(&cache, x->path, x->line, x->col));
		if (x->end_line && x->end_col)
			strbuf_addf(&sb, ", \"endLine\": %u, \"endColumn\": %u",
				    x->end_line, codepoint_col(&cache, x->path,
							       x->end_line,
							       x->end_col));
		strbuf_addf(&sb, " }\n              }\n            }\n          ],\n"
			    "          \"partialFingerprints\": { "
			    "\"rwonceFindingHash/v1\": \"%016llx:%u\" }",
			    (unsigned long long)h, occurrence + 1);
		if (x->type_spelled || x->fixable || x->notes) {
			strbuf_addstr(&sb, ",\n          \"properties\": { ");
			if (x->notes) {
				strbuf_addstr(&sb, "\"notes\": ");
				json_notes(&sb, x->notes);
				strbuf_addstr(&sb, ", ");
			}
			if (x->type_spelled) {
				strbuf_addstr(&sb, "\"type\": ");
				json_str(&sb, x->type_spelled);
				strbuf_addstr(&sb, ", ");
			}
			strbuf_addf(&sb, "\"fixable\": %s }",
				    x->fixable ? "true" : "false");
		}
		strbuf_addstr(&sb, "\n        }");
		free(abs);
		if (sb.len > 65536 && flush(f, &sb))
			ret = -1;
	}
	strbuf_addstr(&sb, l->nr ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n");
	if (flush(f, &sb))
		ret = -1;
	strbuf_release(&sb);
	strbuf_release(&uri);
	free(cache.path);
	free(cache.buf);
	free(root);
	free(seen);
	return ret;
}

int report_write(FILE *f, const struct finding_list *l,
		 const struct report_options *o)
{
	int r;

	switch (o->format) {
	case REPORT_JSON:
		r = write_json(f, l, o);
		break;
	case REPORT_SARIF:
		r = write_sarif(f, l, o);
		break;
	default:
		r = write_text(f, l, o->color);
		break;
	}
	if (fflush(f) || ferror(f) || r)
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}

void report_summary(FILE *f, const struct finding_list *l, size_t files)
{
	size_t count[RULE__COUNT], nfiles = 0;
	int first = 1;

	summary_counts(l, count);
	for (size_t i = 0; i < l->nr; i++)
		if (!i || strcmp(l->items[i].path, l->items[i - 1].path))
			nfiles++;
	fprintf(f, "rwonce audit: %zu finding%s in %zu of %zu file%s", l->nr,
		l->nr == 1 ? "" : "s", nfiles, files, files == 1 ? "" : "s");
	for (int r = 0; r < RULE__COUNT; r++) {
		if (!count[r])
			continue;
		fprintf(f, "%s %s %zu", first ? ":" : ",", rules[r].name, count[r]);
		first = 0;
	}
	fputc('\n', f);
}
