/* Uses of an accessor function that loads through a helper macro of
 * another header (lib/hlpfn.h; tests/t4390-scan-user-helper-in-accessor.t),
 * written as nsync's counter.c and cv.c do. */
#include <lib/hlpfn.h>

struct hlp_time {
	long s, ns;
};
extern const struct hlp_time hlp_zero, hlp_forever;

int hlp_lock_free(struct hlp_lock *l)
{
	int r;

	r = (HLP_LOAD(&l->word) == 0 ? 1 : 2);
	return r;
}

/* counter_ready_time(): the line also loads two 8-byte constants, which
 * are not the word's load */
struct hlp_time hlp_ready(struct hlp_lock *l)
{
	struct hlp_time r;

	r = (HLP_LOAD(&l->waiters[1]) == 0 ? hlp_zero : hlp_forever);
	return r;
}

uint32_t hlp_lock_odd(struct hlp_lock *l)
{
	return HLP_ODD(&l->waiters[0]);
}
