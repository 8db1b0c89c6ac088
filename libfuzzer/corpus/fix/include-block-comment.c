#include <stdint.h> /* a block comment that
		       runs over the newline */
uint16_t ticks;

void tick(void)
{
	*(volatile uint16_t *)&ticks = 0;
}
