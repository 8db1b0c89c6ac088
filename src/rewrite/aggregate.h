/*
 * A once-access of a struct or union respelled on a scalar of the same
 * size, so that it is one access whatever the compiler makes of the
 * aggregate (what `rwonce fix --from-scan` does with scan's torn,
 * duplicated and widened findings):
 *
 *   READ_ONCE(E)        ->  ((__typeof__(E)){ .s = READ_ONCE((E).s) })
 *   READ_ONCE(P->m)     ->  ((__typeof__(*(P))){ .s = READ_ONCE(P->s) }).m
 *   WRITE_ONCE(E, V)    ->  ({ __typeof__(E) __rwonce_v = (V);
 *                              WRITE_ONCE((E).s, __rwonce_v.s); })
 *
 * and, as a maintainer writes them, a declaration's initializer and an
 * assignment statement, chained or not, on the member itself:
 *
 *   T v = READ_ONCE(E);      ->  T v = { .s = READ_ONCE((E).s) };
 *   A = READ_ONCE(E);        ->  A.s = READ_ONCE((E).s);
 *   A = B = READ_ONCE(E);    ->  A.s = READ_ONCE((E).s);
 *                                B = A;
 *
 * The scalar is a member of the aggregate's union, or the only member
 * of its struct, or a scalar in the union around it; the types come
 * from the lexical type index (cfront/typeindex) of the file, its local
 * headers and the trees named (cfront/treetypes).
 */
#ifndef RWONCE_REWRITE_AGGREGATE_H
#define RWONCE_REWRITE_AGGREGATE_H

#include "cfront/lexer.h"
#include "cfront/tokscan.h"
#include "cfront/treetypes.h"
#include "lib/strbuf.h"

#include <stddef.h>

/* What became of a site. */
enum aggregate_answer {
	AGGREGATE_EDITED,       /* the edit is in the site */
	AGGREGATE_TYPE_UNKNOWN, /* the operand's type is not in the sources */
	AGGREGATE_NOT_AGGREGATE,/* the sources type it as no struct or union */
	AGGREGATE_NO_SCALAR,    /* no scalar of its size to spell it on */
};

struct aggregate_site {
	/* in: where the call starts, and the object's size in bytes */
	unsigned line, col, size;
	/* set by aggregate_call_at() */
	struct strbuf call;     /* NAME(E), as written (for notes) */
	int write;              /* NAME(E, V) */
	size_t name, close;     /* the tokens of NAME and of its ')' */
	struct tok_range args[2]; /* E, and V of a write */
	/* set by rewrite_aggregate() */
	char type[128];         /* the operand's type as the sources spell
				   it ("" when not known) */
	char scalar[64];        /* the member read or written instead */
	int via_union;          /* through the union around E */
	unsigned targets;       /* an assignment "A = NAME(E);" (1) or a
				   chain "A = B = NAME(E);" (2, ...) spelled
				   as "A.s = NAME(E.s);" and the copies
				   "B = A;"; 0: the call's value respelled */
	const char *kept;       /* why a chained assignment stays chained
				   (NULL: it is not one, or it was split) */
	size_t off, len;        /* the call's bytes in the buffer */
	struct strbuf text;     /* their replacement */
};
#define AGGREGATE_SITE_INIT { .call = STRBUF_INIT, .text = STRBUF_INIT }

/*
 * The once-access call that starts at s->line:s->col of buf (tokens l,
 * with tok_match_cache() set): NAME(E) or NAME(E, V).  0, or -1 when
 * none starts there (the source is not the one that was compiled).
 */
int aggregate_call_at(const char *buf, const struct token_list *l,
		      struct aggregate_site *s);

/*
 * The edit of the call aggregate_call_at() found (path names the file
 * for the type index; tt may be NULL), or why there is none.
 */
enum aggregate_answer rewrite_aggregate(const char *path, const char *buf,
					const struct token_list *l,
					const struct tree_types *tt,
					struct aggregate_site *s);
void aggregate_site_release(struct aggregate_site *s);

#endif
