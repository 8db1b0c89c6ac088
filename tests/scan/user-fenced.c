/* Uses of accessor functions that end with a barrier (lib/acqword.h;
 * tests/t4385-scan-user-fenced-accessor.t). */
#include <lib/acqword.h>

uint32_t acq_get(struct acq_lock *l)
{
	return ACQ_LOAD_ACQ(&l->word);
}

uint32_t acq_get_fence(struct acq_lock *l)
{
	return acq_load_fence_(&l->plain);
}

uint32_t acq_get_not(struct acq_lock *l)
{
	return acq_load_logged_(&l->word) + acq_load_twice_(&l->other) +
	       acq_load_nop_(&l->plain);
}
