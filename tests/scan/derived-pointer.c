/*
 * Xen's atomic_dec_and_test() (xen/arch/x86/include/asm/atomic.h): an
 * asm "+m" operand of a volatile cast of v->counter, v a member of an
 * object reached through a pointer.  gcc 12 -O2 gives the pointer's
 * 8-byte load and an add of the member's offset the line of the cast,
 * and the locked decrement through the sum the line of the asm:
 *
 *	mov 0x18(%rdi), %rax     line of *(volatile int *)&v->counter
 *	add $0x20c, %rax
 *	lock decl (%rax)         line of the asm
 *
 * The 8-byte load is the way to the 4-byte object, not a widened read
 * of it (tests/t4490-scan-derived-pointer.t).
 */
typedef struct { int counter; } atomic_t;

struct domain { char pad[0x20c]; atomic_t refcnt; };
struct vcpu { long x[3]; struct domain *domain; char pad2[0x130];
	      atomic_t pause; };

static inline int dec_and_test(atomic_t *v)
{
	_Bool c;

	__asm__ volatile ( "lock decl %[counter]\n\t"
			   "setz %[zf]"
			   : [counter] "+m" (*(volatile int *)&v->counter),
			     [zf] "=qm" (c)
			   :: "memory" );
	return c;
}

void destroy(struct domain *d);

void put_both(struct vcpu *v);
void put_both(struct vcpu *v)
{
	if (dec_and_test(&v->pause))
		return;
	if (dec_and_test(&v->domain->refcnt))
		destroy(v->domain);
}
