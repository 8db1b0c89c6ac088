/* Code the build does not compile: the lexical engine sees it, the clang
 * engine (which sees the unit as compiled) does not.  Both behaviours are
 * intended; t3004 lists the difference. */
#include "once.h"

int shared;

int configured(void)
{
#if 0
	return ACCESS_ONCE(shared); // CHECK-NOT: [[@LINE]]:
#endif
#ifdef CONFIG_NOT_SET
	return ACCESS_ONCE(shared) + 1; // CHECK-NOT: [[@LINE]]:
#else
	return ACCESS_ONCE(shared) + 2; // CHECK: [[@LINE]]:9: warning: ACCESS_ONCE is deprecated
#endif
}
