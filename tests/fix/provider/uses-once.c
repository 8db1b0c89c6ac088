/* Includes a header that defines READ_ONCE/WRITE_ONCE: nothing is added. */
#include "once.h"

int ready;

int is_ready(void) { return ACCESS_ONCE(ready); }
void make_ready(void) { ACCESS_ONCE(ready) = 1; }
