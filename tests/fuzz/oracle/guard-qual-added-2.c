/*
 * rwonce fuzz UB guard: volatile added at both levels of a nested
 * pointer, as Csmith seed 19 of --mode once writes it (gcc: "initialization
 * of 'volatile int16_t * volatile*' from incompatible pointer type
 * 'int16_t **'"): no undefined behaviour, must pass.  The guard lost the
 * '*' that follows a qualifier and failed the program.
 */
#include <stdint.h>
#include <stdio.h>

static int16_t a = 1;
static int16_t *p = &a;

int main(void)
{
	volatile int16_t *volatile *q = &p;

	printf("checksum = %X\n", (unsigned)**q);
	return 0;
}
