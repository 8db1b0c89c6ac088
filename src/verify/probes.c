/*
 * Parsing probe annotations: see probes.h and probes/README.md.  The
 * parser only reads comments that start with the two characters "/" "*"
 * followed by "@"; the rest of the file is left to the compiler.
 */
#include "verify/probes.h"
#include "lib/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int is_ident(const char *s)
{
	if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return 0;
	for (; *s; s++)
		if (!(isalnum((unsigned char)*s) || *s == '_'))
			return 0;
	return 1;
}

static unsigned line_at(const char *text, const char *pos)
{
	unsigned line = 1;

	for (const char *p = text; p < pos; p++)
		line += *p == '\n';
	return line;
}

/* "r0:4" -> item; returns 0 or -1. */
static int parse_expect_token(const char *tok, struct expect_item *it)
{
	char *end;
	unsigned long off, width = 0;

	if (tok[0] != 'r' && tok[0] != 'w' && tok[0] != 'x')
		return -1;
	it->kind = tok[0];
	if (!isdigit((unsigned char)tok[1]))
		return -1;
	errno = 0;
	off = strtoul(tok + 1, &end, 0);
	if (errno || *end != ':' || off > 1u << 20)
		return -1;
	end++;
	it->width_sym = 0;
	if ((*end == 'P' || *end == 'L') && !end[1]) {
		it->width_sym = *end;
	} else {
		if (!isdigit((unsigned char)*end))
			return -1;
		width = strtoul(end, &end, 10);
		if (*end || width == 0 || width > 64)
			return -1;
	}
	it->off = off;
	it->width = width;
	return 0;
}

static int fail(struct strbuf *err, const char *path, unsigned line,
		const char *fmt, const char *arg)
{
	strbuf_addf(err, "%s:%u: ", path, line);
	strbuf_addf(err, fmt, arg);
	return -1;
}

/* Parse one comment body [body, end) that started at line `line`. */
static int parse_block(struct probe_set *set, const char *path,
		       const char *body, const char *end, unsigned line,
		       struct strbuf *err)
{
	struct probe p = { 0 };
	int have_probe = 0;
	const char *s = body;
	unsigned probe_line = line;

	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		char *ln, *key, *val;

		if (!eol)
			eol = end;
		ln = xstrndup(s, eol - s);
		key = ln;
		while (*key == ' ' || *key == '\t' || *key == '*')
			key++;
		for (char *t = key + strlen(key); t > key && isspace((unsigned char)t[-1]); )
			*--t = '\0';
		val = key + strcspn(key, " \t");
		if (*val)
			*val++ = '\0';
		while (*val == ' ' || *val == '\t')
			val++;

		if (!*key) {
			/* blank line */
		} else if (!strcmp(key, "probe")) {
			if (have_probe) {
				free(ln);
				goto bad_dup;
			}
			if (!is_ident(val)) {
				fail(err, path, line, "malformed annotation: probe name '%s' is not a C identifier", val);
				free(ln);
				goto bad;
			}
			p.name = xstrdup(val);
			probe_line = line;
			have_probe = 1;
		} else if (!have_probe) {
			fail(err, path, line, "malformed annotation: '/*@' must start with 'probe NAME', not '%s'", key);
			free(ln);
			goto bad;
		} else if (!strcmp(key, "object")) {
			if (!is_ident(val) || p.object) {
				fail(err, path, line, p.object ?
				     "malformed annotation: second 'object' line ('%s')" :
				     "malformed annotation: object '%s' is not a C identifier", val);
				free(ln);
				goto bad;
			}
			p.object = xstrdup(val);
		} else if (!strcmp(key, "expect")) {
			char *save = NULL;

			if (!*val) {
				fail(err, path, line, "malformed annotation: 'expect' needs accesses such as r0:4%s", "");
				free(ln);
				goto bad;
			}
			for (char *tok = strtok_r(val, " \t,", &save); tok;
			     tok = strtok_r(NULL, " \t,", &save)) {
				struct expect_item it;

				if (parse_expect_token(tok, &it)) {
					fail(err, path, line, "malformed annotation: bad access '%s' (want r|w|x OFFSET:WIDTH, e.g. r0:4, w8:P)", tok);
					free(ln);
					goto bad;
				}
				ALLOC_GROW(p.exp, p.nr_exp + 1, p.alloc_exp);
				p.exp[p.nr_exp++] = it;
			}
		} else if (!strcmp(key, "control")) {
			p.control = 1;
		} else if (!strcmp(key, "about")) {
			free(p.about);
			p.about = xstrdup(val);
		} else {
			fail(err, path, line, "malformed annotation: unknown key '%s' (probe, object, expect, control, about)", key);
			free(ln);
			goto bad;
		}
		free(ln);
		s = eol + 1;
		line++;
	}
	if (!p.object) {
		fail(err, path, probe_line, "malformed annotation: probe '%s' has no 'object' line", p.name);
		goto bad;
	}
	if (!p.nr_exp) {
		fail(err, path, probe_line, "malformed annotation: probe '%s' has no 'expect' line", p.name);
		goto bad;
	}
	for (size_t i = 0; i < set->nr; i++)
		if (!strcmp(set->p[i].name, p.name)) {
			strbuf_addf(err, "%s:%u: probe '%s' is already defined at %s:%u",
				    path, probe_line, p.name, set->p[i].file, set->p[i].line);
			goto bad;
		}
	p.line = probe_line;
	p.file = set->files.items[set->files.nr - 1];
	ALLOC_GROW(set->p, set->nr + 1, set->alloc);
	set->p[set->nr++] = p;
	return 0;

