#include <stdint.h>
#include <stdio.h>
static volatile int32_t g_1 = 3;
static volatile int32_t g_2 = 4;
int main(void)
{
	int32_t a = g_1;
	int32_t b = g_2;

	printf("checksum = %X\n", (unsigned)(a + b));
	return 0;
}
