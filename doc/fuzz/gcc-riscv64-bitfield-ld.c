#include <stdio.h>
struct S { volatile int f0 : 3; };
static struct S g = { 1 };
static volatile int h = 2;
int main(void)
{
	int x = g.f0;

	printf("checksum = %X\n", (unsigned)(x + h));
	return 0;
}
