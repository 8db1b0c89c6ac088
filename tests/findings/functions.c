#include <stddef.h>
struct s { int a; };
static int one(int x)
{
	return x;
}
int __attribute__((noinline)) two(void) __attribute__((cold));
int __attribute__((noinline)) two(void)
{
	if (one(1)) {
		return 2;
	}
	return 0;
}
static const struct s init = { 1 };
#define M(x) { x }
void three(void) __attribute__((cold)) { }
SYSCALL_DEFINE1(four, int, x)
{
	return x;
}
