/* Objects spelled through casts and pointer arithmetic, the types in a
 * header only the DWARF knows (tests/t4445-scan-user-cast-objects.t). */
#include <lib/castobj.h>

/* a const page cast to a writable one, as mimalloc's internal.h */
uintptr_t co_page_heap(const co_page_t *page)
{
	return CO_LOAD(&((co_page_t *)page)->xheap);
}

/* an int's address cast to the atomic word's typedef, as nsync */
co_word_t co_sema_load(struct co_sema *f)
{
	return CO_LOAD((co_word_t *) &f->i);
}

/* a void * member cast to a struct pointer, indexed, as HAProxy */
unsigned int co_conns(struct co_member **m, int r, int t)
{
	return CO_LOAD(&((struct co_listener *)m[r]->owner)->thr_conn[t]);
}

/* a char * plus an offset is a char *, as HAProxy's ring_area + ofs */
char co_ring_byte(char *ring_area, unsigned long ofs)
{
	return CO_LOAD(ring_area + ofs);
}

void co_ring_mark(char *area, unsigned long ofs, unsigned long sz)
{
	CO_STORE(area + (ofs > 0 ? ofs - 1 : sz - 1), 1);
}

/* a conditional of two casts: not read (not known) */
unsigned int co_either(void *p, void *q, int k)
{
	return CO_LOAD(k ? (co_word_t *)p : (co_word_t *)q);
}

/* an _Atomic(T) cast, as mimalloc's (_Atomic(int64_t)*)p, and a
 * pointer's post-increment, as its mi_atomic_load_relaxed(field++) */
int64_t co_load_i64(volatile int64_t *p)
{
	return CO_LOAD_C11((_Atomic(int64_t) *)p);
}

uint32_t co_next(uint32_t **field)
{
	return CO_LOAD((*field)++);
}

/* a function's argument is converted to its parameter, which decides
 * what is read: a byte address, a 4-byte register (readl(p->membase +
 * offset) in Linux's 8250 driver), never the char the sum points to */
static inline uint32_t co_readl(const volatile void *addr)
{
	return *(const volatile uint32_t *)addr;
}

uint32_t co_reg(unsigned char *membase, unsigned long offset)
{
	return co_readl(membase + offset);
}
