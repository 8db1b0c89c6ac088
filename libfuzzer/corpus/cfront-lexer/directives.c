#include <stdio.h>
#if defined(X) && X > 1
# define Y(a, ...) a ## __VA_ARGS__ #a
#endif
