/* A header that relies on its includers (perfbook's counttorture.h):
 * every file that includes it has READ_ONCE from once.h before it, so
 * nothing is added -- rwonce.h here would define READ_ONCE again. */
static int torture_peek(int *p)
{
	return *(volatile int *)p;
}
