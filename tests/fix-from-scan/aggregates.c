/*
 * Once-accesses of structs and unions as the Linux kernel spells them
 * (include/asm-generic/rwonce.h: a volatile access of the whole object),
 * for tests/t2320-fix-from-scan.t.  clang -O2 splits each into one
 * access per field; `rwonce fix --from-scan` spells the unions' through
 * their u32 and names the plain struct it cannot fix.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val)                                                \
	do {                                                              \
		*(volatile __typeof__(x) *)&(x) = (val);                  \
	} while (0)

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

/* A union with a scalar member of its size: the kernel's rcu_special. */
union lock_word {
	struct {
		u8 locked, pending, tail_lo, tail_hi;
	} b;
	u32 val;
};

/* A struct inside such a union: ARM's arch_spinlock_t. */
struct tickets {
	u16 owner, next;
};
typedef struct {
	union {
		u32 slock;
		struct tickets tickets;
	};
} ticket_spinlock_t;

/* A plain two-field struct: no scalar of its size anywhere. */
struct pair {
	u16 lo, hi;
};

int word_busy(union lock_word *w);
int word_busy(union lock_word *w)
{
	union lock_word v = READ_ONCE(*w);

	return v.b.locked + v.b.pending + v.b.tail_lo + v.b.tail_hi;
}

static int sum_of(union lock_word v)
{
	return v.b.locked + v.b.pending + v.b.tail_lo + v.b.tail_hi;
}

int word_sum(union lock_word *w);
int word_sum(union lock_word *w)
{
	return sum_of(READ_ONCE(*w));
}

int ticket_locked(ticket_spinlock_t *lock);
int ticket_locked(ticket_spinlock_t *lock)
{
	struct tickets t = READ_ONCE(lock->tickets);

	return t.owner != t.next;
}

int pair_differs(struct pair *p);
int pair_differs(struct pair *p)
{
	struct pair v = READ_ONCE(*p);

	return v.lo != v.hi;
}

void word_set(union lock_word *w, u8 locked, u8 pending);
void word_set(union lock_word *w, u8 locked, u8 pending)
{
	union lock_word v = { .b = { locked, pending, 0, 0 } };

	WRITE_ONCE(*w, v);
}

/* A scalar: nothing for fix --from-scan to edit (t2320 names it in a
 * scan result of its own). */
u32 counter_read(u32 *c);
u32 counter_read(u32 *c)
{
	return READ_ONCE(*c);
}
