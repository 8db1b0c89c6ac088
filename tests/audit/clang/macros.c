/* Macros that wrap ACCESS_ONCE: findings about the operand are reported
 * where the user wrote the outer macro, never inside a definition. */
#include "once.h"

struct dev { pte_t reg; unsigned long flags; };

// CHECK: [[@LINE+1]]:20: warning: ACCESS_ONCE is deprecated
#define DEV_REG(d) ACCESS_ONCE((d)->reg)
// CHECK: [[@LINE+1]]:22: warning: ACCESS_ONCE is deprecated
#define DEV_FLAGS(d) ACCESS_ONCE((d)->flags)
#define OUTER(d) DEV_REG(d)
/* A project's own volatile-cast macro that is not a once-access macro:
 * volatile-cast is reported here, once for all its uses, where the lexical
 * engine reports it too. */
// CHECK: [[@LINE+1]]:19: warning: volatile cast in macro REG32: use READ_ONCE or WRITE_ONCE [volatile-cast]
#define REG32(a) (*(volatile unsigned int *)(a))
/* A hand-written cast through a member, in a macro and by hand. */
// CHECK: [[@LINE+1]]:26: warning: volatile cast in macro DEV_FLAGS_RAW: use READ_ONCE or WRITE_ONCE [volatile-cast]
#define DEV_FLAGS_RAW(d) ((volatile struct dev *)(d))->flags

/* asm memory operands name memory for the asm; C does not access it. */
#define ASM_ADDR(x) "m" (*(volatile long *)(x))

void flush(void *p)
{
	__asm__ volatile("" : "+m" (*(volatile char *)p)); // CHECK-NOT: [[@LINE]]:
	__asm__ volatile("" : : ASM_ADDR(p));              // CHECK-NOT: [[@LINE]]:
}

unsigned long wrapped(struct dev *d, void *mmio)
{
	unsigned long r;

	// CHECK: [[@LINE+2]]:6: warning: ACCESS_ONCE (via DEV_REG) on struct type 'pte_t' (aka 'struct { unsigned long pte; }')
	// CHECK: [[@LINE+1]]:6: note: type 'pte_t', canonical 'struct { unsigned long pte; }'
	r = DEV_REG(d).pte;
	// A scalar through the same kind of wrapper: nothing at the use.
	r += DEV_FLAGS(d);
	// Two levels of wrapping.
	// CHECK: [[@LINE+2]]:7: warning: ACCESS_ONCE (via OUTER) on struct type 'pte_t'
	// CHECK: [[@LINE+1]]:7: note: type 'pte_t', canonical 'struct { unsigned long pte; }'
	r += OUTER(d).pte;
	r += REG32(mmio);
	r += REG32(mmio + 4); // the same macro: nothing more
	r += DEV_FLAGS_RAW(d);
	// CHECK: [[@LINE+2]]:7: warning: hand-written volatile-cast access to 'struct dev'
	// CHECK: [[@LINE+1]]:7: note: type 'struct dev', canonical 'struct dev'
	r += ((volatile struct dev *)d)->flags;
	// CHECK: [[@LINE+2]]:7: warning: hand-written volatile-cast access to 'unsigned int'
	// CHECK: [[@LINE+1]]:7: note: type 'unsigned int', canonical 'unsigned int'
	r += ((volatile unsigned int *)mmio)[2];
	// A hand-written cast: volatile-cast where it is written.
	// CHECK: [[@LINE+2]]:7: warning: hand-written volatile-cast access to 'unsigned long': use READ_ONCE or WRITE_ONCE [volatile-cast]
	// CHECK: [[@LINE+1]]:7: note: type 'unsigned long', canonical 'unsigned long'
	r += *(volatile unsigned long *)&d->flags;
	return r;
}
