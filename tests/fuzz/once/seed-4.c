/*
 * Csmith-shaped program for t5006 (served as "seed 4" by ./csmith): it
 * never ends, so every configuration is a program-timeout, whose result
 * line must be the same on every run (no temporary folder in it).
 */
#include <stdio.h>
#include <stdint.h>

#ifndef ACCESS_ONCE
#define ACCESS_ONCE(v) (*(volatile typeof(v) *)&(v))
#endif

static int32_t g_1;

int main(void)
{
	for (;;)
		ACCESS_ONCE(g_1) = 1;
	printf("checksum = %X\n", (unsigned)g_1);
	return 0;
}
