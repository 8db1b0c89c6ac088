/*
 * Xen's wrss() (xen/arch/x86/include/asm/shstk.h): an inline-asm store
 * to what its argument points to, by CET's wrssq, which capstone 4.0.2
 * does not know.  gcc 12 -O2 encodes this one as
 * 48 0f 38 f6 87 f8 5f 00 00 (wrssq %rax, 0x5ff8(%rdi)); its last two
 * bytes, decoded alone, are `addb %al, (%rax)`
 * (tests/t4491-scan-x86-unknown-insn.t).  And a byte that is no
 * x86-64 instruction (0xd6, which Xen's code has after an unreachable
 * path): the code after it is still read.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

static inline void wrss(unsigned long val, unsigned long *ptr)
{
	__asm__ ( "wrssq %[val], %[ptr]"
		  : [ptr] "=m" (*ptr)
		  : [val] "r" (val) );
}

int reinit(unsigned long *stack, int *flag);
int reinit(unsigned long *stack, int *flag)
{
	wrss((unsigned long)stack + 0x6001, stack + 0xbff);
	return READ_ONCE(*flag);
}

int after_bad(int *flag);
int after_bad(int *flag)
{
	__asm__ volatile ( ".byte 0xd6" );
	return READ_ONCE(*flag);
}
