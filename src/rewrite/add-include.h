/*
 * Where an #include line goes in a file that `rwonce fix` converts (and
 * that `rwonce fuzz --mode once` converts): after the last #include that
 * is not inside a conditional (an include guard does not count as one);
 * without such an include, after the guard's #define, or else above the
 * first line that is not a comment (after a UTF-8 byte order mark, which
 * stays first).  The lines end as the file's first line does: CRLF or LF.
 * Which files need one, and which header, is decided in provider.h.
 */
#ifndef RWONCE_REWRITE_ADD_INCLUDE_H
#define RWONCE_REWRITE_ADD_INCLUDE_H

#include "cfront/lexer.h"
#include "rewrite/rewrite.h"

struct include_text {
	char *line;   /* "#include <rwonce.h>\n" */
	char *after;  /* "\n#include <rwonce.h>": inserted at a line's end */
	char *around; /* "\n#include <rwonce.h>\n": inside a line */
};

struct include_line {
	char *header; /* "<rwonce.h>" or "\"rwonce.h\"" */
	/* the texts with the file's line ending: [0] "\n", [1] "\r\n" */
	struct include_text eol[2];
};

/* Parse HEADER as given on the command line ("<x.h>", "\"x.h\"", or a
 * bare name, which means <name>).  -1 after error() if it is malformed. */
int include_line_init(struct include_line *inc, const char *header);
void include_line_release(struct include_line *inc);

/* The same for lines of other text (no trailing newline); header NULL. */
void include_line_init_text(struct include_line *inc, const char *lines);

/*
 * Put inc's lines where an #include belongs in the file lexed as *l:
 * after its last #include outside conditionals (an include guard does not
 * count), else after the guard's #define, else above the first line of
 * code.  Adds the insertion to *edits.
 */
void include_insert(const struct include_line *inc, const char *buf,
		    size_t len, const struct token_list *l,
		    struct edit_list *edits);
/* ... or on a line of its own just above token tok's line. */
void include_insert_at_line(const struct include_line *inc, const char *buf,
			    const struct token_list *l, size_t tok,
			    struct edit_list *edits);

/* Does the file #include inc's header (either delimiter)? */
int include_present(const struct include_line *inc, const char *buf,
		    const struct token_list *l);

/*
 * `rwonce fuzz --mode once`'s rule: if the file lexed as *l names
 * neither the read nor the write macro and does not include the header,
 * add the insertion to *edits (texts from *inc) and return 1; else 0.
 */
int include_add_edit(const struct include_line *inc, const char *buf,
		     size_t len, const struct token_list *l,
		     const struct rewrite_opts *o, struct edit_list *edits);

#endif
