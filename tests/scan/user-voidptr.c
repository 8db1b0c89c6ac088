/* Calls of once-accessors whose parameter is a void *, as Concurrency
 * Kit's ck_pr_md_load_ptr(const void *) and ck_pr_md_store_ptr(void *,
 * const void *): the object is what the argument, written in the caller,
 * points to (tests/t4393-scan-user-void-param.t). */
#include <lib/ckgen.h>
#include <lib/vpobj.h>

void *vp_first(struct vp_ring *r)
{
	return ckg_load_ptr(&r->slot);
}

void vp_link(struct vp_ring *r, struct vp_ring *n)
{
	ckg_store_ptr(&r->next, n);
}

/* what p points to has no type: not knowable */
void *vp_opaque(void *p)
{
	return ckg_load_ptr(p);
}
