/* Calls of register-pointer asm accessors (tests/t4365-scan-user-regptr.t). */
#include <lib/regptr.h>

struct q { uint32_t head, tail; uint64_t seq, wide; };

uint32_t read_head(struct q *q)
{
	return reg_load_32(&q->head);
}

void write_tail(struct q *q, uint32_t v)
{
	reg_store_32(&q->tail, v);
}

uint64_t read_seq(struct q *q)
{
	return reg_load_named(&q->seq);
}

uint32_t read_low(struct q *q)
{
	return reg_load_low(&q->wide);
}

uint32_t read_next(struct q *q)
{
	return reg_load_next(&q->head);
}

uint32_t read_excl(struct q *q)
{
	return reg_load_excl(&q->head);
}
