/* Ordered accessors and names for them (tests/t4363-scan-user-aliases.t). */
#include <lib/aliases.h>

lib_word head, version, initialized, seq, flag, tail;

lib_word read_head(void)
{
	return lib_cptr_load(&head);
}

lib_word read_version(void)
{
	return lib_cptr_load_acquire(&version);
}

lib_word read_next(lib_word *p)
{
	return load_next(p);
}

void publish(lib_word v)
{
	lib_cptr_store_release(&initialized, v);
}

lib_word first_acquire(void)
{
	return lib_load_acquire(&flag);
}

void store_seq_cst(lib_word v)
{
	lib_store_seq_cst(&seq, v);
}

lib_word read_tail(void)
{
	return lib_tail_load(&tail);
}

/* a word type the sources spell through a macro (libatomic_ops'
 * #define AO_t size_t): only the DWARF of the inlined accessor types it */
#define WORD_T lib_word
struct stack { WORD_T bl[2]; };

unsigned int read_low(struct stack *a)
{
	return lib_cptr_load_low(&a->bl[1]);
}
