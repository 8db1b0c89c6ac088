/*
 * rwonce fuzz UB guard: a pointer that drops volatile (C11 6.7.3p6) must
 * fail.
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

	volatile int32_t **vq = 0; int32_t **w = vq;
	h(&p);
	printf("checksum = %X\n", (unsigned)*vp);
	return 0;
}
