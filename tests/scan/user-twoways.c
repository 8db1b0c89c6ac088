/* A use of a --macro name that this build compiles as a function
 * (tests/t4362-scan-user-macro-or-function.t). */
#include <lib/twoways.h>

static volatile unsigned long initialized;

void mark_initialized(void)
{
	lib_store_release(&initialized, 1);
}
