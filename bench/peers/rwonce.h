/* Peer: rwonce's own READ_ONCE/WRITE_ONCE (include/rwonce.h). */
#include <rwonce.h> /* <>: not this file, which has the same name */
#define PEER_NAME "rwonce"
#define PEER_SHARED(T) T
#define PEER_READ(x) READ_ONCE(x)
#define PEER_WRITE(x, v) WRITE_ONCE(x, v)
