/* ACCESS_ONCE on an array: no scalar to access. */
// EXPECT(c): ACCESS_ONCE: operand is an array
// C++ has no array check of its own: std::is_scalar<int[2]> is false.
// EXPECT(c++): ACCESS_ONCE: operand must be a scalar
#include "rwonce.h"

int a[2];

void f(void) { int *v = ACCESS_ONCE(a); (void)v; }
