/* Route sketch: the floor -- a statement expression that names x once
 * (__auto_type) and reads it through a volatile cast; NO checks at all. */
#include "route-common.h"
#define PEER_READ(x) __extension__({ __auto_type route_p = &(x);              \
	*(const volatile __typeof__(*route_p) *)route_p; })
