/* rwonce fix fixture: once-accesses inside asm operands are left as they
 * are (issue 31): the asm makes the access through the operand's address;
 * READ_ONCE() there is a value, which gcc copies to the stack (the asm then
 * swaps the copy, not the lock word) and clang refuses.  The plain read in
 * main() is converted as usual.  A program: t2410 runs it (exit 0 when
 * the asm changed the lock word) and reads its machine code. */
#include <stdint.h>
#include "kernel-access-once.h"

#define ASM_ADDR(x) "m" (*(volatile uint32_t *)(x))

uint32_t lockword, flag;

#if defined(__x86_64__) || defined(__i386__)
__attribute__((noinline)) uint32_t xchg32(uint32_t *p, uint32_t x)
{
	asm volatile("xchgl %0,%1" : "=r"(x) : "m"(*(volatile uint32_t *)p), "0"(x) : "memory");
	return x;
}

__attribute__((noinline)) void inc32(uint32_t *p)
{
	asm volatile("lock; incl %0" : "+m"(*(volatile uint32_t *)p));
}

__attribute__((noinline)) void add32(uint32_t *p, uint32_t v)
{
	asm volatile("lock; addl %1,%0" : "+m"(ACCESS_ONCE(*p)) : "ir"(v));
}

__attribute__((noinline)) uint32_t peek32(uint32_t *p)
{
	uint32_t v;

	asm volatile("movl %1,%0" : "=r"(v) : ASM_ADDR(p));
	return v;
}
#elif defined(__aarch64__)
/* an exclusive-monitor swap: ldxr/stxr on the lock word itself */
__attribute__((noinline)) uint32_t xchg32(uint32_t *p, uint32_t x)
{
	uint32_t old, fail;

	asm volatile("1: ldxr %w0, %2\n\tstxr %w1, %w3, %2\n\tcbnz %w1, 1b"
		     : "=&r"(old), "=&r"(fail), "+Q"(*(volatile uint32_t *)p)
		     : "r"(x) : "memory");
	return old;
}

__attribute__((noinline)) void inc32(uint32_t *p)
{
	uint32_t v, fail;

	asm volatile("1: ldxr %w0, %2\n\tadd %w0, %w0, #1\n\tstxr %w1, %w0, %2\n\tcbnz %w1, 1b"
		     : "=&r"(v), "=&r"(fail), "+Q"(*(volatile uint32_t *)p) : : "memory");
}

__attribute__((noinline)) void add32(uint32_t *p, uint32_t v)
{
	uint32_t t, fail;

	asm volatile("1: ldxr %w0, %2\n\tadd %w0, %w0, %w3\n\tstxr %w1, %w0, %2\n\tcbnz %w1, 1b"
		     : "=&r"(t), "=&r"(fail), "+Q"(ACCESS_ONCE(*p)) : "r"(v) : "memory");
}

__attribute__((noinline)) uint32_t peek32(uint32_t *p)
{
	uint32_t v;

	asm volatile("ldr %w0, %1" : "=r"(v) : ASM_ADDR(p));
	return v;
}
#endif

int main(void)
{
	uint32_t old = xchg32(&lockword, 7);

	inc32(&lockword);
	add32(&lockword, 2);
	flag = peek32(&lockword);
	/* a plain volatile read outside any asm: fix converts it */
	return !(old == 0 && *(volatile uint32_t *)&flag == 10 && lockword == 10);
}
