/*
 * READ_ONCE/WRITE_ONCE as the kernel defines them -- volatile casts -- on
 * structs and unions (issue #12).  "expect: may-split" marks an access of
 * an aggregate that uses more than one storage unit (the compiler may
 * read or write it one unit at a time); "expect: one-unit" one that uses
 * a single unit.  Each function accesses *p once, so the generated code
 * shows which ones clang splits (t3008 counts the loads and stores).
 */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

struct pair16 { u16 a, b; };
struct pair32 { u32 a, b; };
struct one64 { u64 v; };
union ticket { u32 slock; struct { u16 owner, next; } t; };
union bytes { u8 b[4]; u32 w; };
union halves { u64 v; struct { u32 lo, hi; } h; };
union same { u32 a; s32 b; };
union ipte_control {
	unsigned long val;
	struct {
		unsigned long k  : 1;
		unsigned long kh : 31;
		unsigned long kg : 32;
	};
};
struct packed_bits { u32 a : 16, b : 16; };
typedef struct { u32 pte; } pte_t;
/* Anonymous members (C11): the member counts with its own units. */
struct anon_word { union { u32 word; struct { u16 lo, hi; }; }; };
struct anon_one { union { u32 a; s32 b; }; };
struct anon_bits { union { u32 val; struct { u32 x : 16, y : 16; }; }; };
struct anon_nested { struct { union { u32 w; struct { u8 c0, c1, c2, c3; }; }; }; };

int r_pair16(struct pair16 *p)
{
	struct pair16 v = READ_ONCE(*p);	/* expect: may-split */
	return v.a + v.b;
}

int r_pair32(struct pair32 *p)
{
	struct pair32 v = READ_ONCE(*p);	/* expect: may-split */
	return (int)(v.a + v.b);
}

int r_one64(struct one64 *p)
{
	struct one64 v = READ_ONCE(*p);	/* expect: one-unit */
	return (int)(v.v >> 3);
}

int r_ticket(union ticket *p)
{
	union ticket v = READ_ONCE(*p);	/* expect: may-split */
	return v.t.owner - v.t.next;
}

int r_bytes(union bytes *p)
{
	union bytes v = READ_ONCE(*p);	/* expect: may-split */
	return v.b[1] + v.b[3];
}

int r_halves(union halves *p)
{
	union halves v = READ_ONCE(*p);	/* expect: may-split */
	return (int)(v.h.lo + v.h.hi);
}

int r_same(union same *p)
{
	union same v = READ_ONCE(*p);	/* expect: one-unit */
	return v.b + (int)v.a;
}

int r_ipte(union ipte_control *p)
{
	union ipte_control v = READ_ONCE(*p);	/* expect: one-unit */
	return (int)(v.kg + v.k);
}

int r_packed_bits(struct packed_bits *p)
{
	struct packed_bits v = READ_ONCE(*p);	/* expect: one-unit */
	return (int)(v.a + v.b);
}

int r_pte(pte_t *p)
{
	pte_t v = READ_ONCE(*p);	/* expect: one-unit */
	return (int)v.pte;
}

void w_pair32(struct pair32 *p, u32 a, u32 b)
{
	struct pair32 v = { a, b };

	WRITE_ONCE(*p, v);	/* expect: may-split */
}

int r_anon_word(struct anon_word *p)
{
	struct anon_word v = READ_ONCE(*p);	/* expect: may-split */
	return v.lo - v.hi;
}

int r_anon_one(struct anon_one *p)
{
	struct anon_one v = READ_ONCE(*p);	/* expect: one-unit */
	return v.b + (int)v.a;
}

int r_anon_bits(struct anon_bits *p)
{
	struct anon_bits v = READ_ONCE(*p);	/* expect: one-unit */
	return (int)(v.x + v.y);
}

int r_anon_nested(struct anon_nested *p)
{
	struct anon_nested v = READ_ONCE(*p);	/* expect: may-split */
	return v.c0 + v.c3;
}
