/*
 * Chained assignments of a once-read union whose first target outlives
 * the call (tests/t2493-fix-chained-static.t): a function's static, a
 * thread-local static and a block-scope extern are one object that every
 * call (and, but the thread-local one, every thread) shares, as a global
 * is, so `rwonce fix --from-scan` keeps these chains (splitting one would
 * read the shared object back) and says why (an automatic first target
 * is split: t2490).  main() prints what the functions return.
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

/* A static of the function: kept. */
unsigned long note_static(struct icp *icp);
unsigned long note_static(struct icp *icp)
{
	static union icp_state last;
	union icp_state state;

	last = state = READ_ONCE(icp->state);
	return state.cppr + last.xisr;
}

/* A thread-local static: one object for every call of this thread. */
unsigned long note_thread(struct icp *icp);
unsigned long note_thread(struct icp *icp)
{
	static __thread union icp_state mine;
	union icp_state state;

	mine = state = READ_ONCE(icp->state);
	return state.mfrr + mine.cppr;
}

/* A block-scope extern names the global. */
union icp_state seen;
unsigned long note_extern(struct icp *icp);
unsigned long note_extern(struct icp *icp)
{
	extern union icp_state seen;
	union icp_state state;

	seen = state = READ_ONCE(icp->state);
	return state.xisr + seen.mfrr;
}

int main(void)
{
	struct icp icp = { .server = 3 };

	icp.state.cppr = 0xff;
	icp.state.mfrr = 0x12;
	icp.state.pending_pri = 0x40;
	icp.state.xisr = 0x1234;
	printf("static %lx\n", note_static(&icp));
	printf("thread %lx\n", note_thread(&icp));
	printf("extern %lx seen %lx\n", note_extern(&icp), seen.raw);
	return 0;
}
