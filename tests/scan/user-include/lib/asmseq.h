/*
 * Once-accessors whose inline-asm body is several instructions
 * (tests/t4370-scan-user-asm-sequence.t): a load then a fence, and a
 * load of an 8-byte object split in two 4-byte loads (torn); and a
 * loop that is no accessor (a label and a jump back).
 */
#ifndef USER_LIB_ASMSEQ_H
#define USER_LIB_ASMSEQ_H

#include <stdint.h>

#if defined(__x86_64__)
static inline uint32_t seq_load_fenced(const uint32_t *p)
{
	uint32_t v;
	__asm__ __volatile__("movl %1, %0\n\tmfence" : "=r"(v) : "m"(*p) : "memory");
	return v;
}

static inline uint64_t seq_load_split(const uint64_t *p)
{
	uint32_t lo, hi;
	__asm__ __volatile__("movl %2, %0\n\tmovl 4+%2, %1"
			     : "=r"(lo), "=r"(hi) : "m"(*p));
	return ((uint64_t)hi << 32) | lo;
}

static inline uint32_t seq_spin_nonzero(const uint32_t *p)
{
	uint32_t v;
	__asm__ __volatile__("1: movl %1, %0\n\ttestl %0, %0\n\tjz 1b"
			     : "=&r"(v) : "m"(*p));
	return v;
}
#elif defined(__aarch64__)
static inline uint32_t seq_load_fenced(const uint32_t *p)
{
	uint32_t v;
	__asm__ __volatile__("ldr %w0, %1\n\tdmb ishld" : "=r"(v) : "Q"(*p) : "memory");
	return v;
}

static inline uint64_t seq_load_split(const uint64_t *p)
{
	uint32_t lo, hi;
	__asm__ __volatile__("ldr %w0, %2\n\tldr %w1, [%3, #4]"
			     : "=&r"(lo), "=&r"(hi) : "Q"(*p), "r"(p));
	return ((uint64_t)hi << 32) | lo;
}

static inline uint32_t seq_spin_nonzero(const uint32_t *p)
{
	uint32_t v;
	__asm__ __volatile__("1: ldr %w0, %1\n\tcbz %w0, 1b" : "=&r"(v) : "Q"(*p));
	return v;
}
#endif

#endif
