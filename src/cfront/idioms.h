/*
 * The once-access idioms that audit reports and fix rewrites, found on a
 * token list (see tokscan.h for the conventions: token indices, half-open
 * ranges).
 *
 *   ACCESS_ONCE(x)              a once-macro call; how it is used decides
 *                               whether it becomes READ_ONCE or WRITE_ONCE
 *   *(volatile T *)E            a hand-written volatile access (VC_DEREF)
 *   ((volatile T *)E)->f        ... through a member (VC_ARROW)
 *   ((volatile T *)E)[i]        ... through an index (VC_INDEX)
 */
#ifndef RWONCE_CFRONT_IDIOMS_H
#define RWONCE_CFRONT_IDIOMS_H

#include "cfront/tokscan.h"

/* How an lvalue expression is used by the tokens around it. */
enum once_use {
	ONCE_READ,     /* an rvalue: becomes READ_ONCE(x) */
	ONCE_WRITE,    /* left of a plain '=': becomes WRITE_ONCE(x, v) */
	ONCE_COMPOUND, /* left of += -= *= /= %= &= |= ^= <<= >>= */
	ONCE_INCDEC,   /* ++ or -- before or after it */
	ONCE_ADDRESS,  /* &ACCESS_ONCE(x): its address is taken */
	ONCE_MEMBER,   /* followed by . -> or [: part of a larger lvalue */
	ONCE_UNEVALUATED, /* the operand of sizeof, typeof, alignof, or a
			     type: no access at all (the clang engine tells
			     it from the AST) */
};

/*
 * Classify the expression that occupies tokens [begin, end) (for a macro
 * call: from the name to one past its ')').  ONCE_READ and ONCE_WRITE are
 * the uses that convert exactly; the others cannot become READ_ONCE or
 * WRITE_ONCE without changing or breaking the code.
 */
enum once_use once_use_classify(const char *buf, const struct token_list *l,
				size_t begin, size_t end);
/* "read", "write", "compound assignment", "increment/decrement", ... */
const char *once_use_name(enum once_use u);

/*
 * For ONCE_WRITE: the value assigned, tokens [value.begin, value.end) after
 * the '=' up to the ';' or ',' or closing bracket that ends the assignment
 * (or the end of the directive line inside a macro body).  Returns -1 when
 * the end cannot be found.
 */
int once_assigned_value(const char *buf, const struct token_list *l,
			size_t end, struct tok_range *value);

/*
 * The whole expression that assigns to, increments or decrements the
 * lvalue in tokens [begin, end) (with grouping parentheses around it):
 * from a prefix ++/-- (or the lvalue) through the assigned value of =,
 * +=, ... or a postfix ++/--.  0 with *whole set; -1 when the lvalue is
 * not assigned or the value's end cannot be found.  (rwonce scan: the
 * compiler may give the store the column of the operator or the value.)
 */
int once_assignment_extent(const char *buf, const struct token_list *l,
			   size_t begin, size_t end, struct tok_range *whole);

enum vc_form {
	VC_DEREF, /* *(volatile T *)E */
	VC_ARROW, /* ((volatile T *)E)->f */
	VC_INDEX, /* ((volatile T *)E)[i] */
};

struct volatile_cast {
	enum vc_form form;
	size_t begin, end;       /* the whole access expression */
	size_t cast_open;        /* the '(' of the cast */
	struct tok_range type;   /* T: the cast's tokens minus 'volatile'
				    and the final '*' are inside this range */
	struct tok_range operand;/* E: the pointer expression after the cast */
	struct tok_range member; /* VC_ARROW: "-> f", VC_INDEX: "[ i ]" */
};

/*
 * Is token i the start of a volatile-cast access ('*' for VC_DEREF, the
 * outer '(' for the others)?  Only a cast whose type is exactly
 * "<specifiers with volatile> *" counts: (volatile u32 *), (u32 volatile *),
 * (const volatile typeof(x) *), or a pointer object's with volatile on the
 * level accessed: (void *volatile *), (volatile void *volatile *); not
 * (int * volatile) nor (volatile int **).
 */
int find_volatile_cast(const char *buf, const struct token_list *l, size_t i,
		       struct volatile_cast *vc);

/* Fill vc as the VC_DEREF access [begin, end): the cast's parentheses
 * open..close, its operand from close + 1 to opend. */
void volatile_cast_deref(struct volatile_cast *vc, size_t begin, size_t end,
			 size_t open, size_t close, size_t opend);

/* Is the paren group [open, close] such a cast's type, "( <specifiers
 * with volatile> * )"? */
int volatile_pointer_type(const char *buf, const struct token_list *l,
			  size_t open, size_t close);

/*
 * The end (one past) of the unary expression that starts at token i:
 * prefix operators, casts, a primary (identifier, literal, parenthesised
 * group) and its postfix operators ([...], (...), . f, -> f).  Returns i
 * when no expression starts there.
 */
size_t unary_expr_end(const char *buf, const struct token_list *l, size_t i);

/*
 * A volatile qualifier on the wrong level: *(volatile void **)p,
 * *(volatile T *const *)p -- the cast has two or more '*' and volatile
 * qualifies a pointee of the pointer the dereference reads, not that
 * pointer, so the read is a plain load (clang 19 merges two and drops a
 * discarded one).  *(T *volatile *)p is right and not matched.  Is token i
 * (a '*') the start of one?  Fills *vc as find_volatile_cast does
 * (VC_DEREF) and *fix_at with the cast's final '*': "volatile " before it
 * puts the qualifier on the object read.  Such a site is not a
 * once-access: find_volatile_cast() does not match it.  Only a read or
 * write of the pointer counts: not **(volatile int **)pp nor
 * (*(volatile int **)pp)->f (the volatile is meant for the object
 * pointed to), &*(...) or sizeof.
 */
