/* fix's JSON output (fix-json.h). */
#include "fix/fix-json.h"
#include "lib/json.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

void fix_json_edits(struct strbuf *sb, const char *buf, size_t len,
		    const struct edit_list *edits)
{
	struct text_cursor at;

	text_cursor_init(&at, buf, len);
	strbuf_addch(sb, '[');
	for (size_t i = 0; i < edits->nr; i++) {
		const struct text_edit *e = &edits->items[i];
		unsigned line, col, end_line, end_col;
		char *text = xstrndup(e->text, e->text_len);

		text_cursor_at(&at, e->off, &line, &col);
		text_cursor_at(&at, e->off + e->len, &end_line, &end_col);
		strbuf_addf(sb, "%s{\"line\": %u, \"column\": %u, \"end_line\": "
			    "%u, \"end_column\": %u, \"text\": ", i ? ", " : "",
			    line, col, end_line, end_col);
		json_add_string(sb, text);
		strbuf_addch(sb, '}');
		free(text);
	}
	strbuf_addch(sb, ']');
}

void fix_json_lines(struct strbuf *sb, const char *text, size_t len)
{
	const char *p = text, *end = text + len;
	int first = 1;

	strbuf_addch(sb, '[');
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line = xstrndup(p, n);

		strbuf_addstr(sb, first ? "" : ", ");
		json_add_string(sb, line);
		free(line);
		first = 0;
		p += n + (nl != NULL);
	}
	strbuf_addch(sb, ']');
}
