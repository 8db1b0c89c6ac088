/* READ_ONCE on a long double: 16 bytes on x86-64 (12 with -m32), no single
 * access of that size. */
// EXPECT(c): struct READ_ONCE_needs_1_2_4_or_8_bytes
// EXPECT(c): needs_1_2_4_or_8_bytes \(\*\)\[(16|12)\]
// EXPECT(c++): READ_ONCE/WRITE_ONCE: object size is not 1, 2, 4 or 8 bytes
#include "rwonce.h"

long double ld;

long double f(void) { return READ_ONCE(ld); }
