/*
 * Read-modify-write asm next to a once-accessor
 * (tests/t4350-scan-user-rmw.t): ts_full is libatomic_ops'
 * AO_test_and_set_full (one exchange, its object a "+m" operand);
 * xchg_32 the same exchange with the object an "=m" output.  Neither is
 * a once-load or once-store; ld_32 is a once-accessor.
 */
#ifndef USER_LIB_RMW_H
#define USER_LIB_RMW_H

#include <stdint.h>

static inline unsigned char ts_full(volatile unsigned char *addr)
{
	unsigned char old = 0xff;
#if defined(__x86_64__)
	__asm__ __volatile__("xchgb %0, %1" : "=q"(old), "+m"(*addr)
			     : "0"(old) : "memory");
#else
	__asm__ __volatile__("swpalb %w0, %w0, %1" : "+r"(old), "+Q"(*addr)
			     : : "memory");
#endif
	return old;
}

static inline uint32_t xchg_32(volatile uint32_t *p, uint32_t v)
{
#if defined(__x86_64__)
	__asm__ __volatile__("xchgl %0, %1" : "=r"(v), "=m"(*p)
			     : "0"(v) : "memory");
#else
	__asm__ __volatile__("swpal %w0, %w0, %1" : "+r"(v), "=Q"(*p)
			     : : "memory");
#endif
	return v;
}

static inline uint32_t ld_32(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}

#endif
