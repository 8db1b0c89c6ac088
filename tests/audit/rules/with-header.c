/* Types from a local header (#include "local.h"), resolved across files. */
#include "local.h"
#include "does-not-exist.h"

u32 poll_ring(struct ring *r)
{
	pair_t p = ACCESS_ONCE(r->pair);         /* struct, from local.h */
	u32 h = ACCESS_ONCE(rings->head);         /* a global of local.h */
	u32 v = *(volatile u32 *)&r->head;        /* exact: READ_ONCE(r->head) */
	return h + v + p.lo;
}
