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

/* the argument a call of a function of the unit, as ck_rhs.c's
 * ck_pr_store_ptr(ck_rhs_entry_addr(map, slot), v): what it returns */
static inline void **vp_slot_of(struct vp_ring *r)
{
	return r->n ? &r->slot : &r->spare;
}

void vp_set_slot(struct vp_ring *r, void *v)
{
	ckg_store_ptr(vp_slot_of(r), v);
}

/* a macro of the file of that name is what the call is (the
 * preprocessor expands it): typed from its expansion, never from the
 * function's return type */
#define vp_next_of(r) (&(r)->other)
static inline void **(vp_next_of)(struct vp_ring *r)
{
	return r->n ? &r->spare : &r->other;
}

void vp_set_next(struct vp_ring *r, void *v)
{
	ckg_store_ptr(vp_next_of(r), v);
}
