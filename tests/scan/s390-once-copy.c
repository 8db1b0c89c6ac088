/*
 * Linux 6.12 shapes that scan met on s390x (issue 32; tests/t4924-*.t
 * and t4925-*.t).
 *
 * rcu_trc_cmpxchg_need_qs(): kernel/rcu/tasks.h's READ_ONCE of the 4-byte union
 * rcu_special, then a field of it.  gcc 12 -O2 -march=zEC12 reads the
 * word with one l and takes the byte out with risbgnz, which capstone
 * 4.0.2 cannot decode: the site must still be judged (ok).
 *
 * synproxy_read(), synproxy_write(): net/netfilter/nft_synproxy.c's
 * READ_ONCE and WRITE_ONCE of the 2-byte-aligned 4-byte struct
 * nf_synproxy_info.  clang 19 on s390x makes each a call of memcpy(...,
 * 4) (the write a tail call, jg): not one access (torn), never "no
 * memory access".
 *
 * big_read(): a 320-byte struct read at once, which clang 19 hands to
 * memcpy on x86-64 too (tests/t4925-*.t).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, val) do { *(volatile __typeof__(x) *)&(x) = (val); } while (0)

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;

union rcu_special {
	struct {
		u8 blocked;
		u8 need_qs;
		u8 exp_hint;
		u8 need_mb;
	} b;
	u32 s;
};

struct task {
	long pad[3];
	union rcu_special trc_reader_special;
};

/* kernel/rcu/tasks.h's rcu_trc_cmpxchg_need_qs(), with a builtin for
 * the kernel's cmpxchg() */
u8 rcu_trc_cmpxchg_need_qs(struct task *t, u8 old, u8 new)
{
	union rcu_special ret;
	union rcu_special trs_old = READ_ONCE(t->trc_reader_special);
	union rcu_special trs_new = trs_old;

	if (trs_old.b.need_qs != old)
		return trs_old.b.need_qs;
	trs_new.b.need_qs = new;
	ret.s = __sync_val_compare_and_swap(&t->trc_reader_special.s,
					    trs_old.s, trs_new.s);
	return ret.b.need_qs;
}

struct nf_synproxy_info {
	u8 options;
	u8 wscale;
	u16 mss;
};

struct nft_synproxy {
	struct nf_synproxy_info info;
};

void use(struct nf_synproxy_info *);

void synproxy_read(const struct nft_synproxy *priv)
{
	struct nf_synproxy_info info = READ_ONCE(priv->info);

	use(&info);
}

void synproxy_write(struct nft_synproxy *priv, const struct nft_synproxy *newpriv)
{
	WRITE_ONCE(priv->info, newpriv->info);
}

struct big {
	long a[40];
};

void use_big(struct big *);

void big_read(struct big *p)
{
	struct big b = READ_ONCE(*p);

	use_big(&b);
}
