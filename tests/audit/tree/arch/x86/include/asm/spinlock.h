#ifndef _ASM_X86_SPINLOCK_H
#define _ASM_X86_SPINLOCK_H
#include <linux/compiler.h>
#include <asm/page.h>

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
