/*
 * ipte-control.h -- the s390 KVM "IPTE interlock" of the 2014 seed patch,
 * rebuilt on READ_ONCE and a compare-and-swap.
 *
 * The lock is one 8-byte word, seen either as a whole (val, what cmpxchg
 * swaps) or as three bit-fields:
 *
 *   k   the lock is held by the host
 *   kh  how many host CPUs hold it (the "siif" flavour counts holders)
 *   kg  the guest (in real life: the SIE hardware) holds it
 *
 * Every function below has the same shape: read the whole word once, work
 * out the new value in a local copy, then cmpxchg the whole word and retry
 * if somebody changed it meanwhile.  That only works if the read really is
 * ONE read.  In 2014, ACCESS_ONCE(*ic) was a volatile access to a union;
 * GCC 4.6/4.7 lost the volatile, loaded the first half again later, and
 * computed `new` from a different value than the `old` that was compared
 * (see ../../shared/seeds or rwonce(3)).  READ_ONCE(*ic) here always
 * loads the union through one 8-byte scalar, so `old` and `new` come from
 * the same single load.
 *
 * The kernel's versions also sleep on a wait queue and keep a nesting
 * count under a mutex; this example keeps only the lock word, spins with
 * sched_yield() where the kernel calls cond_resched(), and does not wake
 * anybody.
 *
 * Included by examples/ipte-lock.c and tests/stress/ipte-stress.c.
 */
#ifndef EXAMPLES_IPTE_CONTROL_H
#define EXAMPLES_IPTE_CONTROL_H

#include <sched.h>
#include <stdint.h>

#include "rwonce.h"

/*
 * The kernel writes "unsigned long" (s390x is 64-bit only).  uint64_t
 * keeps the layout the same on a 32-bit build; bit-fields of a 64-bit
 * type are a GNU C extension every supported compiler has.  The aligned
 * attribute makes the 8-byte word naturally aligned everywhere (i386
 * aligns uint64_t struct members to 4 only), which a single access needs.
 */
union ipte_control {
	uint64_t val;
	struct {
		uint64_t k : 1;
		uint64_t kh : 31;
		uint64_t kg : 32;
	};
} __attribute__((aligned(8)));

/* cmpxchg() as the kernel defines it: returns the value found at *p; the
 * swap happened iff that equals `old`.  A full barrier either way. */
static inline uint64_t ipte_cmpxchg(uint64_t *p, uint64_t old, uint64_t new)
{
	/* The word is 8-aligned (see the union); say so, or clang on i386,
	 * where uint64_t is 4-aligned, calls libatomic instead of using
	 * cmpxchg8b. */
	typedef uint64_t aligned_word __attribute__((aligned(8)));

	__atomic_compare_exchange_n((aligned_word *)p, &old, new, 0,
				    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
	return old; /* on failure, the builtin stored the current value here */
}

/* Stands in for cond_resched(): let the holder run. */
static inline void ipte_relax(void)
{
	sched_yield();
}

/* ---- "simple": one host CPU at a time (machines without SIIF) ------- */

static inline void ipte_lock_simple(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = READ_ONCE(*ic);
		while (old.k) {
			ipte_relax();
			old = READ_ONCE(*ic);
		}
		new = old;
		new.k = 1;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

static inline void ipte_unlock_simple(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		new = old = READ_ONCE(*ic);
		new.k = 0;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

/* ---- "siif": many host CPUs share the lock, the guest excludes them --- */

/* Host side: wait until the guest is out, then join the holders. */
static inline void ipte_lock_siif(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = READ_ONCE(*ic);
		while (old.kg) {
			ipte_relax();
			old = READ_ONCE(*ic);
		}
		new = old;
		new.k = 1;
		new.kh++;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

/*
 * The function the seed patch is about.  `new` is derived from `old`; if
 * the compiler re-read *ic to compute new.kh (what GCC 4.7 did), another
 * CPU's kh++ between the two reads would be lost or counted twice and the
 * lock would never be released -- "VCPU threads will hang (unkillable)".
 */
static inline void ipte_unlock_siif(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		new = old = READ_ONCE(*ic);
		new.kh--;
		if (!new.kh)
			new.k = 0;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

/*
 * Guest side (on s390 the SIE instruction does this in hardware): take the
 * lock only when no host holds it, and keep hosts out while it is held.
 */
static inline void ipte_lock_guest(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		old = READ_ONCE(*ic);
		while (old.k || old.kg) {
			ipte_relax();
			old = READ_ONCE(*ic);
		}
		new = old;
		new.kg = 1;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

static inline void ipte_unlock_guest(union ipte_control *ic)
{
	union ipte_control old, new;

	do {
		new = old = READ_ONCE(*ic);
		new.kg = 0;
	} while (ipte_cmpxchg(&ic->val, old.val, new.val) != old.val);
}

#endif /* EXAMPLES_IPTE_CONTROL_H */
