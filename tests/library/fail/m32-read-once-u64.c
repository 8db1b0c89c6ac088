/* -m32: READ_ONCE of a 64-bit object without RWONCE_ATOMIC64 or
 * RWONCE_ALLOW_TEARING would silently be two 4-byte loads. */
// EXPECT(c): READ_ONCE: 8-byte object on a 32-bit target would be torn.*define RWONCE_ATOMIC64.*RWONCE_ALLOW_TEARING
// EXPECT(c++): READ_ONCE/WRITE_ONCE: 8-byte object on a 32-bit target would be torn.*define RWONCE_ATOMIC64.*RWONCE_ALLOW_TEARING
// SKIP(tcc): tcc 0.9.27 has no -m32 (it is a separate i386-tcc build)
// FLAGS: -m32
#include "rwonce.h"

unsigned long long counter;

unsigned long long f(void) { return READ_ONCE(counter); }
