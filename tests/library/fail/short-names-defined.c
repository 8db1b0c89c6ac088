/* A project with its own READ_ONCE includes rwonce.h without
 * RWONCE_NO_SHORT_NAMES: refused rather than silently redefined. */
// EXPECT: READ_ONCE, WRITE_ONCE, ACCESS_ONCE, ASSIGN_ONCE or barrier is already defined; define RWONCE_NO_SHORT_NAMES
#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#include "rwonce.h"

int x;
