/*
 * rwonce fuzz UB guard: an int pointer from a long pointer (a reducer's
 * doing) must fail.
 */
#include <stdint.h>
#include <stdio.h>

int32_t a = 1;
long b = 2;
volatile int32_t *volatile vp;

static void h(volatile int32_t **q)
{
	vp = *q;
}

int main(void)
{
	int32_t *p = &a;
	int32_t **pp = &p;

	long *lp = &b; int32_t *ip2 = (void *)0; ip2 = lp;
	h(&p);
	printf("checksum = %X\n", (unsigned)*vp);
	return 0;
}