bad_dup:
	fail(err, path, line, "malformed annotation: two 'probe' lines in one comment (after '%s')", p.name);
bad:
	free(p.name);
	free(p.object);
	free(p.about);
	free(p.exp);
	return -1;
}

int probes_parse_text(struct probe_set *set, const char *path,
		      const char *text, struct strbuf *err)
{
	const char *s = text;
	size_t before = set->nr;

	strlist_push(&set->files, path);
	while ((s = strstr(s, "/*@")) != NULL) {
		const char *end = strstr(s + 3, "*/");
		unsigned line = line_at(text, s);

		if (!end)
			return fail(err, path, line, "unterminated annotation comment%s", "");
		if (parse_block(set, path, s + 3, end, line, err))
			return -1;
		s = end + 2;
	}
	if (set->nr == before)
		return fail(err, path, 1, "no probe annotations ('/*@ probe NAME ...') in this file%s", "");
	return 0;
}

int probes_parse_file(struct probe_set *set, const char *path,
		      struct strbuf *err)
{
	size_t len;
	char *text = read_file(path, &len);
	int ret;

	if (!text) {
		strbuf_addf(err, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if (strlen(text) != len) {
		free(text);
		strbuf_addf(err, "%s: not a text file (it has NUL bytes)", path);
		return -1;
	}
	ret = probes_parse_text(set, path, text, err);
	free(text);
	return ret;
}

static unsigned width_of(const struct expect_item *it, unsigned ptr_size,
			 unsigned long_size)
{
	if (it->width_sym == 'P')
		return ptr_size;
	if (it->width_sym == 'L')
		return long_size;
	return it->width;
}

struct exp_access *probe_expectation(const struct probe *p, unsigned ptr_size,
				     unsigned long_size)
{
	struct exp_access *e = xcalloc(p->nr_exp + 1, sizeof(*e));

	for (size_t i = 0; i < p->nr_exp; i++) {
		e[i].kind = p->exp[i].kind;
		e[i].off = p->exp[i].off;
		e[i].width = width_of(&p->exp[i], ptr_size, long_size);
	}
	return e;
}

unsigned probe_extent(const struct probe *p, unsigned ptr_size,
		      unsigned long_size)
{
	unsigned max = 0;

	for (size_t i = 0; i < p->nr_exp; i++) {
		unsigned end = p->exp[i].off + width_of(&p->exp[i], ptr_size, long_size);
		if (end > max)
			max = end;
	}
	return max;
}

void probe_format_expect(const struct probe *p, struct strbuf *sb)
{
	for (size_t i = 0; i < p->nr_exp; i++) {
		strbuf_addf(sb, "%s%c%u:", i ? " " : "", p->exp[i].kind, p->exp[i].off);
		if (p->exp[i].width_sym)
			strbuf_addch(sb, p->exp[i].width_sym);
		else
			strbuf_addf(sb, "%u", p->exp[i].width);
	}
}

void probe_set_release(struct probe_set *set)
{
	for (size_t i = 0; i < set->nr; i++) {
		free(set->p[i].name);
		free(set->p[i].object);
		free(set->p[i].about);
		free(set->p[i].exp);
	}
	free(set->p);
	strlist_clear(&set->files);
	memset(set, 0, sizeof(*set));
}
