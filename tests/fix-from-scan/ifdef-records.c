/*
 * Ticket locks whose pair is declared under an #ifdef of the byte order,
 * as Linux declares them (arch/arm64/kvm/hyp/include/nvhe/spinlock.h,
 * arch/arm/include/asm/spinlock_types.h), for
 * tests/t4922-fix-ifdef-records.t.  Read both ways, the #ifdef makes each
 * pair look twice its size; fix --from-scan reads one branch when every
 * branch declares the same members, so it finds the u32 beside the pair.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef unsigned short u16;
typedef unsigned int u32;

/* The nVHE hypervisor's lock: a union of the word and the pair. */
typedef union hyp_spinlock {
	u32 __val;
	struct {
#ifdef __AARCH64EB__
		u16 next, owner;
#else
		u16 owner, next;
#endif
	};
} hyp_spinlock_t;

/* 32-bit ARM's: a struct whose only member is an anonymous union. */
typedef struct {
	union {
		u32 slock;
		struct __raw_tickets {
#ifdef __ARMEB__
			u16 next;
			u16 owner;
#else
			u16 owner;
			u16 next;
#endif
		} tickets;
	};
} arch_spinlock_t;

/* Branches that differ: no size can be told, so no alias. */
struct differ {
#ifdef CONFIG_WIDE
	u32 a;
#else
	u16 a;
#endif
};

int hyp_spin_is_locked(hyp_spinlock_t *lock);
int hyp_spin_is_locked(hyp_spinlock_t *lock)
{
	hyp_spinlock_t lockval = READ_ONCE(*lock);

	return lockval.owner != lockval.next;
}

static int arch_spin_value_unlocked(arch_spinlock_t lock)
{
	return lock.tickets.owner == lock.tickets.next;
}

int arch_spin_is_locked(arch_spinlock_t *lock);
int arch_spin_is_locked(arch_spinlock_t *lock)
{
	return !arch_spin_value_unlocked(READ_ONCE(*lock));
}

int arch_spin_is_contended(arch_spinlock_t *lock);
int arch_spin_is_contended(arch_spinlock_t *lock)
{
	struct __raw_tickets tickets = READ_ONCE(lock->tickets);

	return (tickets.next - tickets.owner) > 1;
}

int differ_a(struct differ *d);
int differ_a(struct differ *d)
{
	return READ_ONCE(*d).a;
}
