/* Peer: liburcu's CMM_LOAD_SHARED/CMM_STORE_SHARED (liburcu-dev). */
#include <urcu/system.h>
#define PEER_NAME "liburcu"
#define PEER_SHARED(T) T
#define PEER_READ(x) CMM_LOAD_SHARED(x)
#define PEER_WRITE(x, v) CMM_STORE_SHARED(x, v)
