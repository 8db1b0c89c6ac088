/*
 * The HTML reports' common parts (findings' --format=html, verify's grid):
 * one self-contained page -- its style inline, no script, nothing loaded
 * from anywhere (a Content-Security-Policy that forbids it) -- and the one
 * escaping function every text on it goes through, since what is shown
 * (source lines, compiler messages, paths) is anybody's text.
 */
#ifndef RWONCE_LIB_HTML_H
#define RWONCE_LIB_HTML_H

#include <stddef.h>

#include "lib/strbuf.h"

/* Append s[0..len) as HTML text: & < > " ' escaped, control characters
 * other than tab and newline shown as U+FFFD, and so are bytes that are
 * not well-formed UTF-8 (the page is always valid UTF-8). */
void html_escape(struct strbuf *sb, const char *s, size_t len);
/* The same for a NUL-terminated string (NULL: nothing). */
void html_escape_str(struct strbuf *sb, const char *s);

/* <!DOCTYPE html> up to <body>: the title (escaped), the common style and
 * css (the page's own rules, trusted text, or NULL). */
void html_page_begin(struct strbuf *sb, const char *title, const char *css);
/* </body></html> */
void html_page_end(struct strbuf *sb);

#endif
