/* tcc has no __atomic builtins: RWONCE_BACKEND_ATOMIC is refused there
 * with the reason, rather than failing inside a macro expansion. */
// FLAGS: -DRWONCE_BACKEND_ATOMIC
// SKIP(gcc clang c++): this compiler has the __atomic builtins
// EXPECT(tcc): RWONCE_BACKEND_ATOMIC needs the __atomic builtins, which tcc does not have
#include "rwonce.h"

int x;
