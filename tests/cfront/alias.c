/* type_index_scalar_alias: which scalar a once-access of an aggregate can
 * be spelled on (tests/t2010-cfront-typeindex.t, cfront-test alias). */
typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long long u64;

union word { struct { u8 a, b, c, d; } bytes; u32 val; };
struct wrapped { u32 counter; };
struct pair { u16 lo, hi; };
union only_bits { u32 all : 32; struct pair p; };
union wide { u64 whole; u32 half[2]; struct { u32 lo, hi; } parts; };
struct tickets { u16 owner, next; };
union arch_lock { u16 half; u32 slock; struct tickets tickets; };
union small_lock { u16 half; struct tickets tickets; };
typedef struct { int before; union { u32 slock; struct tickets tickets; }; } anon_lock_t;
struct plain { struct tickets tickets; u32 other; };

int f(union word *w, struct wrapped *c, struct pair *p, union only_bits *o,
      union wide *x, union arch_lock *l, union small_lock *s, anon_lock_t *a,
      struct plain *q)
{
	return *w + *c + *p + *o + *x + l->tickets + s->tickets + a->tickets + q->tickets;
}

union ptr_lock { u64 word; struct tickets *tp; };
int g(union ptr_lock *r)
{
	return r->tp;
}
