/* A typedef declared in a function's body names its type there only,
 * where it hides the file's typedef of the same name. */
typedef unsigned long word_t;
static int a(void *p)
{
	typedef unsigned char word_t;
	return *(word_t *)p;
}
static long b(void *p)
{
	return *(word_t *)p;
}
static int c(void *p)
{
	typedef short only_here;
	return *(only_here *)p;
}
static int d(void *p)
{
	return *(only_here *)p;
}
