/* volatile-cast: hand-written volatile accesses. */
typedef unsigned int u32;
struct dev { u32 status; u32 ctrl; };

u32 shared;
u32 *ptr;

u32 reads(struct dev *d)
{
	u32 a = *(volatile u32 *)&shared;          /* exact: READ_ONCE(shared) */
	u32 b = *(volatile u32 *)ptr;              /* exact: READ_ONCE(*ptr) */
	u32 c = *(volatile unsigned char *)&shared;/* the cast changes the type */
	u32 e = ((volatile struct dev *)d)->status;/* through a member */
	u32 f = *(volatile typeof(shared) *)&shared; /* typeof: exact */
	u32 g = *((volatile u32 *)ptr);            /* extra parentheses */
	u32 h = *(volatile u32 *)&unknown_thing;   /* type unknown */
	return a + b + c + e + f + g + h;
}

void writes(u32 v)
{
	*(volatile u32 *)&shared = v;              /* exact: WRITE_ONCE(shared, v) */
	(*(volatile u32 *)&shared)++;              /* not fixable */
}

/* Not accesses: pointer casts without a dereference, volatile pointers. */
void *not_accesses(void)
{
	volatile u32 *vp = (volatile u32 *)ptr;
	u32 * volatile pv = ptr;
	(void)pv;
	return (void *)vp;
}

/* The implementation of a once-macro is not reported. */
#define READ_ONCE(x) (*(const volatile typeof(x) *)&(x))
#define my_readl(a) (*(volatile u32 *)(a))
