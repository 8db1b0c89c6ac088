/* WRITE_ONCE to a const object. */
// EXPECT: WRITE_ONCE: the target is const
#include "rwonce.h"

const int limit = 10;

void f(void) { WRITE_ONCE(limit, 11); }
