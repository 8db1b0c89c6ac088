#include <stdio.h>
volatile long g;
short h;
void f(void)
{
	for (; g < 3; g += 1)
		h = 0;
}
int main(void)
{
	f();
	printf("checksum = %lX\n", (unsigned long)g);
	return 0;
}
