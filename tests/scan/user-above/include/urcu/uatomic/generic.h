/* The one header of the library with code (a line table names it), in
 * a folder below urcu/: it includes <urcu/system.h> as <urcu/...>. */
#include <urcu/system.h>

static inline unsigned long uatomic_add_return(unsigned long *p,
					       unsigned long v)
{
	return __atomic_add_fetch(p, v, __ATOMIC_SEQ_CST);
}
