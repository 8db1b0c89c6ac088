/* The seed's union ipte_control: a union with an anonymous struct of
 * bit-fields, read in a cmpxchg loop through ACCESS_ONCE. */
#include "once.h"

void ipte_lock(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		// CHECK: [[@LINE+3]]:9: warning: ACCESS_ONCE on union type 'union ipte_control': the volatile
		// CHECK: [[@LINE+2]]:9: note: type 'union ipte_control', canonical 'union ipte_control'
		// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
		old = ACCESS_ONCE(*ic);
		new = old;
		new.k = 1;
		new.kh++;
	} while (!__sync_bool_compare_and_swap(&ic->val, old.val, new.val));
}

/* The kernel's fix: READ_ONCE (here the volatile-cast one) of the union
 * is one 8-byte access of a union, which clang copies as its widest
 * member -- no rule fires. */
void ipte_unlock(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = READ_ONCE(*ic);
		new = old;
		new.kh--;
	} while (!__sync_bool_compare_and_swap(&ic->val, old.val, new.val));
}

/* An unnamed struct type: its canonical spelling is its fields. */
struct regs { struct { unsigned int lo, hi; } half; };

unsigned long unnamed_member(struct regs *r, union ipte_control *ic)
{
	// CHECK: [[@LINE+3]]:9: warning: ACCESS_ONCE on struct type 'struct { unsigned int lo; unsigned int hi; }'
	// CHECK: [[@LINE+2]]:9: note: type 'struct { unsigned int lo; unsigned int hi; }', canonical 'struct { unsigned int lo; unsigned int hi; }'
	// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
	return ACCESS_ONCE(r->half).lo +
	// Inside sizeof nothing is accessed, but the spelling is still
	// ACCESS_ONCE on a union: reported, as the lexical engine does.
	// CHECK: [[@LINE+3]]:16: warning: ACCESS_ONCE is deprecated
	// CHECK: [[@LINE+2]]:16: warning: ACCESS_ONCE on union type 'union ipte_control'
	// CHECK: [[@LINE+1]]:16: note: type 'union ipte_control'
	       sizeof(ACCESS_ONCE(*ic));
}
