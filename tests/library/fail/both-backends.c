/* Two backends at once is a configuration error, not a silent choice. */
// FLAGS: -DRWONCE_BACKEND_ATOMIC -DRWONCE_BACKEND_VOLATILE
// EXPECT: define at most one of RWONCE_BACKEND_ATOMIC and RWONCE_BACKEND_VOLATILE
#include "rwonce.h"

int x;
