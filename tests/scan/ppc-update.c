/*
 * The source of the POWER assembly in tests/t4400-scan-ppc-update.t,
 * which puts its loads and stores on these lines: a ticket lock's two
 * halves, read or written once, through a base that an update form
 * (lhzu, lhzux, lwzu, sthu) wrote back.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

typedef struct {
	unsigned short owner, next;
} ticket_lock_t;

int read_update(ticket_lock_t *l)
{
	ticket_lock_t t = READ_ONCE(*l);

	return t.owner != t.next;
}

void write_update(ticket_lock_t *l, ticket_lock_t t)
{
	WRITE_ONCE(*l, t);
}
