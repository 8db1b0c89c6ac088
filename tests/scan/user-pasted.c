/* Uses of once-macros whose atomic is named by a pasting helper
 * (lib/pasted.h; tests/t4396-scan-user-pasted-atomics.t). */
#include <lib/pasted.h>

uint32_t queue_head(struct lib_queue *q)
{
	return lib_load_relaxed(&q->head);
}

void queue_set_tail(struct lib_queue *q, uintptr_t v)
{
	lib_store_release(&q->tail, v);
}

/* the argument a pointer variable: the object is the 4-byte word it
 * points to, not the 8-byte pointer */
uint32_t queue_word(_Atomic(uint32_t) *w)
{
	return lib_load_ptr_relaxed(uint32_t, w);
}

void queue_set_word(_Atomic(uint32_t) *w, uint32_t v)
{
	lib_store_ptr_release(uint32_t, w, v);
}

/* a plain load for gcc and clang: no site */
uint32_t queue_plain(struct lib_queue *q)
{
	return lib_peek(&q->plain);
}
