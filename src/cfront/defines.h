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

#endif
