/* ppc64's traceback table after a function's code
 * (tests/t4450-scan-ppc-traceback.t): the line-table row that ends a
 * function runs on over the table -- a zero word, then the table's
 * fields -- to the symbol's end; those words are no instruction of its
 * site.  A zero word inside the code (an illegal instruction put there
 * by asm, more code after it) stays "not decoded". */
#define READ_ONCE(x) (*(volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define smp_load_acquire(p) ({ __typeof__(*(p)) v_ = READ_ONCE(*(p)); \
	__asm__ __volatile__("sync" ::: "memory"); v_; })
#define load_then_zero_word(p) ({ __typeof__(*(p)) w_ = READ_ONCE(*(p)); \
	__asm__ __volatile__(".long 0" ::: "memory"); w_; })

struct ring {
	unsigned long *consumer_pos;
	unsigned int *producer_pos;
};

/* clang: ld; ld; sync; blr on the site's row, then the table */
unsigned long ring_consumer_pos(struct ring *r)
{
	return smp_load_acquire(r->consumer_pos);
}

/* the zero word in the middle of the site's row: loud */
unsigned int ring_word_pos(struct ring *r)
{
	return load_then_zero_word(r->producer_pos) * 3;
}

/* libbpf's feat_supported: gcc's code ends in the failure branch's
 * "li 9, 2; b" on the last store's row, clang's in the return's load */
struct feat {
	const char *desc;
	int (*probe)(int);
};
extern struct feat feats[8];
struct cache {
	int token_fd;
	int res[8];
};
extern struct cache feature_cache;
void pr_warn(const char *fmt, ...);
const char *errstr(int);

int feat_supported(struct cache *cache, int feat_id)
{
	struct feat *feat = &feats[feat_id];
	int ret;

	if (!cache)
		cache = &feature_cache;
	if (READ_ONCE(cache->res[feat_id]) == 0) {
		ret = feat->probe(cache->token_fd);
		if (ret > 0) {
			WRITE_ONCE(cache->res[feat_id], 1);
		} else if (ret == 0) {
			WRITE_ONCE(cache->res[feat_id], 2);
		} else {
			pr_warn("probing %s failed: %s\n", feat->desc,
				errstr(ret));
			WRITE_ONCE(cache->res[feat_id], 2); /* last store */
		}
	}
	return READ_ONCE(cache->res[feat_id]) == 1;
}
