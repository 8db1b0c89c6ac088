/* Typedef chains: the operand's type after every typedef decides. */
#include "once.h"

typedef pte_t my_pte;
typedef my_pte my_pte2;
typedef unsigned long word_t;
typedef word_t word2_t;

unsigned long typedef_chains(my_pte2 *p, word2_t *w, pte_t *q)
{
	unsigned long r = 0;

	// CHECK: [[@LINE+4]]:7: warning: ACCESS_ONCE on struct type 'my_pte2' (aka 'struct { unsigned long pte; }')
	// CHECK: [[@LINE+3]]:7: note: type 'my_pte2', canonical 'struct { unsigned long pte; }'
	// CHECK: [[@LINE+2]]:7: warning: ACCESS_ONCE is deprecated
	// CHECK-NOT: [[@LINE+1]]:7: warning: ACCESS_ONCE of
	r += ACCESS_ONCE(*p).pte;
	// A scalar behind two typedefs: deprecated, nothing more.
	// CHECK: [[@LINE+1]]:7: warning: ACCESS_ONCE is deprecated
	r += ACCESS_ONCE(*w);
	// READ_ONCE of a one-field struct: no rule (one 8-byte access).
	r += READ_ONCE(*q).pte;
	// The header's ACCESS_ONCE is reported in once.h, once per run.
	r += pte_val_once(q);
	return r;
}

int arrays(void)
{
	static int table[4];
	static char name[3];

	// CHECK: [[@LINE+4]]:9: warning: ACCESS_ONCE on array type 'int[4]': the volatile
	// CHECK: [[@LINE+3]]:9: note: type 'int[4]', canonical 'int[4]'
	// CHECK: [[@LINE+2]]:9: warning: ACCESS_ONCE of 'int[4]' (16 bytes): no single access has that size [once-size]
	// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
	return ACCESS_ONCE(table)[1] +
	// CHECK: [[@LINE+4]]:9: warning: ACCESS_ONCE on array type 'char[3]'
	// CHECK: [[@LINE+3]]:9: note: type 'char[3]', canonical 'char[3]'
	// CHECK: [[@LINE+2]]:9: warning: ACCESS_ONCE of 'char[3]' (3 bytes): no single access has that size [once-size]
	// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
	       ACCESS_ONCE(name)[0] +
	       ACCESS_ONCE(table[2]); // CHECK: [[@LINE]]:9: warning: ACCESS_ONCE is deprecated
}

/* Qualified and odd-sized scalars. */
long double ld;
volatile int vi;
const int ci = 1;
int *ptr;

long double qualified(void)
{
	// CHECK: [[@LINE+3]]:9: warning: ACCESS_ONCE of 'long double' (16 bytes): no single access has that size [once-size]
	// CHECK: [[@LINE+2]]:9: note: type 'long double', canonical 'long double'
	// CHECK: [[@LINE+1]]:9: warning: ACCESS_ONCE is deprecated
	return ACCESS_ONCE(ld) +
	       ACCESS_ONCE(vi) + // CHECK: [[@LINE]]:9: warning: ACCESS_ONCE is deprecated
	       READ_ONCE(ci) +   // CHECK-NOT: [[@LINE]]:
	       (READ_ONCE(ptr) != 0); // CHECK-NOT: [[@LINE]]:
}