int find_wrong_level_volatile(const char *buf, const struct token_list *l,
			      size_t i, struct volatile_cast *vc,
			      size_t *fix_at);

/*
 * May buf[0..len) hold a volatile cast, of find_volatile_cast()'s shapes
 * or find_wrong_level_volatile()'s, before it is lexed?  In each, a
 * keyword volatile (or __volatile__, __volatile) is inside the cast's
 * parentheses with only identifiers, '*' and typeof(...) groups between
 * the '(' and it, and between it and the ')', which a '*' comes right
 * before (tok_match() pairs brackets whatever their kind: the "')'" may
 * be a ']' or a '}' in code whose brackets do not balance).  So "no" (0)
 * when, for every "volatile" in the bytes, going back over identifier
 * bytes, white space and '*' meets a byte that cannot end such a token --
 * not '(', the end of a typeof group (')', ']', '}', '>'), '/' (a
 * comment), a backslash (a line splice) -- or the buffer's start, and no
 * line crossed on the way holds "//" (a line comment's text says
 * nothing); or going on over the same bytes (past the rest of the
 * volatile's own word) meets one that is none of '(' after a word
 * (a typeof group's: no '(' follows the qualifier itself or a '*'),
 * '/', a backslash, ':' or '%' (a digraph), or a closing bracket after a
 * '*'.  Linux's `asm volatile (`, `__asm__ __volatile__(`,
 * `static volatile int x;`, `int volatile *p,` and `f(volatile int *p)`
 * are such: 359 of the 2,518 files of 4.14.5 that name volatile may
 * hold a cast (issue #35: fix lexed them all; 1,058 before `asm
 * volatile (` was told no, most of which gave nothing).  "Maybe" (1)
 * can be wrong; a name split by a line splice is not seen, as with a
 * plain search.
 */
int volatile_cast_may_be_in(const char *buf, size_t len);

/*
 * An atomic load or store call at token i: __atomic_load_n(P, ORDER),
 * __atomic_store_n(P, V, ORDER), C11's atomic_load_explicit(P,
 * ORDER) and atomic_store_explicit(P, V, ORDER), or clang's builtins
 * for those, __c11_atomic_load(P, ORDER) and __c11_atomic_store(P, V,
 * ORDER).  One whose order
 * makes it one plain-width access of *P on every target is a
 * once-access of *P, in a macro body (scan's and audit's discovery)
 * and in an accessor function (once-accessor) alike -- this is the one
 * place that rule lives: relaxed (__ATOMIC_RELAXED,
 * memory_order_relaxed: liburing's IO_URING_READ_ONCE, nsync's
 * ATM_LOAD); acquire or consume for a load, release for a store
 * (x86-64 mov, AArch64 ldar/stlr, POWER a plain load or store with a
 * barrier beside it: liburing's io_uring_smp_load_acquire, nsync's
 * ATM_LOAD_ACQ, libatomic_ops' AO_load_acquire).  Not seq_cst or
 * acq_rel: x86-64 stores seq_cst with an xchg, a read-modify-write.
 * Returns 0 when token i starts no such call; otherwise fills *a (the
 * pointer and the value written, as written, casts included) and
 * returns 1 for such a single access (a->relaxed says whether it is
 * relaxed), 2 for another order -- or an order that is no constant
 * name (a parameter: jemalloc's atomic_enum_to_builtin(mo), which an
 * accessor's caller decides, once-accessor.h).
 *
 * The generic forms __atomic_load(P, RET, ORDER) and __atomic_store(P,
 * VALP, ORDER) are found only when asked (generic): they read or write
 * *P as the _n forms do, the value through a pointer; macro bodies do
 * not ask (no macro of the trees read spells them).
 */
struct atomic_access {
	int store;               /* a store: value holds V */
	int relaxed;             /* the order is relaxed (else ordered) */
	int generic;             /* __atomic_load or __atomic_store: value
				    is VALP, a pointer to the value */
	struct tok_range ptr;    /* P */
	struct tok_range value;  /* V (empty for a load) */
	struct tok_range order;  /* ORDER as written */
	size_t close;            /* the call's ')' */
};
int find_atomic_access(const char *buf, const struct token_list *l, size_t i,
		       struct atomic_access *a);
int find_atomic_access_generic(const char *buf, const struct token_list *l,
			       size_t i, struct atomic_access *a);

/*
 * The memory orders, by the names C and the compilers give them
 * (__ATOMIC_RELAXED, memory_order_relaxed, ...).  mem_order_named() is
 * MO_NONE for any other name.  mem_order_single() is the rule above:
 * is an access of that order, a store or a load, one plain-width
 * access on every target?
 */
enum mem_order {
	MO_NONE, MO_RELAXED, MO_CONSUME, MO_ACQUIRE, MO_RELEASE, MO_ACQ_REL,
	MO_SEQ_CST,
};
enum mem_order mem_order_named(const char *name, size_t len);
int mem_order_single(enum mem_order o, int store);
const char *mem_order_name(enum mem_order o); /* "seq_cst" */

/*
 * Is token i inside an operand of an asm statement: within a parenthesised
 * group opened right after a constraint string ("m" (*(volatile u32 *)p),
 * [v] "+m" (ACCESS_ONCE(x)))?  In C a string literal is followed by '('
 * only there -- in the asm statement or in a macro body that spells an
 * operand (#define ADDR(x) "m" (x)).  Such an operand names memory for
 * the asm; C does not access it, and READ_ONCE(x) there would hand the
 * asm a copy of the value instead of the object.
 */
int once_in_asm_operand(const char *buf, const struct token_list *l, size_t i);

#endif
