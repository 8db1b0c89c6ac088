/* volatile-aggregate and once-size: the sizes and shapes a single access
 * cannot have, and the ones clang splits. */
#include "once.h"

struct pair8 { unsigned char a, b; };
struct pair16 { unsigned short a, b; };
struct three { unsigned int a, b, c; };
struct bits { unsigned int lo : 3, mid : 13, hi : 16; }; /* one container */
struct bits2 { unsigned short lo : 8; unsigned short hi; };
struct nested { struct pair16 in; };
typedef struct pair32 pair32_t;

struct pair32 shared_pair;
volatile struct pair32 vpair;
const volatile pte_t cv_pte;

unsigned long shapes(struct pair8 *p8, struct pair16 *p16, pair32_t *p32,
		     struct three *t, struct bits *b, struct bits2 *b2,
		     struct nested *n)
{
	struct pair32 v;
	unsigned long r = 0;

	// CHECK: [[@LINE+2]]:7: warning: READ_ONCE: volatile read of 2-byte struct 'struct pair8' with 2 storage units, not through a scalar: the compiler may split it (clang does: rwonce verify probe raw_read_pair8); 'rwonce scan' on the build confirms it [volatile-aggregate]
	// CHECK: [[@LINE+1]]:7: note: type 'struct pair8', canonical 'struct pair8'
	r += READ_ONCE(*p8).a;
	// CHECK: [[@LINE+2]]:6: warning: READ_ONCE: volatile read of 8-byte struct 'pair32_t' with 2 storage units, not through a scalar: the compiler may split it (clang does: rwonce verify probe raw_read_pair32); 'rwonce scan' on the build confirms it [volatile-aggregate]
	// CHECK: [[@LINE+1]]:6: note: type 'pair32_t', canonical 'struct pair32'
	v = READ_ONCE(*p32);
	// CHECK: [[@LINE+2]]:2: warning: WRITE_ONCE: volatile write of 8-byte struct 'pair32_t' with 2 storage units, not through a scalar: the compiler may split it (clang does: rwonce verify probe raw_write_pair32); 'rwonce scan' on the build confirms it [volatile-aggregate]
	// CHECK: [[@LINE+1]]:2: note: type 'pair32_t', canonical 'struct pair32'
	WRITE_ONCE(*p32, v);
	// The kernel-style READ_ONCE is a statement expression: its value is
	// a copy of the whole struct, even when one field is used.
	// CHECK: [[@LINE+2]]:7: warning: READ_ONCE: volatile read of 4-byte struct 'struct pair16' with 2 storage units, not through a scalar: the compiler may split it (clang does: rwonce verify probe raw_read_pair16); 'rwonce scan' on the build confirms it [volatile-aggregate]
	// CHECK: [[@LINE+1]]:7: note: type 'struct pair16', canonical 'struct pair16'
	r += READ_ONCE(*p16).a;
	// ACCESS_ONCE(x).f selects the field of the volatile lvalue: only
	// the field is read, so no volatile-aggregate.
	// CHECK: [[@LINE+3]]:7: warning: ACCESS_ONCE on struct type 'struct pair16'
	// CHECK: [[@LINE+2]]:7: note: type 'struct pair16', canonical 'struct pair16'
	// CHECK: [[@LINE+1]]:7: warning: ACCESS_ONCE is deprecated
	r += ACCESS_ONCE(*p16).b;
	// CHECK: [[@LINE+2]]:7: warning: READ_ONCE of 'struct three' (12 bytes): no single access has that size [once-size]
	// CHECK: [[@LINE+1]]:7: note: type 'struct three', canonical 'struct three'
	r += READ_ONCE(*t).a;
	// Bit-fields in one container are one 4-byte unit: not split.
	struct bits bv = READ_ONCE(*b);
	// Two storage units (a bit-field run and a short): split.
	// CHECK: [[@LINE+2]]:21: warning: READ_ONCE: volatile read of 4-byte struct 'struct bits2' with 2 storage units
	// CHECK: [[@LINE+1]]:21: note: type 'struct bits2', canonical 'struct bits2'
	struct bits2 b2v = READ_ONCE(*b2);
	// A nested struct is flattened: two fields.
	// CHECK: [[@LINE+2]]:21: warning: READ_ONCE: volatile read of 4-byte struct 'struct nested' with 2 storage units
	// CHECK: [[@LINE+1]]:21: note: type 'struct nested', canonical 'struct nested'
	struct nested nv = READ_ONCE(*n);
	// A volatile object copied without any cast.
	// CHECK: [[@LINE+2]]:6: warning: volatile access: volatile read of 8-byte struct 'struct pair32' with 2 storage units
	// CHECK: [[@LINE+1]]:6: note: type 'struct pair32', canonical 'struct pair32'
	v = vpair;
	// CHECK: [[@LINE+2]]:2: warning: volatile access: volatile write of 8-byte struct 'struct pair32' with 2 storage units
	// CHECK: [[@LINE+1]]:2: note: type 'struct pair32', canonical 'struct pair32'
	vpair = v;
	// const volatile one-field struct: fine for READ_ONCE.
	r += READ_ONCE(cv_pte).pte;
	// CHECK: [[@LINE+3]]:7: warning: ACCESS_ONCE on struct type 'pte_t' (aka 'struct { unsigned long pte; }')
	// CHECK: [[@LINE+2]]:7: note: type 'pte_t', canonical 'struct { unsigned long pte; }'
	// CHECK: [[@LINE+1]]:7: warning: ACCESS_ONCE is deprecated
	r += ACCESS_ONCE(cv_pte).pte;
	// A hand-written cast of the shared pair: three rules at once.
	// CHECK: [[@LINE+5]]:6: warning: hand-written volatile-cast access to 'struct pair32'
	// CHECK: [[@LINE+4]]:6: warning: volatile cast on struct type 'struct pair32'
	// CHECK: [[@LINE+3]]:6: warning: volatile cast: volatile read of 8-byte struct 'struct pair32' with 2 storage units
	// CHECK: [[@LINE+2]]:6: note: type 'struct pair32', canonical 'struct pair32'
	// CHECK-NOT: [[@LINE+1]]:6: warning: volatile cast of
	v = *(volatile struct pair32 *)&shared_pair;
	return r + v.a + bv.lo + b2v.hi + nv.in.a;
}

/* An array member counts its elements (clang 14: four 1-byte loads). */
struct arr4 { unsigned char b[4]; };

unsigned int bytes(struct arr4 *p)
{
	// CHECK: [[@LINE+2]]:18: warning: READ_ONCE: volatile read of 4-byte struct 'struct arr4' with 4 storage units, not through a scalar: the compiler may split it (clang does: rwonce verify probe raw_read_pair16); 'rwonce scan' on the build confirms it [volatile-aggregate]
	// CHECK: [[@LINE+1]]:18: note: type 'struct arr4', canonical 'struct arr4'
	struct arr4 v = READ_ONCE(*p);

	return v.b[0] + v.b[3];
}
