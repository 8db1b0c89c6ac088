/* rwonce fix fixture: ACCESS_ONCE on a struct, left as it is (rwonce.h
 * refuses a non-scalar ACCESS_ONCE on purpose, rule
 * access-once-nonscalar): the kernel's old one stays. */
#include "kernel-access-once.h"
struct pair { int lo, hi; };
struct pair shared_pair;

int member(void)
{
	return ACCESS_ONCE(shared_pair).lo; /* one field of a volatile struct */
}

int subscript(int **tab)
{
	return ACCESS_ONCE(tab)[1][0];      /* exact only for a pointer */
}
