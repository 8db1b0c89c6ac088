/*
 * Two once-accesses on one line (tests/t4060-scan-columns.t): with column
 * information each is its own site; without it they are checked together
 * and the finding says so.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef struct {
	unsigned short owner, next;
} ticket_lock_t;

int two_locks(ticket_lock_t *a, ticket_lock_t *b);
int two_locks(ticket_lock_t *a, ticket_lock_t *b)
{
	ticket_lock_t x = READ_ONCE(*a), y = READ_ONCE(*b);

	return x.owner != x.next && y.owner != y.next;
}
