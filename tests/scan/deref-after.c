/*
 * A once-read whose value is dereferenced right after it, on the same
 * line: Linux's tcf_vlan_push_eth(), memcpy(dest,
 * rcu_dereference(to_vlan(a)->vlan_p)->tcfv_push_dst, ETH_ALEN).  The
 * 8-byte load of the pointer is the site's access; the 6-byte copy
 * through it (a 4-byte and a 2-byte load on x86-64) is of the object it
 * points to (tests/t4210-scan-deref-after.t).  push_pair is the control:
 * READ_ONCE of a struct reached through a loaded pointer, not
 * dereferenced after, stays torn under clang.
 */
#include "deref-after.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define rcu_dereference(p) READ_ONCE(p)

struct pair {
	unsigned int a, b;
};

struct vlan {
	int pad[2];
	unsigned char dst[6];
	unsigned char src[6];
	struct pair pair;
};

struct act {
	char pad[0xe0];
	struct vlan *vlan_p;
};

void push_eth(unsigned char *dest, const void *a);
void push_eth(unsigned char *dest, const void *a)
{
	__builtin_memcpy(dest, rcu_dereference(to_act(a)->vlan_p)->dst, 6);
}

unsigned int push_pair(const struct act *a);
unsigned int push_pair(const struct act *a)
{
	struct pair p = READ_ONCE(a->vlan_p->pair);

	return p.a + p.b;
}
