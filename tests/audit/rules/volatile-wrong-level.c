/* audit fixture: volatile on the wrong level (issue 31; t2420).  The volatile
 * qualifies what the pointer read points to, not the pointer, so each read
 * below is a plain load: clang 19 -O2 makes one load of the two reads of
 * *p in pair() and none for the discarded read of *q in peek(). */
volatile void *pair(void **p, volatile void **out)
{
	volatile void *a = *(volatile void *const *)p;
	volatile void *b = *(volatile void *const *)p;

	*out = b;
	return a;
}

void peek(void **q)
{
	(void)*(volatile void **)q;
}

void publish(void **p, void *v)
{
	*(volatile void **)p = v;
}

/* Not reported: the volatile is meant for the int the pointer read points
 * to (the pointer is dereferenced at once), and the right level. */
int through(volatile int **pp)
{
	return **(volatile int **)pp + (*(volatile int **)pp)[1];
}

void *right(void **p)
{
	return *(void *volatile *)p;
}
