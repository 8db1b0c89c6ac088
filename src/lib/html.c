/* Self-contained HTML pages (html.h). */
#include "lib/html.h"
#include "lib/utf8.h"

#include <string.h>

void html_escape(struct strbuf *sb, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s;
	const unsigned char *end = p + len;

	while (p < end) {
		size_t n = utf8_sequence(p, (size_t)(end - p));

		if (!n) {
			strbuf_addstr(sb, "\xef\xbf\xbd"); /* U+FFFD */
			p++;
			continue;
		}
		if (n > 1) {
			strbuf_add(sb, p, n);
			p += n;
			continue;
		}
		switch (*p) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		case '\t': case '\n': strbuf_addch(sb, (char)*p); break;
		default:
			if (*p < 0x20 || *p == 0x7f)
				strbuf_addstr(sb, "\xef\xbf\xbd");
			else
				strbuf_addch(sb, (char)*p);
		}
		p++;
	}
}

void html_escape_str(struct strbuf *sb, const char *s)
{
	if (s)
		html_escape(sb, s, strlen(s));
}

void html_page_begin(struct strbuf *sb, const char *title, const char *css)
{
	strbuf_addstr(sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
		      "<meta charset=\"utf-8\">\n"
		      /* nothing from the network, no script: a page to read */
		      "<meta http-equiv=\"Content-Security-Policy\" "
		      "content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
		      "<meta name=\"viewport\" content=\"width=device-width\">\n"
		      "<title>");
	html_escape_str(sb, title);
	strbuf_addstr(sb, "</title>\n<style>\n"
		      "body { font-family: sans-serif; margin: 1.5em; color: #222; "
		      "background: #fff; }\n"
		      "h1 { font-size: 1.4em; } h2 { font-size: 1.1em; }\n"
		      /* code at the size of the text around it: with
		       * "monospace" alone browsers take their smaller
		       * monospace default (13px: code was ~10px at 0.9em
		       * in a table cell) */
		      "code, pre, .code td, .asm td { font-family: "
		      "monospace, monospace; font-size: 1em; }\n"
		      "pre { margin: 0; white-space: pre; tab-size: 8; }\n"
		      "a { color: #1558b0; }\n"
		      "table { border-collapse: collapse; }\n"
		      ".muted { color: #666; }\n");
	if (css)
		strbuf_addstr(sb, css);
	strbuf_addstr(sb, "</style>\n</head>\n<body>\n");
}

void html_page_end(struct strbuf *sb)
{
	strbuf_addstr(sb, "</body>\n</html>\n");
}
