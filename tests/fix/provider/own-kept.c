/* Its own ACCESS_ONCE and barrier, and an increment fix leaves: both are
 * kept after an #undef, below rwonce.h, so the increment keeps its
 * meaning. */
#include <stdint.h>
#define ACCESS_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define barrier() __asm__ __volatile__("" ::: "memory")

uint32_t seq;

uint32_t snapshot(void)
{
	uint32_t s = ACCESS_ONCE(seq);

	barrier();
	return s;
}

void bump(void) { ACCESS_ONCE(seq)++; }
