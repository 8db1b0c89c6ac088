/* Route sketch, one part of the cost: the floor plus the cast that gives
 * the value its unqualified type (rwonce.h's comma-operator typeof), as
 * READ_ONCE must return it; nothing else. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	(__typeof__(((void)0, *route_p)))                                     \
		*(const volatile __typeof__(*route_p) *)route_p; })
