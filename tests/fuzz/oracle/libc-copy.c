/*
 * rwonce fuzz oracle attribution: at -O2 the program hands the volatile
 * byte g_1 to libc's memcpy (a size the compiler cannot see, so the copy
 * is not inlined).  libc's loads are no part of what the program's code
 * does to g_1: -O0 and -O2 must agree ("same").
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

volatile uint8_t g_1 = 7;

int main(void)
{
	unsigned v = g_1;
#ifdef __OPTIMIZE__
	unsigned char buf[8];
	volatile size_t n = 1;

	memcpy(buf, (const void *)&g_1, n);
	v += buf[0] - 7;
#endif
	printf("checksum = %X\n", v);
	return 0;
}
