/*
 * The function definitions of a file and the lines each body spans, from
 * its tokens: "which function is line N in", for the fingerprints that
 * keep a finding the same when unrelated lines move it (src/findings/).
 * A definition is a '{' at file scope (or inside extern "C" { }) after a
 * parenthesised parameter list, attributes between them allowed; its
 * name is the identifier before that list (a macro that defines a
 * function, SYSCALL_DEFINE3(...) { }, gives the macro's name).
 */
#ifndef RWONCE_CFRONT_FUNCTIONS_H
#define RWONCE_CFRONT_FUNCTIONS_H

#include "cfront/lexer.h"

struct function_span {
	char *name;
	unsigned first_line, last_line; /* the name's line to the '}' */
};

struct function_list {
	struct function_span *items; /* in file order, not nested */
	size_t nr, alloc;
};
#define FUNCTION_LIST_INIT { NULL, 0, 0 }

void functions_find(const char *buf, const struct token_list *l,
		    struct function_list *out);

/* The function whose definition holds line, or NULL. */
const char *function_at(const struct function_list *fl, unsigned line);

void function_list_release(struct function_list *fl);

#endif
