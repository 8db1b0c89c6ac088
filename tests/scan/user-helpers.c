/* Uses of once-macros that reach their object through a helper macro
 * (lib/word.h; tests/t4381-scan-user-helper-macros.t). */
#include <lib/word.h>

uint32_t lock_word(struct lock *l)
{
	return WORD_LOAD(&l->word);
}

void lock_set(struct lock *l, uint32_t v)
{
	WORD_STORE(&l->word, v);
}

#if !LIB_TYPECHECK
uint32_t lock_next_word(struct lock *l)
{
	return ODD_LOAD(&l->next);
}
#endif
