/*
 * The objects of tests/scan/user-voidptr.c, in a header reached through
 * <...> as ck's <ck_barrier.h> is: the sources' type index does not read
 * it, so only the DWARF types them (tests/t4393-scan-user-void-param.t).
 */
#ifndef USER_LIB_VPOBJ_H
#define USER_LIB_VPOBJ_H

struct vp_ring {
	unsigned int n;
	void *slot;
	struct vp_ring *next;
	void *spare, *other;
};

#endif
