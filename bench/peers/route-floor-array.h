/* Route sketch, one part of the cost: the floor plus rwonce.h's array
 * check (a _Static_assert with its message), nothing else. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	ROUTE_ARRAY_CHECK(route_p)                                            \
	*(const volatile __typeof__(*route_p) *)route_p; })
