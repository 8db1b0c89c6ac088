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
 * headers and the trees named (cfront/treetypes).  Where the index lays
 * the scalar out in another size than the aggregate on a data model
 * (unsigned long in an 8-byte union: 4 bytes on 32-bit ARM and i386),
 * the edit carries _Static_assert(sizeof(scalar) == sizeof(E), "...") --
 * before the assignment statement, or in a statement expression around
 * the read -- so that the build stops there instead of reading part of
 * the object.
 *
 * A type with no such member (a struct of bit-fields, struct { u8 a, b;
 * u16 c; }) whose size is 1, 2, 4 or 8 and whose alignment is at least
 * its size is read or written whole through an unsigned scalar of that
 * size, a may_alias view of the object, the value carried by a union:
 *
 *   READ_ONCE(E)  ->  ((union { __typeof__(E) __rwonce_a; unsigned int
 *                       __rwonce_s; _Static_assert(sizeof(E) == 4 &&
 *                       __alignof__(E) >= 4, "..."); }){ .__rwonce_s =
 *                       READ_ONCE(*(const unsigned int
 *                       __attribute__((__may_alias__)) *)&(E)) }).__rwonce_a
 *
 * The _Static_assert makes the compiler check the layout fix assumed, on
 * every target it builds for.  Any other size, or less alignment (2-byte
 * aligned struct { u8 a, b; u16 c; }, where a 4-byte load may be
 * misaligned), or a layout attribute fix does not model (packed,
 * aligned), is refused with the reason -- unless the program uses one
 * scalar member of the read, READ_ONCE(E).m, which is then read alone:
 * READ_ONCE(E.m).
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
	char guard_on[96];      /* the data models on which the scalar is
				   not the aggregate's size, or not known
				   to be ("": none): the edit carries a
				   _Static_assert of the two sizes, so that
				   the build stops there rather than read
				   part of the object */
	unsigned targets;       /* an assignment "A = NAME(E);" (1) or a
				   chain "A = B = NAME(E);" (2, ...) spelled
				   as "A.s = NAME(E.s);" and the copies
				   "B = A;"; 0: the call's value respelled */
	const char *kept;       /* why a chained assignment stays chained
				   (NULL: it is not one, or it was split) */
	int view;               /* no member would do: the whole object
				   read or written through an unsigned
				   scalar of its size (scalar: its type) */
	char why[384];          /* why no view (AGGREGATE_NO_SCALAR, or
				   the reason for narrowed) */
	unsigned narrowed;      /* READ_ONCE(E).m with no scalar and no
				   view: m alone read, READ_ONCE(E.m)
				   (scalar: m); its size */
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
