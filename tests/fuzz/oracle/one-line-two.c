#include <stdint.h>
#include <stdio.h>
static volatile int32_t a[2] = { 3, 4 };
int main(void)
{
	int32_t x = a[0] + a[1];

	printf("checksum = %X\n", (unsigned)x);
	return 0;
}
