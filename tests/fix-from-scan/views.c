/*
 * Once-accesses of structs with no scalar member of their size, for
 * tests/t2491-fix-scalar-view.t.  clang -O2 splits each into one access
 * per field.  `rwonce fix --from-scan` reads and writes the word with a
 * u32 bit-field whole through an unsigned int laid over it (4 bytes,
 * 4-byte aligned), and names the others with the reason: the u16 pair and the
 * nft_synproxy-like settings are only 2-byte aligned, the mlxsw-like
 * seed pair 8 bytes but 4-byte aligned (where only its user_seed is
 * used, that member is read alone), the 12-byte triple has no scalar of
 * its size, and the aligned(4) pair carries an attribute fix does not
 * model.  main() runs every function and prints what they
 * return, so that the fixed program can be checked to do what this one
 * does.
 */
#include <stdio.h>

/* The kernel's: the statement expression makes the whole copy happen
 * even where one member of it is used. */
#define __READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) ({ __READ_ONCE(x); })
#define WRITE_ONCE(x, val)                                                \
	do {                                                              \
		*(volatile __typeof__(x) *)&(x) = (val);                  \
	} while (0)

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

/* A u32 bit-field and narrower members: 4 bytes, 4-byte aligned (the
 * bit-field's declared type), and no member is a scalar of 4 bytes. */
struct word_bits {
	u32 owner:8;
	u8 next;
	u16 flags;
};

/* nf_synproxy_info: 4 bytes, 2-byte aligned. */
struct syn_info {
	u8 options;
	u8 wscale;
	u16 mss;
};

/* sysctl_fib_multipath_hash_seed: 8 bytes, 4-byte aligned. */
struct seed_pair {
	u32 user_seed;
	u32 mp_seed;
};

struct triple {
	u32 a, b, c;
};

struct aligned_pair {
	u16 lo, hi;
} __attribute__((aligned(4)));

struct holder {
	int id;
	struct word_bits w;
	struct syn_info info;
	struct seed_pair seed;
	struct triple t;
	struct aligned_pair ap;
};

u32 word_spread(struct holder *h);
u32 word_spread(struct holder *h)
{
	struct word_bits w = READ_ONCE(h->w);

	return w.next - w.owner + w.flags;
}

void word_store(struct holder *h, u32 owner, u32 next);
void word_store(struct holder *h, u32 owner, u32 next)
{
	struct word_bits w = { .owner = owner, .next = next, .flags = 3 };

	WRITE_ONCE(h->w, w);
}

u32 syn_mss(struct holder *h);
u32 syn_mss(struct holder *h)
{
	struct syn_info info = READ_ONCE(h->info);

	return info.options + info.wscale + info.mss;
}

u32 seed_sum(struct holder *h);
u32 seed_sum(struct holder *h)
{
	struct seed_pair s = READ_ONCE(h->seed);

	return s.user_seed ^ s.mp_seed;
}

/* mlxsw_sp_mp_hash_init(): one member of the read is used. */
u32 seed_user(struct holder *h);
u32 seed_user(struct holder *h)
{
	return READ_ONCE(h->seed).user_seed;
}

u32 triple_sum(struct holder *h);
u32 triple_sum(struct holder *h)
{
	struct triple t = READ_ONCE(h->t);

	return t.a + t.b + t.c;
}

u32 pair_diff(struct holder *h);
u32 pair_diff(struct holder *h)
{
	struct aligned_pair p = READ_ONCE(h->ap);

	return p.hi - p.lo;
}

int main(void)
{
	struct holder h = {
		.w = { .owner = 5, .next = 9, .flags = 1 },
		.info = { 2, 7, 1460 },
		.seed = { 0x1234, 0x5678 },
		.t = { 1, 2, 3 },
		.ap = { 4, 10 },
	};

	printf("spread %u\n", word_spread(&h));
	word_store(&h, 100, 140);
	printf("spread %u\n", word_spread(&h));
	printf("mss %u", syn_mss(&h));
	printf(" seed %x", seed_sum(&h));
	printf(" user %x", seed_user(&h));
	printf(" triple %u", triple_sum(&h));
	printf(" pair %u\n", pair_diff(&h));
	return 0;
}
