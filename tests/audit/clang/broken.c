/* A unit that does not parse: reported with libclang's diagnostics and
 * counted; the run goes on with the others. */
#include "once.h"
#include "no-such-header.h"

int broken(int *p)
{
	return ACCESS_ONCE(*p) + undeclared_thing; // CHECK: [[@LINE]]:9: warning: ACCESS_ONCE is deprecated
}
