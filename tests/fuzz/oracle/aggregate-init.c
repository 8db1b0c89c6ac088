/*
 * rwonce fuzz: a struct object with a volatile member and a brace
 * initialiser, as Csmith writes them, is watched (it once was taken for
 * a struct definition and missed).  At -O2 the member is read twice: a
 * difference on a struct object, which the oracle reports as
 * "aggregate".
 */
#include <stdint.h>
#include <stdio.h>

struct S0 {
	volatile int32_t f0;
	int32_t f1;
};

static struct S0 g_2 = {1, 2};

int main(void)
{
	int32_t v = g_2.f0 + g_2.f1;
#ifdef __OPTIMIZE__
	v += g_2.f0 - 1;
#endif
	printf("checksum = %X\n", (unsigned)v);
	return 0;
}
