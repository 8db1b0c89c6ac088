/* tests/t4120-scan-coverage.t: includes the header, uses peek() too. */
#include "coverage-shared.h"

int b_reads(int *p);
int b_reads(int *p)
{
	return peek(p) + 1;
}
