#include <lib/vpword.h>

struct peer {
	vp_word_t state;
	vp_wide_t seq;
	int flags;
	int count;
};

uint32_t peer_state(struct peer *p)
{
	return vp_ld32(&p->state);
}

void peer_set(struct peer *p, uint32_t s)
{
	vp_st32(&p->state, s);
}

uint64_t peer_seq(struct peer *p)
{
	return vp_ld64(&p->seq);
}

int peer_flags(struct peer *p)
{
	return vp_load_int(&p->flags);
}

int peer_other(struct peer *p)
{
	vp_inc(&p->count);
	return vp_twice(&p->count) + vp_plain(&p->count);
}

/* an out-of-line copy of the store, judged where it is defined */
void (*peer_setter)(volatile vp_word_t *, uint32_t) = vp_st32;
