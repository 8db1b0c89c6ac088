/* Where an #include line goes (add-include.h). */
#define _GNU_SOURCE /* memmem */
#include "rewrite/add-include.h"
#include "cfront/tokscan.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* s with every "\n" made "\r\n". */
static char *crlf_of(const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (; *s; s++) {
		if (*s == '\n')
			strbuf_addch(&sb, '\r');
		strbuf_addch(&sb, *s);
	}
	return strbuf_detach(&sb);
}

/* The texts of lines (no trailing newline), with either line ending. */
static void texts_init(struct include_line *inc, const char *lines)
{
	struct include_text *lf = &inc->eol[0], *crlf = &inc->eol[1];

	lf->line = xasprintf("%s\n", lines);
	lf->after = xasprintf("\n%s", lines);
	lf->around = xasprintf("\n%s\n", lines);
	crlf->line = crlf_of(lf->line);
	crlf->after = crlf_of(lf->after);
	crlf->around = crlf_of(lf->around);
}

int include_line_init(struct include_line *inc, const char *header)
{
	size_t n = strlen(header);
	char *line;

	memset(inc, 0, sizeof(*inc));
	if (!n || strpbrk(header, " \t\n\r"))
		return error("--add-include '%s': expected <file.h>, "
			     "\"file.h\" or file.h", header);
	if ((header[0] == '<' && header[n - 1] == '>' && n > 2) ||
	    (header[0] == '"' && header[n - 1] == '"' && n > 2))
		inc->header = xstrdup(header);
	else if (strchr(header, '<') || strchr(header, '>') ||
		 strchr(header, '"'))
		return error("--add-include '%s': expected <file.h>, "
			     "\"file.h\" or file.h", header);
	else
		inc->header = xasprintf("<%s>", header);
	line = xasprintf("#include %s", inc->header);
	texts_init(inc, line);
	free(line);
	return 0;
}

void include_line_init_text(struct include_line *inc, const char *lines)
{
	memset(inc, 0, sizeof(*inc));
	texts_init(inc, lines);
}

void include_line_release(struct include_line *inc)
{
	free(inc->header);
	for (size_t k = 0; k < ARRAY_SIZE(inc->eol); k++) {
		free(inc->eol[k].line);
		free(inc->eol[k].after);
		free(inc->eol[k].around);
	}
	memset(inc, 0, sizeof(*inc));
}

/*
 * The texts for this file: its lines end in CRLF when its first line
 * does (a Windows file keeps one line ending throughout; a bare LF line
 * in it would show in every diff and editor), else in LF.
 */
static const struct include_text *texts_for(const struct include_line *inc,
					    const char *buf, size_t len)
{
	const char *nl = memchr(buf, '\n', len);

	return &inc->eol[nl && nl > buf && nl[-1] == '\r'];
}

/* The token after the directive that starts at hash (its first non-directive
 * token, or the EOF token). */
static size_t directive_end(const struct token_list *l, size_t hash)
{
	size_t i = hash + 1;

	while (i < l->nr - 1 && !(l->tok[i].flags & TF_BOL))
		i++;
	return i;
}

/* Does the file already include header (same name, either delimiter)? */
static int same_header(const char *buf, const struct token *t,
		       const char *header)
{
	size_t hn = strlen(header);

	if (t->kind != TOK_HEADER && t->kind != TOK_STRING)
		return 0;
	return t->len == hn && !memcmp(buf + t->off + 1, header + 1, hn - 2);
}

/*
 * Add the insertion after the line whose last token is l->tok[last]: at
 * the start of the next line when only blanks or a // comment follow on
 * this one, right after the token on a line of its own when a block
 * comment or the end of the file follows.  Returns 0 for anything else (a
 * backslash-newline would join the next line to the new directive).
 */
static int insert_after_line(const struct include_text *inc, const char *buf,
			     size_t len, const struct token *last,
			     struct edit_list *edits)
{
	size_t p = last->off + last->len;

	while (p < len && (buf[p] == ' ' || buf[p] == '\t' || buf[p] == '\r'))
		p++;
	if (p < len && buf[p] == '\n') {
		edit_list_add(edits, p + 1, 0, inc->line);
		return 1;
	}
	if (p + 1 < len && buf[p] == '/' && buf[p + 1] == '/') {
		const char *nl = memchr(buf + p, '\n', len - p);

		if (nl && nl[-1] != '\\') { /* not continued by a splice */
			edit_list_add(edits, (size_t)(nl - buf) + 1, 0,
				      inc->line);
			return 1;
		}
		return 0;
	}
	if (p == len || (p + 1 < len && buf[p] == '/' && buf[p + 1] == '*' &&
			 memmem(buf + p + 2, len - p - 2, "*/", 2))) {
		edit_list_add(edits, last->off + last->len, 0, inc->after);
		return 1;
	}
	return 0;
}

/* Before the file's first token (after its leading comments): at the start
 * of its line when only blanks precede it there, else on a line of its own.
 * A byte order mark is no part of the first line: the file starts after
 * it, and it stays in front of the new line. */
