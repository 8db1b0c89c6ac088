#ifndef _ASM_X86_SPINLOCK_H
#define _ASM_X86_SPINLOCK_H
#include <linux/compiler.h>
#include <asm/page.h>

static __always_inline int arch_spin_value_unlocked(arch_spinlock_t lock)
{
	return lock.tickets.head == lock.tickets.tail;
}

/* "__always_inline" before the type, and a parameter of the same name
 * but another type in the function above (Linux 3.17's trylock) */
static __always_inline int arch_spin_trylock(arch_spinlock_t *lock)
{
	arch_spinlock_t old;

	old.tickets = ACCESS_ONCE(lock->tickets);	/* expect: nonscalar */
	return old.tickets.head == old.tickets.tail;
}

static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	struct __raw_tickets tmp = ACCESS_ONCE(lock->tickets);	/* expect: nonscalar */

	return tmp.tail != tmp.head;
}

static inline int arch_spin_is_contended(arch_spinlock_t *lock)
{
	struct __raw_tickets tmp = ACCESS_ONCE(lock->tickets);	/* expect: nonscalar */

	return (__ticket_t)(tmp.tail - tmp.head) > 1;
}

static inline void arch_spin_unlock_wait(arch_spinlock_t *lock)
{
	__ticket_t head = ACCESS_ONCE(lock->tickets.head);	/* expect: scalar */

	while (ACCESS_ONCE(lock->tickets.tail) != head)	/* expect: scalar */
		cpu_relax();
}
#endif
