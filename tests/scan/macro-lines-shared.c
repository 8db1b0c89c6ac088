/*
 * Two reads of one object in one macro use whose argument spans two
 * lines (tests/t4591-*.t).  Linux 6.1's tcp_rcv_state_process():
 *
 *	WARN_ON_ONCE(sk->sk_state != TCP_SYN_RECV &&
 *	    sk->sk_state != TCP_FIN_WAIT1);
 *
 * gcc 12 and clang 19 give all the code of the use its first line and
 * the macro name's column, before the first site: both loads went to
 * the first site ("duplicated") and the second site had none
 * ("optimised out").  Each site has its one load.
 *
 * warn_state(): the volatile member read twice (--volatile-objects);
 * warn_once(): the same with READ_ONCE of a plain member;
 * warn_one_line(): both reads on one line -- the line's two sites
 * judged together, as one instance (FreeRTOS's tasks.c:7713 shape).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define unlikely(x) __builtin_expect(!!(x), 0)
#define WARN_ON_ONCE(c) ({ int w_ = !!(c); if (unlikely(w_)) warn_here(); unlikely(w_); })

void warn_here(void);

struct sock {
	int pad;
	volatile unsigned char sk_state;
	unsigned char plain;
};

int warn_state(struct sock *sk)
{
	WARN_ON_ONCE(sk->sk_state != 3 &&
		     sk->sk_state != 4);
	return 0;
}

int warn_once(struct sock *sk)
{
	WARN_ON_ONCE(READ_ONCE(sk->plain) != 3 &&
		     READ_ONCE(sk->plain) != 4);
	return 0;
}

int warn_one_line(struct sock *sk)
{
	WARN_ON_ONCE(sk->sk_state != 5 && sk->sk_state != 6);
	return 0;
}
