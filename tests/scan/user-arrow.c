/* Uses of once-macros through an arrow-form helper (lib/oldword.h;
 * tests/t4384-scan-user-arrow-helper.t). */
#include <lib/oldword.h>

uint32_t old_lock_word(struct old_lock *l)
{
	return OLD_LOAD(&l->word);
}

void old_lock_set(struct old_lock *l, uint32_t v)
{
	OLD_STORE(&l->word, v);
}

uint32_t old_lock_odd(struct old_lock *l)
{
	return OLD_ODD(&l->waiters[0]);
}
