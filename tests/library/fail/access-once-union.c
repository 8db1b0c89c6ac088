/* ACCESS_ONCE on a union: the GCC 4.6/4.7 bug of the 001 seed. */
// EXPECT(gcc clang c++): ACCESS_ONCE: operand must be a scalar
// EXPECT(tcc): cannot convert 'union u' to 'struct ACCESS_ONCE_requires_a_scalar_operand \*'
#include "rwonce.h"

union u { unsigned int val; unsigned short half[2]; };
union u x;

void f(void) { union u v = ACCESS_ONCE(x); (void)v; }
