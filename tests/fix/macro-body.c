/*
 * ACCESS_ONCE inside macro bodies (issue #12).  Converted where the body
 * itself makes the access a read or a write -- the shapes of Linux 3.17's
 * spinlock.h, jbd2 and barrier.h, and perfbook's rcu_assign_pointer --
 * and left where each use of the macro decides, or where the macro is a
 * once-primitive itself.  Every macro is used below, so the fixed file is
 * compiled too (t2301).  It defines READ_ONCE/WRITE_ONCE itself: nothing
 * is added.
 */
#include "kernel-access-once.h"
struct lock { int lock; };
struct journal_block { struct { unsigned long long sector; } u; };
struct ring { int head; };

#define barrier_() __asm__ __volatile__("" ::: "memory")
#define cpu_to_le64_(x) ((unsigned long long)(x))

/* Converted: a read, compared inside the body. */
#define arch_write_can_lock(x) (ACCESS_ONCE((x)->lock) == 0)
/* Converted: a write, a whole statement inside do { } while (0). */
#define je_set_sector(je, x) do { barrier_(); ACCESS_ONCE((je)->u.sector) = cpu_to_le64_(x); } while (0)
/* Converted: barrier.h's store-release (a write) and load-acquire (a read). */
#define smp_store_release_(p, v)					\
do {									\
	barrier_();							\
	ACCESS_ONCE(*p) = (v);						\
} while (0)
#define smp_load_acquire_(p)						\
({									\
	__typeof__(*p) ___p1 = ACCESS_ONCE(*p);				\
	barrier_();							\
	___p1;								\
})
/* Converted: perfbook's rcu_assign_pointer, a write in a statement expression. */
#define rcu_assign_pointer_(p, v) ({ barrier_(); ACCESS_ONCE(p) = (v); })
/* Converted: an object-like macro reading in an expression. */
#define LOCK_FREE (!ACCESS_ONCE(global_lock.lock))
/* Converted: a loop condition. */
#define spin_until_set(x) do { barrier_(); } while (!ACCESS_ONCE(x))

/* Left: the body is the access, so each use decides. */
#define RING_HEAD(r) ACCESS_ONCE((r)->head)
#define PARENS(x) ((ACCESS_ONCE(x)))
/* Left: the once-primitives themselves. */
#ifndef READ_ONCE
#define READ_ONCE(x) ({ __typeof__(x) ___x = ACCESS_ONCE(x); ___x; })
#define WRITE_ONCE(x, val) ({ ACCESS_ONCE(x) = (val); })
#endif
/* Left: a parameter before the access may be any operator. */
#define APPLY(op, x) (op ACCESS_ONCE(x))
/* Left: what cannot be converted anywhere. */
#define BUMP(x) ACCESS_ONCE(x)++
#define ADDR(x) (&ACCESS_ONCE(x))
/* Left: an assignment with no ';': its value may be used. */
#define SET(x, v) ACCESS_ONCE(x) = (v)

struct lock global_lock;

int use_them(struct lock *l, struct journal_block *j, int *p, int **pp,
	     int *q, struct ring *r, int x)
{
	int v = 0;

	v += arch_write_can_lock(l);
	je_set_sector(j, 5);
	smp_store_release_(p, 3);
	v += smp_load_acquire_(p);
	rcu_assign_pointer_(*pp, q);
	v += LOCK_FREE;
	if (v > 100)
		spin_until_set(x);
	v += RING_HEAD(r);
	RING_HEAD(r) = 2;
	v += PARENS(x);
	PARENS(x) = 1;
	v += APPLY(-, x);
	BUMP(x);
	v += *ADDR(x);
	SET(x, 4);
	v += READ_ONCE(x);
	WRITE_ONCE(x, 5);
	return v;
}
