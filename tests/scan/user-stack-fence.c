#include <lib/stkfence-gen.h>

struct gate {
	int open;
	int spare;
	uint64_t stamp;
};

void gate_open(struct gate *g)
{
	sf_store(&g->open, 1);
}

uint64_t gate_stamp(struct gate *g)
{
	return sf_load(&g->stamp);
}

void gate_bump(struct gate *g)
{
	sf_or_one(&g->spare);
	sf_store_odd(&g->spare, 2);
}
