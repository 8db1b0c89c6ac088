#include <stdio.h>
struct S { volatile int b; };
static struct S x = { 2 };
static struct S y = { 2 };
int main(void)
{
	int s = x.b + y.b;

	printf("checksum = %X\n", (unsigned)s);
	return 0;
}
