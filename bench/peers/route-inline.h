/* Route sketch: small always_inline functions per width, chosen by the
 * size _Generic (which is the size check); the macro keeps the type
 * checks and a local of the unqualified type. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	ROUTE_ARRAY_CHECK(route_p)                                            \
	__typeof__(((void)0, *route_p)) route_v;                              \
	ROUTE_LD_OF(route_v)(&route_v, route_p); route_v; })
