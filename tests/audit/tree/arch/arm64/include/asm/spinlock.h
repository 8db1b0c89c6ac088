#ifndef __ASM_SPINLOCK_H
#define __ASM_SPINLOCK_H
static inline int arch_spin_is_locked(arch_spinlock_t *lock)
{
	arch_spinlock_t lockval = ACCESS_ONCE(*lock);	/* expect: nonscalar */

	return lockval.owner != lockval.next;
}
#endif
