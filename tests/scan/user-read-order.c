/* Once-macros whose atomic's order is the caller's, as Open vSwitch's
 * lib/ovs-atomic-c11.h spells its read side (t4537):
 * atomic_read_explicit(SRC, DST, ORDER) stores what it loads from *SRC,
 * in ORDER, to *DST; atomic_read_relaxed passes memory_order_relaxed,
 * atomic_read memory_order_seq_cst.  A use is a once-access when its
 * order is of one access. */
#include <stdatomic.h>
#include <stdint.h>

#define ovs_read_explicit(SRC, DST, ORDER)          \
	(*(DST) = atomic_load_explicit(SRC, ORDER), \
	 (void) 0)
#define ovs_read(SRC, DST) \
	ovs_read_explicit(SRC, DST, memory_order_seq_cst)
#define ovs_read_relaxed(VAR, DST) \
	ovs_read_explicit(VAR, DST, memory_order_relaxed)

struct stats {
	_Atomic uint32_t hits;
	_Atomic uint64_t bytes;
	_Atomic uint16_t flags;
	_Atomic uint32_t seq;
};

uint32_t hits(struct stats *s)
{
	uint32_t v;

	ovs_read_relaxed(&s->hits, &v);
	return v;
}

uint64_t bytes(struct stats *s)
{
	uint64_t v;

	ovs_read_explicit(&s->bytes, &v, memory_order_acquire);
	return v;
}

uint16_t flags_seq(struct stats *s)
{
	uint16_t v;

	ovs_read_explicit(&s->flags, &v, memory_order_seq_cst);
	return v;
}

uint32_t seq(struct stats *s)
{
	uint32_t v;

	ovs_read(&s->seq, &v);
	return v;
}

uint32_t hits_in(struct stats *s, memory_order order)
{
	uint32_t v;

	ovs_read_explicit(&s->hits, &v, order);
	return v;
}

/* a function of the macro's name (Open vSwitch's atomic_flag_clear_explicit
 * is a macro in one header, a function in another): no use of it */
#undef ovs_read_explicit
void ovs_read_explicit(_Atomic uint32_t *src, uint32_t *dst,
		       memory_order order);
