/* A header of tests/t4120-scan-coverage.t, included by coverage-a.c and
 * coverage-b.c: its sites are counted once. */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

static inline int peek(int *p)
{
	return READ_ONCE(*p);
}

static inline int never_used(int *p)
{
	return READ_ONCE(*p) + 1;
}

static inline int local_only(int v)
{
	return READ_ONCE(v);
}
