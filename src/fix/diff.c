/*
 * Unified diffs built from known edits (see diff.h).  The changed lines are
 * the lines the edits touch, so there is no diff algorithm here: edits are
 * grouped into blocks of old lines, blocks closer than two contexts apart
 * share a hunk, and every line is printed exactly once.
 */
#include "fix/diff.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CONTEXT 3


/* Line starts of the original: start[i] for i < nr, start[nr] == len. */
struct line_map {
	size_t *start;
	size_t nr;
};

static void line_map_build(struct line_map *m, const char *buf, size_t len)
{
	size_t alloc = 0;

	m->start = NULL;
	m->nr = 0;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(buf + at, '\n', len - at);

		ALLOC_GROW(m->start, m->nr + 2, alloc);
		m->start[m->nr++] = at;
		at = nl ? (size_t)(nl - buf) + 1 : len;
	}
	ALLOC_GROW(m->start, m->nr + 1, alloc);
	m->start[m->nr] = len;
}

/* The 0-based line holding byte off (the last line for off == len). */
static size_t line_of(const struct line_map *m, size_t off)
{
	size_t lo = 0, hi = m->nr; /* answer in [lo, hi) */

	if (!m->nr)
		return 0;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->start[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Old lines [ls, le) replaced by the result of edits [e0, e1). */
struct block {
	size_t ls, le;
	size_t e0, e1;
	size_t new_nr; /* lines in the replacement */
	struct strbuf text;
};

static size_t count_lines(const struct strbuf *sb)
{
	size_t n = 0;

	for (size_t i = 0; i < sb->len; i++)
		n += sb->buf[i] == '\n';
	return n + (sb->len && sb->buf[sb->len - 1] != '\n');
}

/* Print each line of text[0..len) after the prefix character. */
static void emit_lines(struct strbuf *out, char prefix, const char *text,
		       size_t len)
{
	size_t at = 0;

	while (at < len) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) + 1 : len;

		strbuf_addch(out, prefix);
		strbuf_add(out, text + at, end - at);
		if (!nl)
			strbuf_addstr(out, "\n\\ No newline at end of file\n");
		at = end;
	}
}

/* git's rule: quote a name holding '"', '\\', control or non-ASCII bytes. */
static int needs_quoting(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p >= 0x7f || *p == '"' || *p == '\\')
			return 1;
	return 0;
}

static void add_name(struct strbuf *out, const char *prefix, const char *path)
{
	static const char esc[] = "\a\b\t\n\v\f\r";
	static const char letter[] = "abtnvfr";

	if (!needs_quoting(path)) {
		strbuf_addstr(out, prefix);
		strbuf_addstr(out, path);
		return;
	}
	strbuf_addch(out, '"');
	strbuf_addstr(out, prefix);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		const char *e = *p ? strchr(esc, *p) : NULL;

		if (*p == '"' || *p == '\\') {
			strbuf_addch(out, '\\');
			strbuf_addch(out, *p);
		} else if (e) {
			strbuf_addch(out, '\\');
			strbuf_addch(out, letter[e - esc]);
		} else if (*p < 0x20 || *p >= 0x7f) {
			strbuf_addf(out, "\\%03o", *p);
		} else {
			strbuf_addch(out, *p);
		}
	}
	strbuf_addch(out, '"');
}

static void add_range(struct strbuf *out, size_t start0, size_t count)
{
	/* An empty side names the line before it, as diff(1) does. */
	if (count == 1)
		strbuf_addf(out, "%zu", start0 + 1);
	else
		strbuf_addf(out, "%zu,%zu", count ? start0 + 1 : start0, count);
}

static void write_header(struct strbuf *out, const char *path)
{
	/* A tab after a name with a space keeps patch(1) from cutting it. */
	const char *tab = strchr(path, ' ') ? "\t" : "";

	strbuf_addstr(out, "diff --git ");
	add_name(out, "a/", path);
	strbuf_addch(out, ' ');
	add_name(out, "b/", path);
	strbuf_addstr(out, "\n--- ");
	add_name(out, "a/", path);
	strbuf_addf(out, "%s\n+++ ", tab);
	add_name(out, "b/", path);
	strbuf_addf(out, "%s\n", tab);
}

