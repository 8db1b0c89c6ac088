#include <stdio.h>
volatile int g;
int i, h;
void f(void)
{
	for (; i <= 5; i += 5) {
		h = 0;
		g++;
	}
}
int main(void)
{
	f();
	printf("checksum = %X\n", g);
	return 0;
}
