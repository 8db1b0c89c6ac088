/*
 * rwonce fuzz oracle attribution: at -O2 the byte g_1 is read with a
 * 4-byte load that starts 3 bytes before it, in padding no object owns,
 * and wholly contains it -- a widened access made by the program's own
 * code, which the oracle must call "widened".
 */
#include <stdint.h>
#include <stdio.h>

__asm__(".data\n.p2align 4\n"
	".type nb, @object\n.size nb, 5\nnb: .zero 5\n"
	".zero 3\n"
	".globl g_1\n.type g_1, @object\n.size g_1, 1\ng_1: .byte 7\n"
	".zero 7\n.text\n");
extern unsigned char nb[5];
extern volatile uint8_t g_1;

int main(void)
{
	unsigned v;
#ifdef __OPTIMIZE__
	uint32_t x;

	__asm__ volatile("movl g_1-3(%%rip), %0" : "=r"(x));
	v = x >> 24;
#else
	v = g_1;
#endif
	printf("checksum = %X\n", v);
	return 0;
}
