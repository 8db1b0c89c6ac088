#include <stdio.h>
static volatile int g;
static int i, j;
int main(void)
{
	for (i = 1; i >= 0; i--) {
		for (j = 0; j <= 1; j++)
			;
		g |= 1;
	}
	printf("checksum = %X\n", (unsigned)g);
	return 0;
}
