/* The sources of the findings, a few at a time (source.h). */
#include "findings/source.h"
#include "cfront/lexer.h"
#include "lib/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KEPT 8

struct source_files {
	struct source_file file[KEPT];
	unsigned long used[KEPT]; /* when each was last asked for; 0: empty */
	unsigned long clock;
};

struct source_files *source_files_new(void)
{
	return xcalloc(1, sizeof(struct source_files));
}

static void drop(struct source_file *f)
{
	free(f->path);
	free(f->buf);
	free(f->line_off);
	memset(f, 0, sizeof(*f));
}

void source_files_free(struct source_files *s)
{
	if (!s)
		return;
	for (int k = 0; k < KEPT; k++)
		drop(&s->file[k]);
	free(s);
}

static void load(struct source_file *f, const char *path)
{
	size_t alloc = 0;

	f->path = xstrdup(path);
	f->buf = read_file(path, &f->len);
	if (!f->buf)
		return;
	ALLOC_GROW(f->line_off, 1, alloc);
	f->line_off[f->nr_lines++] = 0;
	for (const char *p = f->buf; (p = memchr(p, '\n', f->len - (size_t)(p - f->buf)));) {
		p++;
		if ((size_t)(p - f->buf) >= f->len)
			break; /* a final newline starts no line */
		ALLOC_GROW(f->line_off, f->nr_lines + 1, alloc);
		f->line_off[f->nr_lines++] = (size_t)(p - f->buf);
	}
}

const struct source_file *source_files_get(struct source_files *s,
					   const char *path)
{
	int oldest = 0;

	for (int k = 0; k < KEPT; k++) {
		if (s->used[k] && !strcmp(s->file[k].path, path)) {
			s->used[k] = ++s->clock;
			return &s->file[k];
		}
		if (s->used[k] < s->used[oldest])
			oldest = k;
	}
	drop(&s->file[oldest]);
	load(&s->file[oldest], path);
	s->used[oldest] = ++s->clock;
	return &s->file[oldest];
}

const char *source_file_line(const struct source_file *f, unsigned n,
			     size_t *len)
{
	size_t start, end;

	if (!f->buf || !n || n > f->nr_lines)
		return NULL;
	start = f->line_off[n - 1];
	if (n == 1)
		start = lex_bom_len(f->buf, f->len);
	end = n < f->nr_lines ? f->line_off[n] - 1 : f->len;
	if (end > start && f->buf[end - 1] == '\n')
		end--;
	if (end > start && f->buf[end - 1] == '\r')
		end--;
	*len = end - start;
	return f->buf + start;
}

char *source_path_absolute(const char *path)
{
	char *r = realpath(path, NULL);
	char cwd[PATH_MAX];

	if (r)
		return r;
	/* Gone since it was read: make it absolute by hand. */
	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

const char *source_path_relative(const char *abs, const char *root)
{
	size_t n = strlen(root);

	if (!strcmp(root, "/"))
		return abs + 1;
	if (!strncmp(abs, root, n) && abs[n] == '/')
		return abs + n + 1;
	return NULL;
}
