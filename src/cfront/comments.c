/* The comments of a C file (comments.h). */
#include "cfront/comments.h"

/* Skip a string or character literal that starts at buf[i] (its quote);
 * it ends at its closing quote or, unterminated, at the end of its line
 * (as the lexer says).  Returns the index after it; counts newlines
 * crossed by backslash-newline splices in *line. */
static size_t skip_literal(const char *buf, size_t len, size_t i,
			   unsigned *line)
{
	char quote = buf[i++];

	while (i < len) {
		char c = buf[i];

		if (c == '\\' && i + 1 < len) {
			if (buf[i + 1] == '\n')
				(*line)++;
			i += 2;
			continue;
		}
		if (c == '\n')
			return i; /* unterminated: the newline is code again */
		i++;
		if (c == quote)
			break;
	}
	return i;
}

void comments_each(const char *buf, size_t len,
		   void (*fn)(const struct comment *c, void *arg), void *arg)
{
	unsigned line = 1;
	size_t i = 0;

	while (i < len) {
		char c = buf[i];
		struct comment cm;

		if (c == '\n') {
			line++;
			i++;
		} else if (c == '"' || c == '\'') {
			i = skip_literal(buf, len, i, &line);
		} else if (c == '/' && i + 1 < len && buf[i + 1] == '*') {
			cm.off = i + 2;
			cm.line = line;
			for (i += 2; i < len; i++) {
				if (buf[i] == '*' && i + 1 < len && buf[i + 1] == '/')
					break;
				if (buf[i] == '\n')
					line++;
			}
			cm.len = i - cm.off;
			cm.end_line = line;
			i = i < len ? i + 2 : len;
			fn(&cm, arg);
		} else if (c == '/' && i + 1 < len && buf[i + 1] == '/') {
			cm.off = i + 2;
			cm.line = line;
			for (i += 2; i < len && buf[i] != '\n'; i++)
				if (buf[i] == '\\' && i + 1 < len &&
				    buf[i + 1] == '\n') {
					line++; /* spliced: the comment goes on */
					i++;
				}
			cm.len = i - cm.off;
			cm.end_line = line;
			fn(&cm, arg);
		} else {
			i++;
		}
	}
}
