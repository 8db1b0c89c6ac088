/*
 * Csmith-shaped program for t5006 (served as "seed 3" by ./csmith): the
 * only mark is one rwonce fix leaves (the address of ACCESS_ONCE of a
 * struct).  The converted program must still include rwonce.h, whose
 * ACCESS_ONCE refuses a struct operand; without the include it would
 * quietly stay Csmith's volatile cast.
 */
#include <stdio.h>
#include <stdint.h>

#ifndef ACCESS_ONCE
#define ACCESS_ONCE(v) (*(volatile typeof(v) *)&(v))
#endif

struct S0 {
	int32_t f0;
};

static struct S0 g_1 = { 5 };

int main(void)
{
	volatile struct S0 *p = &ACCESS_ONCE(g_1);

	printf("checksum = %X\n", (unsigned)p->f0);
	return 0;
}
