/* fix fixture: asm operands whose constraint is a macro (t2553) -- musl's
 * mips atomic_arch.h writes LLSC_M(*(void *volatile *)p), Linux's mips
 * "=" GCC_OFF_SMALL_ASM() (*m).  The '(' after the macro looked like a
 * call's, so fix turned the operand into READ_ONCE(*p), a value: gcc hands
 * the asm a copy, clang refuses it.  A call's argument is still a site. */
#define LLSC_M "m"
#define OFF_ASM() "m"

int ll(int *p)
{
	int v;
	__asm__ __volatile__ ("" : "=r"(v) : LLSC_M(*(volatile int *)p));
	return v;
}

void sc(int *p, int v)
{
	__asm__ __volatile__ ("" : "=" LLSC_M(*(volatile int *)p) : "r"(v) : "memory");
	asm volatile ("" : "+" OFF_ASM() (*(volatile int *)p));
}

static int twice(int x)
{
	return 2 * x;
}

int not_asm(int *p, int c)
{
	int v = twice(*(volatile int *)p);

	__asm__ __volatile__ ("" : "=r"(v) : "r"(twice(*(volatile int *)p)));
	return c ? twice(*(volatile int *)p) : v;
}
