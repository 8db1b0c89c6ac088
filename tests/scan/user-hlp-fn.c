/* Uses of an accessor function that loads through a helper macro of
 * another header (lib/hlpfn.h; tests/t4396-scan-user-helper-in-accessor.t),
 * written as nsync's counter_ready_time() does. */
#include <lib/hlpfn.h>

int hlp_lock_free(struct hlp_lock *l)
{
	int r;

	r = (HLP_LOAD(&l->word) == 0 ? 1 : 2);
	return r;
}

uint32_t hlp_lock_odd(struct hlp_lock *l)
{
	return HLP_ODD(&l->waiters[0]);
}
