/* A use of lib/archacc.h's accessor (tests/t4394-scan-user-arch-citation.t). */
#include <lib/archacc.h>

struct counter { unsigned int hits; };

unsigned int counter_hits(struct counter *c, unsigned int by)
{
	return arch_scaled(arch_load(&c->hits), by);
}
