/*
 * Assignments of a once-read union, chained and not, in the shape of
 * Linux's KVM XICS code (arch/powerpc/kvm/book3s_xics.c: "Atomic ICP
 * state, updated with a single compare & swap"), for
 * tests/t2490-fix-chained-assignment.t.  clang -O2 reads the union one
 * bit-field unit at a time; `rwonce fix --from-scan` reads its unsigned
 * long and splits a chain that stands alone into that read and copies.
 * main() runs every function and prints what they return, so that the
 * fixed program can be checked to do what this one does.
 */
#include <stdio.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

typedef unsigned char u8;
typedef unsigned int u32;

union icp_state {
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

struct icp {
	int server;
	union icp_state state;
};

struct core {
	union icp_state rm_state;
	int pad;
};

/* The cmpxchg loop: read, compute from the fields, install. */
unsigned long icp_set_cppr(struct icp *icp, unsigned char cppr);
unsigned long icp_set_cppr(struct icp *icp, unsigned char cppr)
{
	union icp_state old_state, new_state;

	do {
		old_state = new_state = READ_ONCE(icp->state);

		new_state.cppr = cppr;
		if (cppr <= new_state.pending_pri)
			new_state.xisr = 0;
	} while (!__atomic_compare_exchange_n(&icp->state.raw, &old_state.raw,
					      new_state.raw, 0,
					      __ATOMIC_SEQ_CST,
					      __ATOMIC_SEQ_CST));
	return old_state.xisr | ((unsigned long)old_state.cppr << 24);
}

/* One target, no cmpxchg (kvmppc_h_ipoll). */
unsigned long icp_poll(struct icp *icp);
unsigned long icp_poll(struct icp *icp)
{
	union icp_state state;

	state = READ_ONCE(icp->state);
	return ((unsigned long)state.cppr << 24) | state.xisr | state.mfrr;
}

/* The operand with a subscript (grab_next_hostcore). */
int core_grab(struct core *rm_core, int start, int max);
int core_grab(struct core *rm_core, int start, int max)
{
	union icp_state old, new;
	int core;

	for (core = start + 1; core < max; core++) {
		old = new = READ_ONCE(rm_core[core].rm_state);

		if (!old.out_ee || old.mfrr)
			continue;
		new.mfrr = 1;
		if (__atomic_compare_exchange_n(&rm_core[core].rm_state.raw,
						&old.raw, new.raw, 0,
						__ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			return core;
	}
	return -1;
}

/* A chain as the body of an if: one statement cannot become two there,
 * so the chain is kept. */
unsigned long icp_peek(struct icp *icp, int fresh);
unsigned long icp_peek(struct icp *icp, int fresh)
{
	union icp_state a = { .raw = 0 }, b = { .raw = 0 };

	if (fresh)
		a = b = READ_ONCE(icp->state);
	return a.cppr + b.mfrr + a.xisr;
}

/* A chain whose first target is a global: splitting it would read the
 * global back, so the chain is kept. */
union icp_state last_state;
unsigned long icp_note(struct icp *icp);
unsigned long icp_note(struct icp *icp)
{
	union icp_state state;

	last_state = state = READ_ONCE(icp->state);
	return state.cppr + state.xisr + state.mfrr;
}

int main(void)
{
	struct icp icp = { .server = 3 };
	struct core cores[4] = { { .rm_state = { .raw = 0 } } };
	unsigned long got;

	icp.state.cppr = 0xff;
	icp.state.mfrr = 0x12;
	icp.state.pending_pri = 0x40;
	icp.state.xisr = 0x1234;
	cores[2].rm_state.out_ee = 1;
	got = icp_set_cppr(&icp, 0x20);
	printf("set_cppr %lx state %lx\n", got, icp.state.raw);
	got = icp_set_cppr(&icp, 0x60);
	printf("set_cppr %lx state %lx\n", got, icp.state.raw);
	printf("poll %lx\n", icp_poll(&icp));
	printf("grab %d", core_grab(cores, 0, 4));
	printf(" %d state %lx\n", core_grab(cores, 0, 4), cores[2].rm_state.raw);
	printf("peek %lx", icp_peek(&icp, 1));
	printf(" %lx\n", icp_peek(&icp, 0));
	printf("note %lx last %lx\n", icp_note(&icp), last_state.raw);
	return 0;
}
