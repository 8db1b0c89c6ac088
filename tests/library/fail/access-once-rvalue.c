/* ACCESS_ONCE of an rvalue: there is no object to make volatile. */
// EXPECT(gcc): lvalue required as unary '&' operand
// EXPECT(clang): cannot take the address of an rvalue
// EXPECT(tcc): lvalue expected
// EXPECT(g++): cannot bind .*reference .* to an rvalue
// EXPECT(clang++): expects an lvalue for 1st argument
#include "rwonce.h"

int x;

int f(void) { return ACCESS_ONCE(x + 1); }
