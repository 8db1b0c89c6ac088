/* Byte-span edits of one buffer (edits.h). */
#include "rewrite/edits.h"
#include "cfront/lexer.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void edit_list_add(struct edit_list *l, size_t off, size_t len,
		   const char *text)
{
	ALLOC_GROW(l->items, l->nr + 1, l->alloc);
	l->items[l->nr].off = off;
	l->items[l->nr].len = len;
	l->items[l->nr].text = text;
	l->items[l->nr].text_len = strlen(text);
	l->items[l->nr].seq = l->nr;
	l->items[l->nr].site = 0;
	l->nr++;
}

static int cmp_edit(const void *a_, const void *b_)
{
	const struct text_edit *a = a_, *b = b_;

	if (a->off != b->off)
		return a->off < b->off ? -1 : 1;
	/* An insertion goes before a replacement that starts at its offset. */
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

int edit_list_sort(struct edit_list *l)
{
	if (l->nr > 1)
		sane_qsort(l->items, l->nr, sizeof(*l->items), cmp_edit);
	for (size_t i = 1; i < l->nr; i++) {
		const struct text_edit *p = &l->items[i - 1], *e = &l->items[i];

		if (e->off < p->off + p->len)
			return -1;
	}
	return 0;
}

void edit_list_release(struct edit_list *l)
{
	free(l->items);
	l->items = NULL;
	l->nr = l->alloc = 0;
}

void edits_apply_range(const char *buf, size_t from, size_t to,
			const struct text_edit *edits, size_t nr,
			struct strbuf *out)
{
	size_t at = from;

	for (size_t i = 0; i < nr; i++) {
		const struct text_edit *e = &edits[i];

		strbuf_add(out, buf + at, e->off - at);
		strbuf_add(out, e->text, e->text_len);
		at = e->off + e->len;
	}
	strbuf_add(out, buf + at, to - at);
}

void edits_apply(const char *buf, size_t len, const struct edit_list *edits,
		 struct strbuf *out)
{
	edits_apply_range(buf, 0, len, edits->items, edits->nr, out);
}

void text_cursor_init(struct text_cursor *c, const char *buf, size_t len)
{
	c->buf = buf;
	c->len = len;
	/* line 1 starts after a byte order mark, as the lexer's does */
	c->off = lex_bom_len(buf, len);
	c->line = c->col = 1;
}

void text_cursor_at(struct text_cursor *c, size_t off, unsigned *line,
		    unsigned *col)
{
	size_t bom = lex_bom_len(c->buf, c->len);

	if (off > c->len)
		off = c->len;
	if (off < bom)
		off = bom;
	if (off < c->off) {
		/* Back a little (an edit of an outer site after an inner
		 * one's), not from the start: that made a file with many
		 * such sites quadratic.  The column is off's distance from
		 * the start of its line. */
		size_t s = off;

		for (; c->off > off; c->off--)
			if (c->buf[c->off - 1] == '\n')
				c->line--;
		while (s > bom && c->buf[s - 1] != '\n')
			s--;
		c->col = (unsigned)(off - s + 1);
	}
	for (; c->off < off; c->off++) {
		if (c->buf[c->off] == '\n') {
			c->line++;
			c->col = 1;
		} else {
			c->col++;
		}
	}
	*line = c->line;
	*col = c->col;
}
