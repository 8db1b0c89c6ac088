/* Uses of read-modify-write asm functions and of a once-accessor
 * (tests/t4350-scan-user-rmw.t). */
#include <lib/rmw.h>
#include <lib/either.h>

struct lock { unsigned char ts; uint32_t word, seq; };

void lock(struct lock *l)
{
	while (ts_full(&l->ts))
		;
}

uint32_t swap_word(struct lock *l)
{
	return xchg_32(&l->word, 1);
}

uint32_t seq(struct lock *l)
{
	return ld_32(&l->seq);
}