void diff_write(struct strbuf *out, const char *path, const char *buf,
		size_t len, const struct edit_list *edits)
{
	struct line_map m;
	struct block *blocks = NULL;
	size_t nr = 0, alloc = 0;

	if (!edits->nr)
		return;
	line_map_build(&m, buf, len);

	/* Group edits whose lines overlap into blocks. */
	for (size_t i = 0; i < edits->nr; i++) {
		const struct text_edit *e = &edits->items[i];
		size_t ls = line_of(&m, e->off);
		size_t le = line_of(&m, e->len ? e->off + e->len - 1 : e->off);
		/* Whole lines inserted before line ls (fix --add-include)
		 * replace no line: shown as added lines only. */
		int adds_lines = !e->len && m.nr && e->off == m.start[ls] &&
				 e->text_len && e->text[e->text_len - 1] == '\n';

		le = adds_lines ? ls : m.nr ? le + 1 : 0;
		if (nr && ls <= blocks[nr - 1].le) {
			if (le > blocks[nr - 1].le)
				blocks[nr - 1].le = le;
			blocks[nr - 1].e1 = i + 1;
			continue;
		}
		ALLOC_GROW(blocks, nr + 1, alloc);
		blocks[nr].ls = ls;
		blocks[nr].le = le;
		blocks[nr].e0 = i;
		blocks[nr].e1 = i + 1;
		nr++;
	}
	for (size_t b = 0; b < nr; b++) {
		strbuf_init(&blocks[b].text);
		edits_apply_range(buf, m.start[blocks[b].ls], m.start[blocks[b].le],
			    edits->items + blocks[b].e0,
			    blocks[b].e1 - blocks[b].e0, &blocks[b].text);
		blocks[b].new_nr = count_lines(&blocks[b].text);
	}

	write_header(out, path);
	/* delta: new line number minus old line number before block b. */
	long long delta = 0;
	for (size_t b = 0; b < nr;) {
		size_t last = b;
		long long hunk_delta = 0;

		while (last + 1 < nr &&
		       blocks[last + 1].ls - blocks[last].le <= 2 * CONTEXT)
			last++;
		size_t cs = blocks[b].ls > CONTEXT ? blocks[b].ls - CONTEXT : 0;
		size_t ce = blocks[last].le + CONTEXT < m.nr ?
			    blocks[last].le + CONTEXT : m.nr;
		for (size_t i = b; i <= last; i++)
			hunk_delta += (long long)blocks[i].new_nr -
				      (long long)(blocks[i].le - blocks[i].ls);

		size_t old_nr = ce - cs;
		strbuf_addstr(out, "@@ -");
		add_range(out, cs, old_nr);
		strbuf_addstr(out, " +");
		add_range(out, (size_t)((long long)cs + delta),
			  (size_t)((long long)old_nr + hunk_delta));
		strbuf_addstr(out, " @@\n");

		size_t at = cs;
		for (size_t i = b; i <= last; i++) {
			emit_lines(out, ' ', buf + m.start[at],
				   m.start[blocks[i].ls] - m.start[at]);
			emit_lines(out, '-', buf + m.start[blocks[i].ls],
				   m.start[blocks[i].le] -
					   m.start[blocks[i].ls]);
			emit_lines(out, '+', blocks[i].text.buf,
				   blocks[i].text.len);
			at = blocks[i].le;
		}
		emit_lines(out, ' ', buf + m.start[at],
			   m.start[ce] - m.start[at]);
		delta += hunk_delta;
		b = last + 1;
	}

	for (size_t b = 0; b < nr; b++)
		strbuf_release(&blocks[b].text);
	free(blocks);
	free(m.start);
}

/* Does the relative path climb above where it starts ("../x", "a/../../x")? */
static int climbs_above(const char *p)
{
	int depth = 0;

	while (*p) {
		size_t n = strcspn(p, "/");

		if (n == 2 && p[0] == '.' && p[1] == '.') {
			if (--depth < 0)
				return 1;
		} else if (n && !(n == 1 && p[0] == '.')) {
			depth++;
		}
		p += n;
		while (*p == '/')
			p++;
	}
	return 0;
}

/* The top of the git work tree holding the file at real path abs, or NULL. */
static char *git_top_of(const char *abs)
{
	char *dir = xstrdup(abs);
	char *slash;

	while ((slash = strrchr(dir, '/'))) {
		char *git;
		int found;

		*slash = '\0';
		git = xasprintf("%s/.git", *dir ? dir : "");
		found = access(git, F_OK) == 0;
		free(git);
		if (found)
			return dir;
	}
	free(dir);
	return NULL;
}

char *diff_path_for(const char *path, char **apply_from)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = path;
	char *resolved = NULL;

	if (path[0] != '/' && climbs_above(path)) {
		/* ../x.c: from the repository's top, or from /. */
		char *top;

		resolved = realpath(path, NULL);
		if (resolved) {
			top = git_top_of(resolved);
			if (top && *top) {
				p = resolved + strlen(top) + 1;
				if (apply_from && !*apply_from)
					*apply_from = top;
				else
					free(top);
			} else {
				free(top);
				p = resolved;
				if (apply_from && !*apply_from)
					*apply_from = xstrdup("/");
			}
		}
	} else if (path[0] == '/') { /* getcwd() is a system call: only when needed */
		char *cwd = getcwd(NULL, 0);
		size_t n = cwd ? strlen(cwd) : 0;

		if (cwd && !strncmp(path, cwd, n) && path[n] == '/')
			p = path + n + 1;
		free(cwd);
	}
	/* Outside the current folder: "a/tmp/x.c" applies with -p1 from /. */
	while (*p == '/')
		p++;
	/* Drop "./" components and doubled slashes. */
	for (const char *start = p; *p; ) {
		if (p[0] == '.' && p[1] == '/' && (p == start || p[-1] == '/')) {
			p += 2;
			continue;
		}
		if (p[0] == '/' && sb.len && sb.buf[sb.len - 1] == '/') {
			p++;
			continue;
		}
		strbuf_addch(&sb, *p++);
	}
	free(resolved);
	return strbuf_detach(&sb);
}
