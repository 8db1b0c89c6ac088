/*
 * Csmith-shaped program for t5007 (served as "seed 5" by ./csmith): a
 * volatile scalar read twice (cc-dup-load reads it a third time), and a
 * plain scalar read and written through ACCESS_ONCE, which rwonce fix
 * converts to READ_ONCE/WRITE_ONCE (cc-split-marked tears that read).
 * g_3 and func_2 are there for a reducer to remove.
 */
#include <stdio.h>
#include <stdint.h>

#ifndef ACCESS_ONCE
#define ACCESS_ONCE(v) (*(volatile typeof(v) *)&(v))
#endif

static volatile int32_t g_1 = 3;
static int32_t g_2 = 5;
static int32_t g_3 = 9;

static int32_t func_2(int32_t a)
{
	return g_3 * a + 1;
}

static int32_t func_1(int32_t a)
{
	int32_t x = g_1;
	int32_t y = func_2(a);

	ACCESS_ONCE(g_2) = x + ACCESS_ONCE(g_2) + y;
	return x + g_1;
}

int main(void)
{
	int32_t r = func_1(2);

	printf("checksum = %X\n", (unsigned)(r + ACCESS_ONCE(g_2)));
	return 0;
}
