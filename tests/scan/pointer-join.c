/*
 * The shape of Linux's sk_get_wmem0() (include/net/sock.h) under clang
 * -O2: one branch adds an offset to a pointer it loads (an 8-byte memory
 * operand, on the READ_ONCE's row) and jumps to the 4-byte load that the
 * other branch shares, on the other READ_ONCE's row.  The add is the
 * way to the object, not a widened read of it
 * (tests/t4180-scan-pointer-load.t).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct net {
	int pad[8];
};

struct proto {
	long pad[30];
	int *sysctl_wmem;
	long pad2[3];
	int sysctl_wmem_offset;
};

struct sock {
	long pad[6];
	struct net *net;
};

static inline int get_wmem0(const struct sock *sk, const struct proto *proto)
{
	if (proto->sysctl_wmem_offset)
		return READ_ONCE(*(int *)((char *)sk->net +
					  proto->sysctl_wmem_offset));
	return READ_ONCE(*proto->sysctl_wmem);
}

int raise_allocated(struct sock *sk, struct proto *prot, int amt,
		    long *alloc);
int raise_allocated(struct sock *sk, struct proto *prot, int amt,
		    long *alloc)
{
	if (amt > 10) {
		int w = get_wmem0(sk, prot);

		if (*alloc < w)
			return 1;
	}
	return 0;
}
