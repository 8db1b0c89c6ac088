/* The include goes after the last top-level #include, not into #ifdef. */
#include <stdint.h>
#include <stddef.h> // a comment after it stays where it is
#ifdef RWONCE_TEST_UNDEFINED
#include <nothing-here.h>
#endif

uint32_t head;

uint32_t peek(void)
{
	return *(volatile uint32_t *)&head;
}
