/* Statements that compare a once-access with another object of the
 * same width (tests/t4369-scan-user-folded-other-operand.t): the
 * other operand plain or a once-access too, through a macro, an
 * accessor function and an acquire accessor.  On x86 a compiler folds
 * one operand's load into the compare, on the operator's column; only
 * the object's own load may make an "ok". */
#include <lib/twocmp.h>

struct two_obj {
	long pad[2];
	uint32_t x;       /* at 0x10 */
	uint32_t y;       /* at 0x14 */
};
struct two_pair {
	uint16_t lo, hi;  /* a 4-byte object of two halves */
};
struct two_tab {
	long pad;
	uint32_t w[8];    /* at 8 */
};
uint32_t two_g1, two_g2, two_g3;
void two_spin(void);

/* one once-access, one plain load */
int two_macro_plain(struct two_obj *a, struct two_obj *b)
{
	if (TWO_ONCE(a->x) == b->y)
		return 1;
	return 0;
}

/* the plain one first: clang folds the once-load into the compare */
int two_macro_plain_rev(struct two_obj *a, struct two_obj *b)
{
	return b->y != TWO_ONCE(a->x);
}

/* both once-accesses */
int two_macro_both(struct two_obj *a, struct two_obj *b)
{
	return TWO_ONCE(a->x) != TWO_ONCE(b->y);
}

int two_fn_plain(struct two_obj *a, struct two_obj *b)
{
	if (two_load_(&a->x) == b->y)
		return 1;
	return 0;
}

int two_fn_both(struct two_obj *a, struct two_obj *b)
{
	return two_load_(&a->x) != two_load_(&b->y);
}

int two_acq_plain(struct two_obj *a, struct two_obj *b)
{
	if (TWO_LOAD_ACQ(&a->x) == b->y)
		return 1;
	return 0;
}

void two_acq_wait(struct two_obj *a, struct two_obj *b)
{
	while (TWO_LOAD_ACQ(&a->x) != b->y)
		two_spin();
}

int two_acq_both(struct two_obj *a, struct two_obj *b)
{
	return TWO_LOAD_ACQ(&a->x) != TWO_LOAD_ACQ(&b->y);
}

/* the same once-load on two branches: compilers hoist it into one load
 * before the branch (clang with line 0, gcc on the first branch's
 * line), and each branch's compare, on its '==' or '!=', loads the
 * OTHER operand (b->y, b->x at a's offset): never the site's */
int two_hoist_macro(struct two_obj *a, struct two_obj *b, int c)
{
	if (c)
		return TWO_ONCE(a->x) == b->y;
	return TWO_ONCE(a->x) != b->x;
}

int two_hoist_fn(struct two_obj *a, struct two_obj *b, int c)
{
	if (c)
		return two_load_(&a->x) == b->y;
	return two_load_(&a->x) < b->x;
}

/* an element of a variable index, compared with 0: clang folds it,
 * `cmpl $0, 8(%rdi,%rsi,4)` -- the object's, t in rdi and i in rsi */
int two_index_zero(struct two_tab *t, long i)
{
	if (TWO_ONCE(t->w[i]) == 0)
		two_spin();
	return 1;
}

/* ... and hoisted: each branch's compare is of u's elements */
int two_index_hoist(struct two_tab *t, struct two_tab *u, long i, int c)
{
	if (c)
		return TWO_ONCE(t->w[i]) == u->w[i];
	return TWO_ONCE(t->w[i]) != u->w[3];
}

/* globals: the compare's load is of another variable */
int two_glob_hoist(int c)
{
	if (c)
		return TWO_ONCE(two_g1) == two_g2;
	return TWO_ONCE(two_g1) != two_g3;
}

int two_glob_rev(void)
{
	return two_g2 == TWO_ONCE(two_g1);
}

/* the once-object torn (clang reads its halves apart), the other
 * operand a 4-byte plain load */
int two_torn_plain(struct two_pair *p, uint32_t *q)
{
	struct two_pair v = TWO_ONCE(*p);

	return v.lo == (uint16_t)*q && v.hi == (uint16_t)(*q >> 16);
}
