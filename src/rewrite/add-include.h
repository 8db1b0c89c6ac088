/*
 * `rwonce fix --add-include=HEADER`: files that get READ_ONCE/WRITE_ONCE
 * from a conversion and have no way to see them get "#include HEADER".
 *
 * A file needs it when it does not include HEADER already and names
 * neither the read nor the write macro anywhere (if it does, something
 * defines them there).  The line goes after the last #include that is not
 * inside a conditional (an include guard does not count as one); without
 * such an include, after the guard's #define, or else above the first
 * line that is not a comment.  Nothing else in the file is touched.
 */
#ifndef RWONCE_REWRITE_ADD_INCLUDE_H
#define RWONCE_REWRITE_ADD_INCLUDE_H

#include "cfront/lexer.h"
#include "rewrite/rewrite.h"

struct include_line {
	char *header; /* "<rwonce.h>" or "\"rwonce.h\"" */
	char *line;   /* "#include <rwonce.h>\n" */
	char *after;  /* "\n#include <rwonce.h>": inserted at a line's end */
	char *around; /* "\n#include <rwonce.h>\n": inside a line */
};

/* Parse HEADER as given on the command line ("<x.h>", "\"x.h\"", or a
 * bare name, which means <name>).  -1 after error() if it is malformed. */
int include_line_init(struct include_line *inc, const char *header);
void include_line_release(struct include_line *inc);

/*
 * If the file lexed as *l needs the include, add the insertion to *edits
 * (texts from *inc) and return 1; else return 0.
 */
int include_add_edit(const struct include_line *inc, const char *buf,
		     size_t len, const struct token_list *l,
		     const struct rewrite_opts *o, struct edit_list *edits);

#endif
