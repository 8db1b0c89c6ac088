/* Elements of arrays of several dimensions, through a local pointer
 * (t4574): typed by the DWARF, the element's type after all the
 * subscripts. */
#include "array-rows.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))

void set_size(struct vec *v, int gen, int type, int zone, int64_t delta)
{
	struct gens *lrugen = &v->g;

	WRITE_ONCE(lrugen->nr_pages[gen][type][zone], delta);
}

int64_t size_of(struct vec *v, int gen, int type, int zone)
{
	struct gens *lrugen = &v->g;

	return READ_ONCE(lrugen->nr_pages[gen][type][zone]);
}

void set_tier(struct vec *v, int type, int tier, uint16_t n)
{
	struct gens *lrugen = &v->g;

	WRITE_ONCE(lrugen->tiers[type][tier], n);
}
