/* WRITE_ONCE to an rvalue: there is no object to store to. */
// EXPECT(gcc): lvalue required as unary '&' operand
// EXPECT(clang): cannot take the address of an rvalue
// EXPECT(tcc): lvalue expected
// EXPECT(g++): cannot bind .*reference .* to an rvalue
// EXPECT(clang++): expects an lvalue for 1st argument
#include "rwonce.h"

int x;

void f(void) { WRITE_ONCE(x + 1, 2); }