static void insert_before(const struct include_text *inc, const char *buf,
			  size_t len, const struct token *t,
			  struct edit_list *edits)
{
	size_t p = t->off, start = lex_bom_len(buf, len);

	while (p > start && (buf[p - 1] == ' ' || buf[p - 1] == '\t'))
		p--;
	if (p == start || buf[p - 1] == '\n')
		edit_list_add(edits, p, 0, inc->line);
	else
		edit_list_add(edits, t->off, 0, inc->around);
}

/* Which token ends the place an #include belongs after: the last
 * well-formed #include outside conditionals (a guard does not count), or
 * the guard's #define; eof for neither.  *is_include says which. */
static size_t include_place(const char *buf, const struct token_list *l,
			    int *is_include)
{
	size_t eof = l->nr - 1, last_include = eof, guard_define = eof;
	int depth = 0, guard = 0;

	for (size_t i = 0; i < eof; i++) {
		const struct token *t = &l->tok[i];

		if (t->kind != TOK_HASH)
			continue;
		if (i + 1 >= eof || (l->tok[i + 1].flags & TF_BOL))
			continue; /* a lone '#' */
		if (tok_ident(buf, l, i + 1, "include")) {
			/* only a well-formed one: #include <x> or "x" */
			if (depth == guard && i + 3 == directive_end(l, i) &&
			    (l->tok[i + 2].kind == TOK_HEADER ||
			     l->tok[i + 2].kind == TOK_STRING))
				last_include = i + 2;
		} else if (tok_ident(buf, l, i + 1, "if") ||
			   tok_ident(buf, l, i + 1, "ifdef")) {
			depth++;
		} else if (tok_ident(buf, l, i + 1, "ifndef")) {
			/* "#ifndef X / #define X" before any code: a guard */
			size_t d = directive_end(l, i);

			if (i == 0 && depth == 0 &&
			    d + 2 < eof && l->tok[d].kind == TOK_HASH &&
			    tok_ident(buf, l, d + 1, "define") && i + 2 < d &&
			    /* "#define X" alone, not a macro of that name */
			    directive_end(l, d) == d + 3 &&
			    l->tok[d + 2].len == l->tok[i + 2].len &&
			    !memcmp(buf + l->tok[d + 2].off,
				    buf + l->tok[i + 2].off, l->tok[d + 2].len)) {
				guard = 1;
				guard_define = directive_end(l, d) - 1;
			}
			depth++;
		} else if (tok_ident(buf, l, i + 1, "endif")) {
			if (depth > 0)
				depth--;
		}
	}
	*is_include = last_include != eof;
	return last_include != eof ? last_include : guard_define;
}

/* The insertion at the end of edits goes first among those at its
 * offset ("#include" before the "READ_ONCE(" of a conversion that
 * starts the same line). */
static void insert_first(struct edit_list *edits)
{
	for (size_t k = 0; k + 1 < edits->nr; k++)
		edits->items[k].seq++;
	edits->items[edits->nr - 1].seq = 0;
}

void include_insert(const struct include_line *inc, const char *buf,
		    size_t len, const struct token_list *l,
		    struct edit_list *edits)
{
	size_t eof = l->nr - 1, place;
	int is_include;

	if (eof == 0)
		return;
	place = include_place(buf, l, &is_include);
	/* The top of the file is always a safe place, if not the best. */
	if (place == eof || !insert_after_line(texts_for(inc, buf, len), buf,
					       len, &l->tok[place], edits))
		insert_before(texts_for(inc, buf, len), buf, len, &l->tok[0],
			      edits);
	insert_first(edits);
}

void include_insert_at_line(const struct include_line *inc, const char *buf,
			    const struct token_list *l, size_t tok,
			    struct edit_list *edits)
{
	size_t len = l->tok[l->nr - 1].off; /* the EOF token's: the length */

	insert_before(texts_for(inc, buf, len), buf, len, &l->tok[tok], edits);
	insert_first(edits);
}

int include_present(const struct include_line *inc, const char *buf,
		    const struct token_list *l)
{
	for (size_t i = 0; i + 2 < l->nr - 1; i++)
		if (l->tok[i].kind == TOK_HASH &&
		    tok_ident(buf, l, i + 1, "include") &&
		    same_header(buf, &l->tok[i + 2], inc->header))
			return 1;
	return 0;
}

int include_add_edit(const struct include_line *inc, const char *buf,
		     size_t len, const struct token_list *l,
		     const struct rewrite_opts *o, struct edit_list *edits)
{
	size_t eof = l->nr - 1;

	for (size_t i = 0; i < eof; i++)
		if (tok_ident(buf, l, i, o->read_name) ||
		    tok_ident(buf, l, i, o->write_name))
			return 0; /* named here: defined or included already */
	if (eof == 0 || include_present(inc, buf, l))
		return 0;
	include_insert(inc, buf, len, l, edits);
	return 1;
}
