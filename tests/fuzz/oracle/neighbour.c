/*
 * rwonce fuzz oracle attribution: at -O2 the program's own code makes an
 * 8-byte load that starts inside the non-volatile 14-byte object nb and
 * runs over the volatile byte g_1 placed right after it.  That load is
 * nb's, not an access to g_1: -O0 and -O2 must agree on g_1 ("same").
 * The layout is fixed in assembly so no compiler can reorder it.
 */
#include <stdint.h>
#include <stdio.h>

__asm__(".data\n.p2align 4\n"
	".type nb, @object\n.size nb, 14\nnb: .zero 14\n"
	".globl g_1\n.type g_1, @object\n.size g_1, 1\ng_1: .byte 7\n"
	".zero 1\n.text\n");
extern unsigned char nb[14];
extern volatile uint8_t g_1;

int main(void)
{
	unsigned v = g_1;
#ifdef __OPTIMIZE__
	uint64_t x;

	__asm__ volatile("movq nb+8(%%rip), %0" : "=r"(x));
	v += (unsigned)(x >> 63);
#endif
	printf("checksum = %X\n", v);
	return 0;
}
