/*
 * Linux 6.12's KVM XICS on ppc64le (arch/powerpc/kvm/book3s_xics.h and
 * book3s_xics.c, icp_down_cppr): the ICP state, "updated with a single
 * compare & swap", read with the kernel's READ_ONCE -- a volatile read
 * of the whole union -- and fed to a cmpxchg loop, the seed's shape.
 * clang 19 -O2 reads it as lbzu r9, 16(r8) and then through the written
 * back r8: lbz r10, 1(r8) is byte 17 of *icp (tests/t4400-*.t).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef unsigned char u8;
typedef unsigned int u32;
typedef unsigned long u64;

union kvmppc_icp_state {
	unsigned long raw;
	struct {
		u8 out_ee:1;
		u8 need_resend:1;
		u8 cppr;
		u8 mfrr;
		u8 pending_pri;
		u32 xisr;
	};
};

struct kvmppc_icp {
	void *vcpu;
	unsigned long server_num;
	union kvmppc_icp_state state;
};

/* arch/powerpc/include/asm/cmpxchg.h's __cmpxchg_u64, without barriers */
static inline u64 cmpxchg64(volatile u64 *p, u64 old, u64 new)
{
	u64 prev;

	__asm__ __volatile__("1:	ldarx	%0,0,%2\n"
			     "	cmpd	0,%0,%3\n"
			     "	bne-	2f\n"
			     "	stdcx.	%4,0,%2\n"
			     "	bne-	1b\n"
			     "2:"
			     : "=&r"(prev), "+m"(*p)
			     : "r"(p), "r"(old), "r"(new)
			     : "cc", "memory");
	return prev;
}

static int icp_try_update(struct kvmppc_icp *icp, union kvmppc_icp_state old,
			  union kvmppc_icp_state new)
{
	return cmpxchg64(&icp->state.raw, old.raw, new.raw) == old.raw;
}

void icp_down_cppr(struct kvmppc_icp *icp, u8 new_cppr)
{
	union kvmppc_icp_state old_state, new_state;

	do {
		old_state = new_state = READ_ONCE(icp->state);
		new_state.cppr = new_cppr;
		if (new_state.mfrr < new_cppr &&
		    new_state.mfrr <= new_state.pending_pri) {
			new_state.pending_pri = new_state.mfrr;
			new_state.xisr = 2;
		}
		new_state.out_ee = new_state.xisr &&
			new_state.pending_pri < new_state.cppr;
	} while (!icp_try_update(icp, old_state, new_state));
}
