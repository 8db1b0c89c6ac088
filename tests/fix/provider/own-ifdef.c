/* Definitions on both sides of an #ifdef: rwonce.h goes above the
 * conditional, both definitions are removed. */
#include <stddef.h>
#ifdef __GNUC__
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#else
#define ACCESS_ONCE(x) (*(volatile int *)&(x))
#endif

int count;

size_t get_count(void) { return (size_t)ACCESS_ONCE(count); }
