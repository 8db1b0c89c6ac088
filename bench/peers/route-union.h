/* Route sketch: today's shape (a union of the object's type and the
 * scalar of its size) with the size's struct behind a short typedef. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	ROUTE_ARRAY_CHECK(route_p)                                            \
	union { ROUTE_UINT(*route_p) s; __typeof__(((void)0, *route_p)) v; } route_u; \
	route_u.s = *(const volatile __typeof__(route_u.s) *)route_p; route_u.v; })
