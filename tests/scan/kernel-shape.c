/*
 * The Linux kernel's READ_ONCE on an aggregate, as include/asm-generic/
 * rwonce.h spells it for non-scalar types: a volatile access of the whole
 * object.  Fields are read from the copy afterwards, which is what lets
 * clang split the access.  Fixture for tests/t4020-scan-kernel-shape.t.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

/* A ticket lock: ARM's arch_spinlock_t. */
typedef struct {
	u16 owner;
	u16 next;
} ticket_lock_t;

/* Four bytes or one word: qspinlock's shape. */
union lock_word {
	struct {
		u8 locked, pending, tail_lo, tail_hi;
	};
	u32 val;
};

int ticket_is_locked(ticket_lock_t *lock);
int ticket_is_locked(ticket_lock_t *lock)
{
	ticket_lock_t t = READ_ONCE(*lock);

	return t.owner != t.next;
}

unsigned lock_word_sum(union lock_word *w);
unsigned lock_word_sum(union lock_word *w)
{
	union lock_word v = READ_ONCE(*w);

	return v.locked + v.pending + v.tail_lo + v.tail_hi;
}

/* A local variable: its volatile access goes through the stack, which is
 * not the shared object -- scan must say unattributed, not ok or elided. */
int local_once(int v);
int local_once(int v)
{
	return READ_ONCE(v);
}
