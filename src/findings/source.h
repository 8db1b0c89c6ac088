/*
 * The sources the findings point into, read once for everything that
 * shows or judges them: the text writer's source line and caret, SARIF's
 * columns in code points, the HTML report's context, the fingerprints
 * and the rwonce-ignore comments (triage.h).  Findings come sorted by
 * path, so a handful of files is kept at a time.  A source that cannot
 * be read is no error here: it has no text, and each user says what it
 * does without it.
 */
#ifndef RWONCE_FINDINGS_SOURCE_H
#define RWONCE_FINDINGS_SOURCE_H

#include <stddef.h>

struct source_file {
	char *path;
	char *buf;            /* NULL: it could not be read */
	size_t len;
	size_t *line_off;     /* where each line starts */
	unsigned nr_lines;
};

struct source_files;

struct source_files *source_files_new(void);
void source_files_free(struct source_files *s);

/* The source at path; never NULL (->buf is NULL when unreadable).  Valid
 * until a few other paths have been asked for. */
const struct source_file *source_files_get(struct source_files *s,
					   const char *path);

/* Line n (1-based) without its newline, its length in *len; NULL when
 * the file has no such line.  Line 1 starts after a UTF-8 byte order
 * mark, where the lexer's columns start (cfront/lexer.h). */
const char *source_file_line(const struct source_file *f, unsigned n,
			     size_t *len);

/* path made absolute and normalised (realpath, else by hand); free it. */
char *source_path_absolute(const char *path);
/* abs (absolute) relative to root (absolute, no trailing slash), or NULL
 * when it lies outside. */
const char *source_path_relative(const char *abs, const char *root);

#endif
