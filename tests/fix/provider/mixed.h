/* Included by one file that has READ_ONCE before it (with-once.c) and
 * one that has not (without-once.c): rwonce.h comes under #ifndef. */
static int mixed_peek(long *p)
{
	return (int)*(volatile long *)p;
}
