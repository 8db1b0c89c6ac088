/* Route sketch: both checks folded into one _Static_assert -- rejected
 * whatever it costs: one message cannot say which rule failed nor name
 * the size. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	_Static_assert(__builtin_types_compatible_p(__typeof__(*route_p),     \
		__typeof__(((void)0, *route_p))) && (sizeof(*route_p) == 1 || \
		sizeof(*route_p) == 2 || sizeof(*route_p) == 4 ||             \
		sizeof(*route_p) == 8), "READ_ONCE: array, or size not 1, 2, 4 or 8"); \
	union { __typeof__(__builtin_choose_expr(sizeof(*route_p) == 1, (route_u8)0, \
		__builtin_choose_expr(sizeof(*route_p) == 2, (route_u16)0,    \
		__builtin_choose_expr(sizeof(*route_p) == 4, (route_u32)0, (route_u64)0)))) s; \
		__typeof__(((void)0, *route_p)) v; } route_u;                 \
	route_u.s = *(const volatile __typeof__(route_u.s) *)route_p; route_u.v; })
