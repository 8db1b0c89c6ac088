/* Route sketch: __builtin_choose_expr -- scalars read through a volatile
 * cast of their own type, structs through the per-width functions; both
 * branches are type-checked, so the size check holds for both. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	ROUTE_ARRAY_CHECK(route_p)                                            \
	__builtin_choose_expr(ROUTE_IS_PLAIN(*route_p),                       \
		*(const volatile __typeof__(*route_p) *)route_p,              \
		*(__typeof__(((void)0, *route_p)) *)ROUTE_LD_OF(*route_p)(    \
			&(__typeof__(((void)0, *route_p))){0}, route_p)); })
