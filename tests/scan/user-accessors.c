/* Calls of a library's once-accessor functions
 * (tests/t4310-scan-user-accessors.t). */
#include <lib/access.h>

struct q { uint32_t head, tail; uint64_t gen; };

/* the argument's code and an unrelated counter's store on the use line:
 * the access itself is in the header, inside the inlined body */
uint32_t take(struct q *q, int *cnt)
{
	uint32_t h = load_32(&q->head); (*cnt)--;
	store_32(&q->tail, h + 1);
	return h;
}

uint32_t peek(struct q *q)
{
	return load_32_asm(&q->tail);
}

uint64_t gen(struct q *q)
{
	return load_64_atomic(&q->gen);
}

uint64_t gen_low(struct q *q)
{
	return load_64_low(&q->gen);
}
