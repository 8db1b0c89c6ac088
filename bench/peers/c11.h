/* Peer: C11 relaxed atomics; the shared objects are declared _Atomic. */
#include <stdatomic.h>
#define PEER_NAME "C11 relaxed"
#define PEER_SHARED(T) _Atomic(T)
#define PEER_READ(x) atomic_load_explicit(&(x), memory_order_relaxed)
#define PEER_WRITE(x, v) atomic_store_explicit(&(x), (v), memory_order_relaxed)
