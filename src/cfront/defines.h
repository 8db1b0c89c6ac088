/*
 * Where a #define is: its name and the token range of its body, found
 * from any token of the body.  Used by `rwonce fix` to decide whether an
 * access inside a macro body has a role fixed by the body itself.
 */
#ifndef RWONCE_CFRONT_DEFINES_H
#define RWONCE_CFRONT_DEFINES_H
#include "cfront/tokscan.h"

struct define_span {
	size_t name;      /* the macro's name token */
	struct tok_range body; /* its replacement list, [begin, end) */
	int function_like;
};

/*
 * Fill *d for the #define whose body holds token i (flagged
 * TF_DEFINE_BODY).  Returns 0, or -1 when i is not in a define body.
 */
int define_span_at(const char *buf, const struct token_list *l, size_t i,
		   struct define_span *d);

/*
 * Every name a #define of buf[0..len) may define, given to fn: each run
 * of identifier bytes that follows the bytes "define" past white space
 * and backslashes (splices), in buf and, when a splice is inside a word
 * of buf (lex_word_spliced()), in buf with its splices taken out too.
 * Some are no macro's, none is missed: define_span_at()'s name is the
 * token right after "define", and a name whose spelling holds a splice
 * is no identifier a table of names holds.  From the bytes, without
 * lexing (fix asks it of every file that may hold a volatile cast).
 */
void define_names_each(const char *buf, size_t len,
		       void (*fn)(const char *name, size_t n, void *ctx),
		       void *ctx);

#endif
