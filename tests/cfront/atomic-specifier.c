/* _Atomic(T), the atomic type specifier, is T's type; "_Atomic T", the
 * qualifier, was always read. */
static unsigned long path_max_of(void)
{
	static _Atomic(unsigned long) path_max = 0;
	return path_max;
}
static _Atomic(unsigned long) g_max;
static volatile _Atomic(int *) g_ptr;
static _Atomic(struct q { int a; char b; }) g_rec;
typedef _Atomic(long) along;
long g;

long uses(void)
{
	along z = 0;
	return g_max + *g_ptr + g_rec.b + z + *(_Atomic(short) *)&g +
	       *(_Atomic unsigned char *)&g + (long)(_Atomic(_Atomic(int)) *)&g;
}
