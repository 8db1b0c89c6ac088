/*
 * rwonce fix --format=json: each file's edits and notes as JSON, for
 * programs (a review bot, a CI step that comments on a pull request).
 *
 *   {"tool": "rwonce fix", "files": [{"path", "converted", "left",
 *    "uses", "include_added", "written" (--in-place), "edits": [{"line",
 *    "column", "end_line", "end_column", "text"}], "diff", "notes"}],
 *    "summary": {"converted", "files", "left", "uses", "files_scanned"}}
 *
 * Lines and byte columns are 1-based, end exclusive, in the file as it
 * was; "diff" is what --format=diff prints for the file ("" in place).
 */
#ifndef RWONCE_FIX_FIX_JSON_H
#define RWONCE_FIX_FIX_JSON_H

#include <stddef.h>

#include "lib/strbuf.h"
#include "rewrite/edits.h"

/* Append [{"line", ...}, ...] for the sorted edits of buf. */
void fix_json_edits(struct strbuf *sb, const char *buf, size_t len,
		    const struct edit_list *edits);

/* Append a JSON array of the note lines of text (one per line, without
 * their newline). */
void fix_json_lines(struct strbuf *sb, const char *text, size_t len);

/* The document's head, up to the open "files" list (the config file
 * read, or NULL). */
void fix_json_begin(struct strbuf *sb, const char *config);

/* Close "files" (nr_files written), then "summary" and "unchecked". */
void fix_json_end(struct strbuf *sb, size_t nr_files, size_t converted,
		  size_t files, size_t left, size_t uses, size_t scanned);

#endif
