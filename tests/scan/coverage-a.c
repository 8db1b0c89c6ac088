/* tests/t4120-scan-coverage.t: sites with code and without. */
#include "coverage-shared.h"

int a_reads(int *p);
int a_reads(int *p)
{
	return peek(p);
}

int a_local(int v);
int a_local(int v)
{
	return local_only(v) * 0 + v;
}

int a_drop(int v);
int a_drop(int v)
{
	return READ_ONCE(v) * 0 + v;
}

#ifdef NOT_THIS_BUILD
int a_hidden(int *p)
{
	return READ_ONCE(*p);
}
#endif
