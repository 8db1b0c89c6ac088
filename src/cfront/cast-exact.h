/*
 * Is a hand-written volatile access exactly READ_ONCE/WRITE_ONCE?
 *
 *   *(volatile T *)&X   is READ_ONCE(X)   when X has type T
 *   *(volatile T *)P    is READ_ONCE(*P)  when P is a T *
 *
 * "Exactly" means the same object, at the same type and width, as one
 * scalar access: T is the operand's own type (spelled the same way or the
 * same after typedefs, qualifiers aside, or typeof(X) of the very X), and
 * a scalar or a pointer -- READ_ONCE of a struct is not the volatile
 * struct access it replaces.  The types come from the file's type index
 * (typeindex.h); unknown is never guessed.
 *
 * This is the one typing of the operand that `rwonce audit` (the
 * volatile-cast rule's "fixable") and `rwonce fix` (whether it converts
 * the site) share, so that both say the same about the same site.
 */
#ifndef RWONCE_CFRONT_CAST_EXACT_H
#define RWONCE_CFRONT_CAST_EXACT_H

#include "cfront/idioms.h"
#include "cfront/typeindex.h"

struct cast_exactness {
	int exact;
	/* When not exact: why, as static text ("type of the operand
	 * unknown: ..."), for a note or a finding's message. */
	const char *why;
	/* The same reason for a write, naming WRITE_ONCE where why names
	 * READ_ONCE (NULL when why names neither). */
	const char *why_write;
	/* The type of what the access reads (X, or *P), when known. */
	int known;
	struct type_answer type;
	/* The operand as READ_ONCE takes it: X for "&X" (parentheses
	 * around it dropped), P for a dereference of P. */
	struct tok_range object;
	int address; /* "&X" rather than P */
};

/*
 * Decide for the VC_DEREF access vc (find_volatile_cast) with the type
 * index ti of the same token list.  Other forms are never exact (their
 * why says so).
 */
void volatile_cast_exactness(const struct type_index *ti, const char *buf,
			     const struct token_list *l,
			     const struct volatile_cast *vc,
			     struct cast_exactness *out);

/* The reason for a read, or for a write when write is non-zero. */
const char *cast_exactness_why(const struct cast_exactness *ex, int write);

/* Copy a type spelling without the words const and volatile (and their
 * __volatile__ spellings), single-spaced: "volatile u32 *" -> "u32 *". */
void type_unqualified(const char *in, char *out, size_t size);

#endif
