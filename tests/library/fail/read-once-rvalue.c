/* READ_ONCE of an rvalue: a value is not in memory, there is nothing to
 * read once. */
// EXPECT(gcc): lvalue required as unary '&' operand
// EXPECT(clang): cannot take the address of an rvalue
// EXPECT(tcc): lvalue expected
// EXPECT(g++): cannot bind .*reference .* to an rvalue
// EXPECT(clang++): expects an lvalue for 1st argument
#include "rwonce.h"

int x;

int f(void) { return READ_ONCE(x + 1); }
