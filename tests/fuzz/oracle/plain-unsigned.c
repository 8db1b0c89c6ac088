#include <stdio.h>
/* "volatile unsigned" with no "int": g is the object, not a type name. */
static volatile unsigned g = 3;
int main(void)
{
	unsigned a = g;

	printf("checksum = %X\n", a);
	return 0;
}
