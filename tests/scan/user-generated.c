/* Uses of generated once-accessors, named with --macro
 * (tests/t4310-scan-user-accessors.t). */
#include <lib/gen.h>

struct g { uint32_t head, tail; uint64_t gen; };

uint32_t g_take(struct g *g, int *cnt)
{
	uint32_t h = lib_load_32(&g->head); (*cnt)--;
	lib_store_32(&g->tail, h + 1);
	return h + (uint32_t)lib_load_64(&g->gen);
}

uint64_t g_low(struct g *g)
{
	return lib_load_low_64(&g->gen);
}
