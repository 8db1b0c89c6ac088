/*
 * A library's once-accessor functions (tests/t4310-scan-user-accessors.t):
 * static inline functions whose body is one once-access of what their
 * pointer parameter points to -- a volatile cast, an inline-asm memory
 * operand, a relaxed __atomic load.
 */
#ifndef USER_LIB_ACCESS_H
#define USER_LIB_ACCESS_H

#include <stdint.h>

static inline uint32_t load_32(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}

static inline void store_32(uint32_t *p, uint32_t v)
{
	*(volatile uint32_t *)p = v;
}

static inline uint32_t load_32_asm(const uint32_t *p)
{
	uint32_t v;
#if defined(__x86_64__)
	__asm__ __volatile__("movl %1, %0" : "=r"(v) : "m"(*p));
#else
	__asm__ __volatile__("ldr %w0, %1" : "=r"(v) : "m"(*p));
#endif
	return v;
}

static inline uint64_t load_64_atomic(const uint64_t *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

/* a bug: the asm reads 4 bytes of the 8-byte object */
static inline uint64_t load_64_low(const uint64_t *p)
{
	uint32_t v;
#if defined(__x86_64__)
	__asm__ __volatile__("movl %1, %0" : "=r"(v) : "m"(*p));
#else
	__asm__ __volatile__("ldr %w0, %1" : "=r"(v) : "m"(*p));
#endif
	return v;
}

#endif
