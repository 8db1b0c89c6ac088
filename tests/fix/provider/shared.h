#ifndef PROVIDER_SHARED_H
#define PROVIDER_SHARED_H
/* A header fix converts: rwonce.h goes after its guard, and the files
 * that include it see READ_ONCE through it. */
static inline int peek(int *p)
{
	return *(volatile int *)p;
}
#endif
