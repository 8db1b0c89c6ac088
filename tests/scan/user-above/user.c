/* lttng-ust's src/common/logging.h: <urcu/system.h> from a folder of
 * the project, built with the library's include folder as the
 * compiler's own (Debian: /usr/include/x86_64-linux-gnu). */
#include <urcu/uatomic/generic.h>
#include <urcu/system.h>

int level;
unsigned long count;

int get_level(void)
{
	return CMM_LOAD_SHARED(level);
}

void set_level(int v)
{
	CMM_STORE_SHARED(level, v);
}

unsigned long bump(void)
{
	return uatomic_add_return(&count, 1);
}
