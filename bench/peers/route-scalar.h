/* Route sketch: the floor plus both checks (array, size): the least any
 * route must do -- still no way to read a struct through a scalar. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	ROUTE_ARRAY_CHECK(route_p) (void)sizeof(ROUTE_UINT(*route_p));        \
	*(const volatile __typeof__(*route_p) *)route_p; })
