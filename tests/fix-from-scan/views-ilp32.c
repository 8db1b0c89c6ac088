/*
 * Once-reads of structs with no member as wide as themselves whose layout
 * depends on the data model, for tests/t2494-fix-view-ilp32.t: rwonce
 * fix --from-scan views a struct through an unsigned scalar of its size
 * only where that is right on every target rwonce knows -- the LP64
 * ones, 32-bit ARM (long and pointers 4 bytes) and i386 (also: 8-byte
 * members 4-byte aligned) -- since the fixed source is compiled for all
 * of them, and its _Static_assert would reject it where not.  The word
 * is 4 bytes, 4-byte aligned everywhere: viewed.  The others are named
 * with the reason.  main() prints what the functions return.
 */
#include <stdio.h>

#define __READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define READ_ONCE(x) ({ __READ_ONCE(x); })

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

/* The same everywhere: 4 bytes, 4-byte aligned. */
struct word_bits {
	u32 owner:8;
	u8 next;
	u16 flags;
};

/* unsigned long bit-fields: 8 bytes, 8-byte aligned on LP64; on 32-bit
 * ARM and i386 two 4-byte units, 4-byte aligned. */
struct long_bits {
	unsigned long lo:20, hi:20;
};

/* A u64 bit-field: 8-byte aligned on LP64 and 32-bit ARM, 4-byte
 * aligned on i386. */
struct wide_bits {
	u64 seq:40;
	u8 tag;
};

/* unsigned long bit-field among narrow members: 8 bytes on LP64, 4 on
 * 32-bit ARM and i386. */
struct mixed_bits {
	unsigned long gen:8;
	u8 state;
	u16 count;
};

struct holder {
	struct word_bits w;
	struct long_bits l;
	struct wide_bits x;
	struct mixed_bits m;
};

unsigned word_sum(struct holder *h);
unsigned word_sum(struct holder *h)
{
	struct word_bits w = READ_ONCE(h->w);

	return w.owner + w.next + w.flags;
}

unsigned long long long_sum(struct holder *h);
unsigned long long long_sum(struct holder *h)
{
	struct long_bits l = READ_ONCE(h->l);

	return l.lo + l.hi;
}

unsigned long long wide_sum(struct holder *h);
unsigned long long wide_sum(struct holder *h)
{
	struct wide_bits x = READ_ONCE(h->x);

	return x.seq + x.tag;
}

unsigned mixed_sum(struct holder *h);
unsigned mixed_sum(struct holder *h)
{
	struct mixed_bits m = READ_ONCE(h->m);

	return m.gen + m.state + m.count;
}

/* The structs as globals, probed at their "(void)gN;" lines by the test
 * tool's layout modes (t2494 has the compilers check its answers). */
struct word_bits g1;
struct long_bits g2;
struct wide_bits g3;
struct mixed_bits g4;
void probes(void);
void probes(void)
{
	(void)g1;
	(void)g2;
	(void)g3;
	(void)g4;
}

int main(void)
{
	struct holder h = {
		.w = { .owner = 7, .next = 9, .flags = 0x100 },
		.l = { .lo = 0x12345, .hi = 0x54321 },
		.x = { .seq = 0x123456789ull, .tag = 3 },
		.m = { .gen = 5, .state = 6, .count = 700 },
	};

	printf("%x %llx %llx %x\n", word_sum(&h), long_sum(&h), wide_sum(&h),
	       mixed_sum(&h));
	return 0;
}
