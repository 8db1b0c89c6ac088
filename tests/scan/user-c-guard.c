#include <lib/cguard.h>

struct gate {
	uint32_t head, tail;
};

uint32_t gate_head(struct gate *g)
{
	return cg_load(&g->head);
}

void gate_tail(struct gate *g, uint32_t v)
{
	cg_store(&g->tail, v);
}
