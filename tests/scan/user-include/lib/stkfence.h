/* Stores and loads followed (or preceded) by an x86 full fence made of a
 * locked no-op on a word of the stack, the arch-override shape: the
 * generic code (stkfence-gen.h) is taken only when no override #defines
 * the name, as in a C library's per-architecture atomics. */
#include <stdint.h>

#define sf_store sf_store
static inline void sf_store(volatile int *p, int x)
{
	__asm__ __volatile__("mov %1, %0 ; lock ; orl $0,(%%rsp)"
			     : "=m"(*p) : "r"(x) : "memory");
}

#define sf_load sf_load
static inline uint64_t sf_load(const volatile uint64_t *p)
{
	uint64_t v;

	__asm__ __volatile__("lock; addl $0,-4(%%rsp)\n\tmovq %1, %0"
			     : "=r"(v) : "m"(*p) : "memory");
	return v;
}

/* a locked instruction on the object itself: a read-modify-write */
static inline void sf_or_one(volatile int *p)
{
	__asm__ __volatile__("lock ; orl $1, %0" : "=m"(*p) : : "memory");
}

/* a locked add of 1 to the stack is no fence to skip: it changes it */
static inline void sf_store_odd(volatile int *p, int x)
{
	__asm__ __volatile__("mov %1, %0 ; lock ; addl $1,(%%rsp)"
			     : "=m"(*p) : "r"(x) : "memory");
}
