/* Includes nothing of its library but the macro-only header: no header
 * of the library is in the line tables (tests/t4300-scan-user-discovery.t);
 * -p finds it through the compilation database's -I. */
#include <lib/compiler.h>

struct two { unsigned int a, b; };

unsigned int two_sum(struct two *p)
{
	struct two v = LOAD(p);
	return v.a + v.b;
}
