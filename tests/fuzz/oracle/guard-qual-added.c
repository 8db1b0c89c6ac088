/*
 * rwonce fuzz UB guard: nested pointers with an added qualifier, as Csmith
 * writes them (gcc: incompatible pointer types), are no undefined
 * behaviour and must pass.
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

	volatile int32_t **vpp = pp; h(pp);
	h(&p);
	printf("checksum = %X\n", (unsigned)*vp);
	return 0;
}
