/* READ_ONCE on an array, here one of 8 bytes: the size would pass, but an
 * array is not one object to load; the rule must still refuse it. */
// EXPECT(c): READ_ONCE: operand is an array
// EXPECT(c++): READ_ONCE/WRITE_ONCE: operand is an array
#include "rwonce.h"

unsigned int pair[2];

unsigned int f(void) { return READ_ONCE(pair)[0]; }
