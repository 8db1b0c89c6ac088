/* -m32: ACCESS_ONCE is a plain volatile lvalue, so RWONCE_ATOMIC64 cannot
 * help it; only RWONCE_ALLOW_TEARING lets an 8-byte one compile. */
// EXPECT: ACCESS_ONCE: 8-byte object on a 32-bit target would be torn.*define RWONCE_ALLOW_TEARING
// SKIP(tcc): tcc 0.9.27 has no -m32 (it is a separate i386-tcc build)
// FLAGS: -m32 -DRWONCE_ATOMIC64
#include "rwonce.h"

long long ll;

long long f(void) { return ACCESS_ONCE(ll); }
