/* READ_ONCE is a value, not an lvalue: assigning to it is an error (use
 * WRITE_ONCE, or ACCESS_ONCE for a scalar). */
// EXPECT(gcc g++): lvalue required as left operand of assignment
// EXPECT(clang clang++): expression is not assignable
// tcc 0.9.27 takes the result of a statement expression as an lvalue (and
// so (0, y) and (int)y), so there this compiles and stores into a
// temporary; no expression the header could end with is an rvalue for tcc
// without promoting small types.
// KNOWN-BROKEN(tcc): compiles; the store goes to a temporary
// EXPECT(tcc): lvalue expected
#include "rwonce.h"

int x;

void f(void) { READ_ONCE(x) = 1; }
