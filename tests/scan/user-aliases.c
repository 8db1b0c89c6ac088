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
