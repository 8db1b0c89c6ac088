/*
 * A project's own function-like macros that hold a once-access in their
 * body -- the kernel's kernel/sched/fair.c:
 *
 *   #define sub_positive(_ptr, _val) do {
 *           typeof(_ptr) ptr = (_ptr); ...
 *           typeof(*ptr) res, var = READ_ONCE(*ptr); ...
 *           WRITE_ONCE(*ptr, res);
 *   } while (0)
 *
 * The line table puts the expanded code on the line of each *use*
 * (sub_positive(&sa->load_sum, r)), where the source shows no
 * once-access, so every use of such a macro is a site of its own
 * (sites.c).  What a use accesses is worked out from the body: which
 * once-accesses it holds (the same macro table as the sites, --macro
 * names included, and volatile casts), reads and writes counted apart,
 * and the object as an lvalue of the parameters -- a local of the body
 * initialised from one (`ptr = (_ptr)`) is replaced by its initialiser,
 * so the object of sub_positive is `*((_ptr))`, and at a use the
 * argument takes the parameter's place.
 *
 * An object-like macro whose whole body is one *(volatile T *)E (a
 * device register at a fixed address) is a wrapper too: each use of
 * its name is a site, reading, writing or both as the use's
 * surroundings say (wrappers.c: register_body()).
 *
 * Only macros defined in the file being scanned, one level: a macro
 * whose body calls another such macro is not one (yet).  Macros of the
 * once table itself (READ_ONCE ..., and the tree's own once-macros that
 * discovery found) are not wrappers: their uses are sites already.
 * What a body holds is told by src/cfront/macro-body.h.
 */
#ifndef RWONCE_SCAN_WRAPPERS_H
#define RWONCE_SCAN_WRAPPERS_H

#include "scan/sites.h"
#include "cfront/tokscan.h"

struct once_wrapper {
	char *name;
	unsigned line;        /* the #define's */
	/* an object-like #define whose body is one *(volatile T *)E (a
	 * register): a use is the name alone, its access the use's */
	int object_like;
	struct tok_range reg_type; /* ... its T's tokens in the #define */
	char *reg_access;          /* ... and its body, as spelled */
	char **params;
	size_t nparams;
	/* The object as an lvalue of the parameters ("*((_ptr))"); NULL
	 * when the body's once-accesses name several objects, or one that
	 * cannot be spelled as an lvalue (a volatile cast through a member:
	 * the DWARF typer does not read casts). */
	char *object;
	int several;          /* more than one object */
	unsigned reads, writes; /* once-accesses in the body, by kind */
	enum site_access access;
	int loop;             /* a loop in the body (not do { } while (0)) */
	char *primitives;     /* "READ_ONCE, WRITE_ONCE", for the notes */
	/* T, when every access of the body is *(volatile T *)E to that
	 * one type (macro-body.h: deref_cast): the width of a use whose
	 * object nothing else types; NULL otherwise */
	char *cast_type;
	struct tok_range cast_type_tokens; /* its tokens in the #define */
};

struct once_wrappers {
	struct once_wrapper *items;
	size_t nr, alloc;
};

/*
 * The wrappers among the function-like #defines of a lexed file, one
 * #define at a time, for a pass over the tokens that does other work
 * too: token i of the file is a first token of a #define body
 * (once_wrappers_body_start()); the wrapper it defines, if any, is added
 * to out (zeroed before the first).  Tried at each such token in order,
 * they give the file's wrappers in the order of their #defines.
 */
static inline int once_wrappers_body_start(const struct token_list *l,
					   size_t i)
{
	return (l->tok[i].flags & TF_DEFINE_BODY) &&
	       (!i || !(l->tok[i - 1].flags & TF_DEFINE_BODY) ||
		(l->tok[i].flags & TF_BOL));
}
void once_wrappers_add_at(const char *buf, const struct token_list *l,
			  const struct once_macros *macros, size_t i,
			  struct once_wrappers *out);
/* The wrapper named by identifier token t, or NULL. */
const struct once_wrapper *once_wrappers_lookup(const struct once_wrappers *w,
						const char *buf,
						const struct token *t);
void once_wrappers_release(struct once_wrappers *w);

#endif
