/* Peer: the plain volatile cast, ACCESS_ONCE as it was before 2014. */
#define PEER_NAME "volatile cast"
#define PEER_SHARED(T) T
#define PEER_READ(x) (*(volatile __typeof__(x) *)&(x))
#define PEER_WRITE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
