/* The monotonic clock (clock.h). */
#include "lib/clock.h"

#include <time.h>

double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
