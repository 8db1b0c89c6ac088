/* Once-macros on clang's own C11 builtins, as Open vSwitch's
 * lib/ovs-atomic-clang.h spells them (t4570): __c11_atomic_load(P,
 * ORDER) and __c11_atomic_store(P, V, ORDER) read and write *P, an
 * _Atomic object, as atomic_load_explicit and atomic_store_explicit
 * do.  A relaxed (or acquire load, release store) one is one access. */
#include <stdint.h>

#define c11_read_explicit(SRC, DST, ORDER)          \
	(*(DST) = __c11_atomic_load(SRC, ORDER), (void) 0)
#define c11_read_relaxed(VAR, DST) \
	c11_read_explicit(VAR, DST, __ATOMIC_RELAXED)
#define c11_store_relaxed(DST, V) \
	__c11_atomic_store(DST, V, __ATOMIC_RELAXED)
#define c11_load_seq(SRC) __c11_atomic_load(SRC, __ATOMIC_SEQ_CST)

struct stats {
	_Atomic uint32_t hits;
	_Atomic uint64_t bytes;
	_Atomic uint16_t flags;
};

uint32_t hits(struct stats *s)
{
	uint32_t v;

	c11_read_relaxed(&s->hits, &v);
	return v;
}

uint64_t bytes(struct stats *s)
{
	uint64_t v;

	c11_read_explicit(&s->bytes, &v, __ATOMIC_ACQUIRE);
	return v;
}

void set_flags(struct stats *s, uint16_t f)
{
	c11_store_relaxed(&s->flags, f);
}

uint16_t flags_seq(struct stats *s)
{
	return c11_load_seq(&s->flags);
}
