/* A once-macro of gcc's own <stdatomic.h> (atomic_init, a relaxed
 * atomic_store_explicit) beside one of this file's
 * (tests/t4387-scan-compiler-header-macro.t). */
#include <stdatomic.h>
#include <stdint.h>

#define MY_LOAD(p) (*(const volatile uint32_t *)(p))

void ch_init(_Atomic uint32_t *p)
{
	atomic_init(p, 1);
}

uint32_t ch_get(uint32_t *p)
{
	return MY_LOAD(p);
}
