/* fix's JSON output (fix-json.h). */
#include "fix/fix-json.h"
#include "lib/json.h"
#include "lib/messages.h"
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

void fix_json_begin(struct strbuf *sb, const char *config)
{
	strbuf_addstr(sb, "{\n  \"tool\": \"rwonce fix\",\n  ");
	if (config) { /* the config file read (lib/config.h) */
		strbuf_addstr(sb, "\"config\": ");
		json_add_string(sb, config);
		strbuf_addstr(sb, ",\n  ");
	}
	strbuf_addstr(sb, "\"files\": [");
}

void fix_json_end(struct strbuf *sb, size_t nr_files, size_t converted,
		  size_t files, size_t left, size_t uses, size_t scanned)
{
	strbuf_addf(sb, "%s],\n  \"summary\": {\"converted\": %zu, "
		    "\"files\": %zu, \"left\": %zu, \"uses\": %zu, "
		    "\"files_scanned\": %zu},\n  ",
		    nr_files ? "\n  " : "", converted, files, left, uses,
		    scanned);
	messages_unchecked_json(sb);
	strbuf_addstr(sb, "\n}\n");
}
