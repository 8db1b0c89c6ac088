/* Route sketch, one part of the cost: the floor plus the size rule's
 * scalar (the access goes through the unsigned type of the object's size,
 * chosen by _Generic on a pointer-to-array type, as in rwonce.h), cast
 * back to the unqualified type; no array check. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	(__typeof__(((void)0, *route_p)))                                     \
		*(const volatile ROUTE_UINT(*route_p) *)route_p; })
