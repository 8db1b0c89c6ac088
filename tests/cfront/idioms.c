/* Fixture for idioms.h: how each access is used, and its spans. */
void f(int v, int *p, struct s *sp)
{
	a = ACCESS_ONCE(x);
	ACCESS_ONCE(x) = v + 1, b = 2;
	ACCESS_ONCE(x) = f(v, (1, 2));
	if ((ACCESS_ONCE(x) = v))
		;
	ACCESS_ONCE(x)++;
	--ACCESS_ONCE(x);
	(ACCESS_ONCE(x))++;
	ACCESS_ONCE(x) <<= 1;
	p = &ACCESS_ONCE(x);
	c = a & ACCESS_ONCE(x);
	ACCESS_ONCE(s).f = 1;
	ACCESS_ONCE(arr)[2] = 1;
	d = ACCESS_ONCE(x) == v;
	*(volatile int *)&x = v;
	*(volatile int *)p = sp->val[3];
	e = *((volatile unsigned long *)p + 1);
	((volatile struct s *)sp)->flag = 0;
	g = ((volatile u32 *)p)[4];
	(*(volatile int *)&x)--;
	h = *(volatile int *)(p) * 2;
	i = *(int * volatile *)&p;      /* a volatile read of p (t2550) */
	j = *(volatile int **)&p;       /* not one either */
}
#define SET(v) ACCESS_ONCE(x) = (v)
#define GET() ACCESS_ONCE(x)
