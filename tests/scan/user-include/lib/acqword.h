/*
 * Acquire loads written as nsync's older atomics write them
 * (tests/t4385-scan-user-fenced-accessor.t): a function of one load of
 * what its argument points to and then a barrier that touches no memory
 * -- a compiler barrier (an asm of an empty template, no operand, only a
 * "memory" clobber) or a fence builtin, named directly or through macros
 * (ACQ_LD_ACQ_ is one or the other per #if side).  The barrier orders;
 * it accesses nothing, so the function is a once-accessor.  A function
 * whose load is followed by a call of a function, a second access or an
 * asm that may do anything is not.
 */
#ifndef USER_LIB_ACQWORD_H
#define USER_LIB_ACQWORD_H

#include <stdint.h>

#define ACQ_CB_() __asm__ __volatile__("" : : : "memory")
#define ACQ_MB_() __sync_synchronize()
#if ACQ_LD_IS_ACQ
#define ACQ_LD_ACQ_ ACQ_CB_
#else
#define ACQ_LD_ACQ_ ACQ_MB_
#endif

static inline uint32_t acq_load_acq_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	ACQ_LD_ACQ_();
	return (result);
}

static inline uint32_t acq_load_fence_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	return result;
}

#define ACQ_LOAD_ACQ(p) (acq_load_acq_(p))

/* not accessors: a call that may do anything, a second access, an asm
 * that is an instruction */
void acq_log(void);
static inline uint32_t acq_load_logged_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	acq_log();
	return (result);
}

static inline uint32_t acq_load_twice_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	ACQ_MB_();
	return result + *(volatile uint32_t *)p;
}

static inline uint32_t acq_load_nop_(uint32_t *p)
{
	uint32_t result = *(volatile uint32_t *)p;
	__asm__ __volatile__("nop" : : : "memory");
	return (result);
}

struct acq_lock {
	uint32_t word;
	uint32_t other;
	uint32_t plain;
};

#endif
