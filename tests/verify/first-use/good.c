/* A probe file that compiles (tests/t1010). */
#include <stdint.h>
#include "rwonce.h"
#include "rwonce-probe.h"
RWONCE_PROBE_OBJECT(uint32_t, o_good);
/*@ probe good_read
 *  object o_good
 *  expect r0:4
 */
RWONCE_PROBE(good_read)
{
	rwonce_sink = READ_ONCE(o_good);
}
