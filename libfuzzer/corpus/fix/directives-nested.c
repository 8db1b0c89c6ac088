int g;
void f(void)
{
	ACCESS_ONCE(g) =
#ifdef A
	1;
#else
	2;
#endif
	*(volatile int *)&g = ACCESS_ONCE(g);
	ACCESS_ONCE(ACCESS_ONCE(p)->x) = ACCESS_ONCE(q);
}
#define M(x) ACCESS_ONCE(x) = 0
