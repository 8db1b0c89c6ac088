/*
 * The source of the assembly in tests/t4100-scan-address-arithmetic.t,
 * which puts its loads on these READ_ONCE lines: the two halves of a
 * ticket lock, one through the lock's register, one through a register
 * formed from it (or, in chased(), loaded from memory: another object).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef struct {
	unsigned short owner, next;
} ticket_lock_t;

int formed(ticket_lock_t *l)
{
	ticket_lock_t t = READ_ONCE(*l);

	return t.owner != t.next;
}

int chased(ticket_lock_t *l)
{
	ticket_lock_t t = READ_ONCE(*l);

	return t.owner != t.next;
}
