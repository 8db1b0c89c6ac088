/* ACCESS_ONCE is the 2014 scalar-only form: a struct operand is refused. */
// EXPECT(gcc clang c++): ACCESS_ONCE: operand must be a scalar
// EXPECT(tcc): cannot convert 'struct pair' to 'struct ACCESS_ONCE_requires_a_scalar_operand \*'
#include "rwonce.h"

struct pair { int a, b; };
struct pair p;

void f(void) { struct pair v = ACCESS_ONCE(p); (void)v; }
