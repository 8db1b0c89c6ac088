/* A probe file the compiler refuses: no_such_thing is not declared (tests/t1010). */
#include <stdint.h>
#include "rwonce.h"
#include "rwonce-probe.h"
RWONCE_PROBE_OBJECT(uint32_t, o_broken);
/*@ probe broken_read
 *  object o_broken
 *  expect r0:4
 */
RWONCE_PROBE(broken_read)
{
	rwonce_sink = READ_ONCE(o_broken) + no_such_thing;
}
