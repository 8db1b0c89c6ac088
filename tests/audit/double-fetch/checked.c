/*
 * double-fetch, second shape (issue #22): a volatile object read twice,
 * the first value checked, the second used as an index, a size, a loop
 * bound or a pointer -- the check does not hold for the value used.
 * Each line marked "expect" below must be reported, once, at the second
 * read; every other function must stay silent.
 */
typedef unsigned int u32;
typedef unsigned long size_t;
struct ring { volatile u32 idx; u32 plain; u32 len; };
struct desc { struct desc *next; int v; };
struct queue { struct desc *volatile head; };
void *memcpy(void *d, const void *s, size_t n);
u32 le32_to_cpu(u32 x);
volatile u32 global_idx;

/* --- reported --- */

/* The example: through a volatile u32 *. */
u32 through_pointer(volatile u32 *shared, u32 *buf)
{
	if (*shared >= 64)
		return 0;
	return buf[*shared];	/* expect: double-fetch */
}

/* A volatile member of a ring in shared memory. */
u32 volatile_member(struct ring *r, u32 *buf)
{
	if (r->idx > 15)
		return 0;
	return buf[r->idx];	/* expect: double-fetch */
}

/* The hand-written volatile cast, as the kernel used to spell it. */
u32 volatile_cast(struct ring *r, u32 *buf)
{
	if (*(volatile u32 *)&r->plain >= 16)
		return 0;
	return buf[*(volatile u32 *)&r->plain];	/* expect: double-fetch */
}

/* READ_ONCE twice is two reads: the same bug, marked. */
u32 read_once_twice(struct ring *r, u32 *buf)
{
	if (READ_ONCE(r->plain) >= 16)
		return 0;
	return buf[READ_ONCE(r->plain) + 1];	/* expect: double-fetch */
}

/* A converted length, checked, then copied. */
void length(volatile u32 *len, char *dst, const char *src)
{
	if (le32_to_cpu(*len) > 128)
		return;
	memcpy(dst, src, le32_to_cpu(*len));	/* expect: double-fetch */
}

/* A loop bound. */
u32 loop(struct ring *r, u32 *buf)
{
	u32 sum = 0;

	if (global_idx > 8)
		return 0;
	for (u32 i = 0; i < global_idx; i++)	/* expect: double-fetch */
		sum += buf[i];
	return sum;
}

/* A volatile pointer checked for NULL, then followed. */
int pointer(struct queue *q)
{
	if (!q->head)
		return -1;
	return q->head->v;	/* expect: double-fetch */
}

/* --- not reported --- */

/* Read once, checked and used: the fix. */
u32 read_once(volatile u32 *shared, u32 *buf)
{
	u32 i = *shared;

	if (i >= 64)
		return 0;
	return buf[i];
}

/* Masked: whatever the second read gives, the index stays in bounds. */
u32 masked(volatile u32 *shared, u32 *buf)
{
	if (*shared >= 64)
		return 0;
	return buf[*shared & 63];
}

/* Written in between: the second read reads what this code wrote. */
u32 written(volatile u32 *shared, u32 *buf)
{
	if (*shared >= 64)
		*shared = 0;
	return buf[*shared];
}

/* The pointer gets a new value in between: another object. */
u32 moved(volatile u32 *shared, u32 *buf)
{
	if (*shared >= 64)
		return 0;
	shared++;
	return buf[*shared];
}

/* Used first, checked after: no check is trusted. */
u32 used_then_checked(volatile u32 *shared, u32 *buf)
{
	u32 v = buf[*shared];

	if (*shared >= 64)
		return 0;
	return v;
}

/* Two different objects. */
u32 two_objects(struct ring *r, u32 *buf)
{
	if (r->idx > 15)
		return 0;
	return buf[r->len];
}

/* Printed twice, compared twice: no use that the check protects. */
u32 compared_twice(volatile u32 *shared)
{
	if (*shared > 4)
		return 1;
	return *shared > 8;
}

/* A plain (not volatile) member: the first shape's business, not this one. */
u32 plain_member(struct ring *r, u32 *buf)
{
	if (r->len > 15)
		return 0;
	return buf[r->len];
}
