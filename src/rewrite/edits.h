/*
 * Byte-span edits of one file: what the rewriter (rewrite.h) and the
 * #include placer (add-include.h) produce, and what `rwonce fix` turns
 * into a unified diff or a new file and `rwonce fuzz --mode once` into a
 * converted program.
 */
#ifndef RWONCE_REWRITE_EDITS_H
#define RWONCE_REWRITE_EDITS_H

#include <stddef.h>

#include "lib/strbuf.h"

/* Replace bytes [off, off + len) of the original with text[0..text_len). */
struct text_edit {
	size_t off, len;
	const char *text; /* static or owned by the edit list's user */
	size_t text_len;
	size_t seq;       /* order of addition: insertions at one offset
			     keep it */
	size_t site;      /* 1 + the index of the rewrite_site it converts
			     (rewrite.h), or 0: an #include, an #undef */
};

struct edit_list {
	struct text_edit *items;
	size_t nr, alloc;
};
#define EDIT_LIST_INIT { NULL, 0, 0 }

void edit_list_add(struct edit_list *l, size_t off, size_t len,
		   const char *text);
/*
 * Sort by offset (an insertion sorts before a replacement at the same
 * offset; insertions at one offset keep the order they were added in:
 * "WRITE_ONCE(a, READ_ONCE(b))" closes two calls after b) and check that
 * no two edits overlap.  Returns 0, or -1 when two
 * edits overlap (the list is then sorted but unusable).
 */
int edit_list_sort(struct edit_list *l);
void edit_list_release(struct edit_list *l);

/* Append the original with the sorted edits applied to *out. */
void edits_apply(const char *buf, size_t len, const struct edit_list *edits,
		 struct strbuf *out);
/* Append buf[from, to) with the sorted edits[0..nr) (all inside it)
 * applied. */
void edits_apply_range(const char *buf, size_t from, size_t to,
		       const struct text_edit *edits, size_t nr,
		       struct strbuf *out);

/*
 * Where offsets of buf lie, as 1-based line and byte column, for the
 * JSON and SARIF that show an edit (fix --format=json, audit's SARIF
 * fixes).  Offsets asked in increasing order are found in one pass; a
 * step back costs its distance and the length of the line it lands on.
 * Columns count as the lexer's do: line 1 starts after a UTF-8 byte
 * order mark.
 */
struct text_cursor {
	const char *buf;
	size_t len, off;
	unsigned line, col;
};
void text_cursor_init(struct text_cursor *c, const char *buf, size_t len);
void text_cursor_at(struct text_cursor *c, size_t off, unsigned *line,
		    unsigned *col);

#endif
