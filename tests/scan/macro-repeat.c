/*
 * Once-accesses in an argument of a macro that names its argument more
 * than once: the source asks for the access as many times as the
 * expansion evaluates it (bdwgc's FINAL_MARK_BIT(AO_load(&hhdr->hb_sz)),
 * gc_priv.h:2294).  Fixture for tests/t4531-scan-macro-repeat.t.
 */
#include <stdint.h>
#include "macro-repeat.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
/* twice, in the file itself */
#define TWICE(v) ((v) + (v))
/* named twice, evaluated once: sizeof's operand is not */
#define SIZED(v) (sizeof(v) + (v))
/* the condition evaluated before and after a call, in the shape of the
 * kernel's sk_wait_event(): the body's own loads of another member are
 * on the use's rows too */
#define WAIT_LIKE(h, cond) ({ uint32_t g_ = (h)->gen; int r_ = (cond); \
	left(); r_ = g_ == (h)->gen ? (cond) : -1; r_; })
/* named twice, once on each arm of a branch (the calls keep each
 * load on its arm) */
#define PICK(c, v) ((c) ? (left(), (v)) : (right(), (v)))

struct hdr {
	uint32_t gen, err;
	uint64_t sz;
	uint64_t n;
	uint64_t size;
	uint64_t arm;
};

uint64_t twice(struct hdr *h);
uint64_t sized(struct hdr *h);
uint64_t last_bit(struct hdr *h);
uint64_t twice_each(struct hdr *h, int n);
uint64_t pick(struct hdr *h, int c);
int wait_like(struct hdr *h);
void left(void);
void right(void);

uint64_t twice(struct hdr *h)
{
	return TWICE(READ_ONCE(h->sz));
}

uint64_t sized(struct hdr *h)
{
	return SIZED(READ_ONCE(h->n));
}

uint64_t last_bit(struct hdr *h)
{
	return LAST_BIT(READ_ONCE(h->size));
}

/* in a loop: two loads in one iteration are the source's two, not two
 * iterations unrolled */
uint64_t twice_each(struct hdr *h, int n)
{
	uint64_t s = 0;

	for (int i = 0; i < n; i++)
		s += TWICE(READ_ONCE(h[i].n));
	return s;
}

/* one load on each path: no duplicate, whatever the macro names */
uint64_t pick(struct hdr *h, int c)
{
	return PICK(c, READ_ONCE(h->arm));
}

/* two loads of err, as the source asks; gen's two are another member's */
int wait_like(struct hdr *h)
{
	return WAIT_LIKE(h, READ_ONCE(h->err) != 0);
}
