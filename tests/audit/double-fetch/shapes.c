/*
 * double-fetch: the common shapes of one shared word read twice (each
 * must be reported once, at the second read), and near misses that must
 * not be reported.  Issue #12.
 */
typedef unsigned int u32;
struct ring { u32 *wb; u32 shared[16]; };

void use(u32 v);
u32 consume(u32 a, u32 b);

/* --- reported --- */

u32 two_declarations(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[0];
	u32 a = *rp;
	u32 b = *rp;	/* expect: double-fetch */

	return consume(a, b);
}

u32 two_assignments(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[1];
	u32 a, b;

	a = *rp;
	b = *rp;	/* expect: double-fetch */
	return consume(a, b);
}

int declaration_then_return(struct ring *r)
{
	u32 *rp = (u32 *)r->wb;
	int a = *rp;

	return a + *rp;	/* expect: double-fetch */
}

int call_then_declaration(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[2];

	use(*rp);
	int a = *rp;	/* expect: double-fetch */
	return a;
}

int test_then_cast(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[3];

	if (*rp > 8)
		return -1;
	return (int)*rp;	/* expect: double-fetch */
}

int compound_assignment(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[4];
	u32 sum = 0;

	sum += *rp;
	sum += *rp;	/* expect: double-fetch */
	return sum;
}

/* --- not reported --- */

/* One read after a cast, then a product: "(int)*rp * n" reads *rp once. */
int cast_then_product(struct ring *r, int n)
{
	u32 *rp = (u32 *)&r->shared[5];

	return (int)*rp * n;
}

/* A call's result times a value is a product, not a cast: f(x) * y. */
u32 call_times_value(struct ring *r, u32 n)
{
	u32 *rp = (u32 *)&r->shared[13];
	u32 a = *rp;

	return consume(a, n) * n;
}

/* Read once, then a store through the pointer, then read: two values. */
u32 store_in_between(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[6];
	u32 a = *rp;

	*rp = a + 1;
	u32 b = *rp;
	return b;
}

/* The second access is marked. */
u32 marked(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[7];
	u32 a = *rp;
	u32 b = READ_ONCE(*rp);

	return consume(a, b);
}

/* The pointer gets a new value between the reads. */
u32 moved(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[8];
	u32 a = *rp;

	rp = (u32 *)&r->shared[9];
	u32 b = *rp;
	return consume(a, b);
}

/* The pointer is advanced between the reads. */
u32 advanced(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[10];
	u32 a = *rp;

	rp++;
	u32 b = *rp;
	return consume(a, b);
}

/* Private memory: the pointer is not aimed through another object. */
u32 private_memory(void)
{
	u32 local = 3;
	u32 *rp = &local;
	u32 a = *rp;
	u32 b = *rp;

	return consume(a, b);
}

/* sizeof reads nothing. */
u32 only_sizeof(struct ring *r)
{
	u32 *rp = (u32 *)&r->shared[11];
	u32 a = *rp;

	return a + sizeof(*rp) + sizeof *rp;
}

/* A volatile pointer: each read is meant. */
u32 volatile_pointer(struct ring *r)
{
	volatile u32 *rp = (volatile u32 *)&r->shared[12];
	u32 a = *rp;
	u32 b = *rp;

	return consume(a, b);
}
