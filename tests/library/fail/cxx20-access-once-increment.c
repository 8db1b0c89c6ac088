/* C++20 deprecates ++, -- and compound assignment on volatile lvalues
 * (P1152), and ACCESS_ONCE is one: ACCESS_ONCE(n)++ draws a deprecation
 * warning there, an error with -Werror.  Write
 * ACCESS_ONCE(n) = ACCESS_ONCE(n) + 1 (the same two accesses). */
// FLAGS: -std=c++20 -Werror
// SKIP(c): C has no such deprecation; ACCESS_ONCE(n)++ compiles (t0200)
// EXPECT(g++): (expression of 'volatile'-qualified type is deprecated|-Werror=volatile)
// EXPECT(clang++): (of volatile-qualified type .* is deprecated|-Wdeprecated-volatile)
#include "rwonce.h"

int n;

void f(void) { ACCESS_ONCE(n)++; }
