/*
 * A volatile int64_t read once, in two ways that are both one read on a
 * 32-bit target: at -O0 by ldrd (QEMU reports its two 4-byte halves), at
 * -O2 by one 8-byte VFP load -- what gcc 12 -O2 did to Csmith seed 3's
 * g_42 on armhf (vldr, where -O0 used ldrd).  The oracle must call the
 * two the same, not torn or count.  Elsewhere (the UB guards' host
 * compiles) it is a plain read.
 */
#include <stdint.h>
#include <stdio.h>

static volatile int64_t g_1 = 0x45C5BB085CA7DBC8LL;

int main(void)
{
	int64_t v;

#if defined(__OPTIMIZE__) && defined(__arm__)
	__asm__ volatile("vldr %P0, [%1]" : "=w"(v) : "r"(&g_1) : "memory");
#else
	v = g_1;
#endif
	printf("checksum = %X\n", (unsigned)(v ^ (v >> 32)));
	return 0;
}
