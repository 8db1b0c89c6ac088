/* A use of a --macro name that this build compiles as a function
 * (tests/t4362-scan-user-macro-or-function.t). */
#include <lib/twoways.h>

static volatile unsigned long initialized;

void mark_initialized(void)
{
	lib_store_release(&initialized, 1);
}

/* a use right after a directive line is a use, not a prototype */
void mark_after_endif(void)
{
#ifdef LIB_TRACE
	lib_store(&initialized, 2);
#endif
	lib_store_release(&initialized, 1);
}
