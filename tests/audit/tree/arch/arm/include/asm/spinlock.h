#ifndef __ASM_SPINLOCK_H
#define __ASM_SPINLOCK_H
static inline int arch_spin_is_contended(arch_spinlock_t *lock)
{
	struct __raw_tickets tickets = ACCESS_ONCE(lock->tickets);	/* expect: nonscalar */

	return (tickets.next - tickets.owner) > 1;
}

static inline int arch_spin_value_unlocked(arch_spinlock_t *lock)
{
	return ACCESS_ONCE(lock->tickets.owner) == ACCESS_ONCE(lock->tickets.next);	/* expect: scalar */
}

/* The 6.1 spelling: READ_ONCE, a volatile cast in the kernel. */
static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	struct __raw_tickets tickets = READ_ONCE(lock->tickets);	/* expect: may-split */

	return tickets.owner != tickets.next;
}
#endif
