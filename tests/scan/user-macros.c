/* Uses of a macro-only header's forwarding and variadic once-macros
 * (tests/t4300-scan-user-discovery.t). */
#include <lib/types.h>
#include <lib/compiler.h>

unsigned int pair_sum(struct pair *p)
{
	struct pair v = LOAD(p);
	return v.a + v.b;
}

unsigned long long wide_get(unsigned long long *w)
{
	return LOAD_V(w);
}

void pair_set(struct pair *p, unsigned int a)
{
	STORE(&p->a, a);
}

unsigned int narrow_lo(struct narrow *n)
{
	return LOAD_U32(&n->lo);
}

unsigned int narrow_wide(struct narrow *n)
{
	return LOAD_U32(&n->wide);
}
