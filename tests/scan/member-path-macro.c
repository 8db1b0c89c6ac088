/* Members a header gives a short name through an object-like macro
 * whose body is a member path, as Linux's net/sock.h does (#define
 * sk_state __sk_common.skc_state): the record's DWARF has no member of
 * the macro's name, so the object is typed through the path (t4550).
 * Through '.' as through '->'.  A name with two paths of different
 * members is not typed, nor one whose body indexes a member. */
#include <stdint.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) (*(volatile __typeof__(x) *)&(x) = (val))

struct common {
	uint64_t addrpair;
	uint32_t hash;
	uint16_t family;
	uint8_t state;
};

struct sock {
	struct common __sk_common;
	struct {
		uint32_t rmem_alloc;
	} sk_backlog;
	uint64_t stamp;
	uint32_t slots[2];
};

struct inet {
	struct sock sk;
};

#define sk_family	__sk_common.family
#define sk_state	__sk_common.state /* a note on the member */
#define sk_rmem_alloc	sk_backlog.rmem_alloc
#define sk_first	slots[0]
/* two headers, two members: which was compiled cannot be told */
#ifdef OTHER_LAYOUT
#define sk_when		__sk_common.hash
#else
#define sk_when		stamp
#endif

uint8_t get_state(struct sock *sk)
{
	return READ_ONCE(sk->sk_state);
}

void set_family(struct sock *sk, uint16_t f)
{
	WRITE_ONCE(sk->sk_family, f);
}

uint32_t get_rmem(struct sock *sk)
{
	return READ_ONCE(sk->sk_rmem_alloc);
}

uint64_t get_when(struct sock *sk)
{
	return READ_ONCE(sk->sk_when);
}

uint8_t inet_state(struct inet *in)
{
	return READ_ONCE(in->sk.sk_state) + 1;
}

uint32_t get_first(struct sock *sk)
{
	return READ_ONCE(sk->sk_first);
}
