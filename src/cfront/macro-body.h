/*
 * What the body of a function-like #define does with once-accesses.
 *
 * Two commands ask.  scan makes each use of a macro of the file whose
 * body holds a once-access a site of its own (the kernel's
 * sub_positive(): READ_ONCE(*ptr) ... WRITE_ONCE(*ptr, res)), because
 * the line table puts the expanded code on the use's line.  And the
 * discovery of a tree's own once-macros (once-discover.h) asks whether a
 * body makes one once-access of its argument, as
 *
 *   #define KREAD_ONCE(x)  (*(const volatile __typeof__(x) *)&(x))
 *   #define READ_ONCE(x)   ({ compiletime_assert_rwonce_type(x); __READ_ONCE(x); })
 *   #define atomic_read(v) ACCESS_ONCE((v)->counter)
 *
 * do.  The object is spelled in the parameters: a local of the body
 * initialised from one (`typeof(_ptr) ptr = (_ptr)`) is replaced by its
 * initialiser, so sub_positive's object is `*((_ptr))`.
 */
#ifndef RWONCE_CFRONT_MACRO_BODY_H
#define RWONCE_CFRONT_MACRO_BODY_H

#include "cfront/defines.h"
#include "cfront/once-macros.h"

struct once_body {
	char **params;          /* the parameter names; "..." is __VA_ARGS__ */
	size_t nparams;
	unsigned reads, writes; /* once-accesses by kind; ++, +=, & are both */
	/* The object as an lvalue of the parameters ("*((_ptr))"); NULL
	 * when the accesses name several objects, or one that cannot be
	 * spelled as an lvalue (a volatile cast through a member). */
	char *object;
	int several;            /* more than one object */
	int loop;               /* a loop (not the do { } while (0) of a
				   statement macro): accesses may repeat */
	char *primitives;       /* "READ_ONCE, WRITE_ONCE", for notes */

	/*
	 * The body holds one once-access, no loop, and that access reads
	 * or writes (not both) an object spelled in the parameters: the
	 * macro is a once-macro of its own, of kind access_kind -- a read
	 * or a write as the access is used, or, for an ACCESS_ONCE-style
	 * lvalue that is the whole body, an access whose use decides.
	 */
	int is_access;
	enum once_macro_kind access_kind;
	/* ... through a volatile cast of the object's own type (typeof),
	 * directly or through a once-macro that is one */
	int volatile_cast;
	/* ... whose object is parameter object_param (-1: an lvalue
	 * expression of the parameters, which object spells) and, for a
	 * write, whose value is parameter value_param (-1: other) */
	int object_param, value_param;
	/* ... and the body uses that parameter as a pointer (*p, p->f,
	 * p[i]), or passes it to a once-macro that does: the object is a
	 * pointer, never an aggregate */
	int pointer_object;
	/* ... and the body dereferences the value the access reads
	 * (ACCESS)[i], (ACCESS)->f, or the once-macro it applies does */
	int value_deref;
	/* ... or (object_param -1) whose object is what parameter
	 * deref_param points to: *(addr), as a macro that takes a pointer
	 * writes it (#define LOAD(addr) (*(volatile uint32_t *)(addr)), or
	 * MY_ONCE(*(addr)), or a macro of that kind called with addr); -1:
	 * not such a macro */
	int deref_param;
	/* ... and the type the access has when it is a volatile cast to a
	 * type of its own, not the pointee's ("uint32_t" above), or NULL */
	char *cast_type;
	/* The T of *(volatile T *)E when every once-access of the body is
	 * such a hand-written cast to that one type, not typeof (nsync's
	 * ASSERT: *(volatile int *)0 = 0): the width of an access whose
	 * object nothing else types; NULL otherwise.  deref_cast_type: its
	 * tokens, for the file's type index (typedefs) */
	char *deref_cast;
	struct tok_range deref_cast_type;
	/* ... through an atomic whose order is parameter order_param, the
	 * caller's (a use is a once-access when it names an order of one
	 * access); -1: the body's own order */
	int order_param;
	/* "a volatile cast of its argument", "READ_ONCE of its argument" */
	char *access_what;
	/* the once-macro the access applies ("READ_ONCE"), or NULL */
	char *access_via;
};

/*
 * Analyse the body of the function-like #define d with the once-macros
 * of t.  Returns the number of once-accesses found (0: none; *b is then
 * released).  Release *b with once_body_release().
 */
size_t once_body_analyse(const char *buf, const struct token_list *l,
			 const struct define_span *d,
			 const struct once_macros *t, struct once_body *b);
void once_body_release(struct once_body *b);

/*
 * Does body b define a function (the kernel's DEFINE_BATCHED_ENTROPY(),
 * x86's build_mmio_write())?  Then the code on a use's line is that of
 * a whole function, not of one use of the body's accesses.
 */
int macro_body_defines_function(const char *buf, const struct token_list *l,
				struct tok_range b);

#endif
