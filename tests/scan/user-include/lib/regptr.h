/*
 * Inline-asm loads and stores whose pointer is passed in a register and
 * used as the address in the template (tests/t4365-scan-user-regptr.t):
 * asm volatile("ldr %w0, [%1]" : "=r"(v) : "r"(p) : "memory"), as
 * aarch64 code writes them (x86-64: "movl (%1), %0").  One load or
 * store of *p: once-accessors.  Not: an offset from the pointer
 * ([%1, #4], 4(%1)), an exclusive load (ldxr: half of a
 * read-modify-write), an exchange.
 */
#ifndef USER_LIB_REGPTR_H
#define USER_LIB_REGPTR_H

#include <stdint.h>

static inline uint32_t reg_load_32(const uint32_t *p)
{
	uint32_t v;
#if defined(__aarch64__)
	__asm__ __volatile__("ldr %w0, [%1]" : "=r"(v) : "r"(p) : "memory");
#else
	__asm__ __volatile__("movl (%1), %0" : "=r"(v) : "r"(p) : "memory");
#endif
	return v;
}

static inline void reg_store_32(uint32_t *p, uint32_t v)
{
#if defined(__aarch64__)
	__asm__ __volatile__("str %w1, [%0]" : : "r"(p), "r"(v) : "memory");
#else
	__asm__ __volatile__("movl %1, (%0)" : : "r"(p), "r"(v) : "memory");
#endif
}

static inline uint64_t reg_load_named(const uint64_t *p)
{
	uint64_t v;
#if defined(__aarch64__)
	__asm__ __volatile__("ldar %[v], [%[p]]" : [v] "=r"(v) : [p] "r"(p)
			     : "memory");
#else
	__asm__ __volatile__("movq (%[p]), %[v]" : [v] "=r"(v) : [p] "r"(p)
			     : "memory");
#endif
	return v;
}

/* the low half of an 8-byte object: one access narrower than it */
static inline uint32_t reg_load_low(const uint64_t *p)
{
	uint32_t v;
#if defined(__aarch64__)
	__asm__ __volatile__("ldr %w0, [%1]" : "=r"(v) : "r"(p) : "memory");
#else
	__asm__ __volatile__("movl (%1), %0" : "=r"(v) : "r"(p) : "memory");
#endif
	return v;
}

/* past the pointer: no access of *p */
static inline uint32_t reg_load_next(const uint32_t *p)
{
	uint32_t v;
#if defined(__aarch64__)
	__asm__ __volatile__("ldr %w0, [%1, #4]" : "=r"(v) : "r"(p) : "memory");
#else
	__asm__ __volatile__("movl 4(%1), %0" : "=r"(v) : "r"(p) : "memory");
#endif
	return v;
}

/* an exclusive load (aarch64) or an exchange (x86-64): read-modify-write */
static inline uint32_t reg_load_excl(uint32_t *p)
{
	uint32_t v = 0;
#if defined(__aarch64__)
	__asm__ __volatile__("ldxr %w0, [%1]" : "=r"(v) : "r"(p) : "memory");
#else
	__asm__ __volatile__("xchgl %0, (%1)" : "+r"(v) : "r"(p) : "memory");
#endif
	return v;
}

#endif
