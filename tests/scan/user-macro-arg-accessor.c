/* An accessor called in the argument of a logging macro, on a line
 * after the macro's name (rdma-core's mlx5_err(ctx->dbg_fp, "...",
 * be32toh(mmio_read32_be(h->assert_var + i)))): gcc gives the inlined
 * copy the macro's line and column.  So it gives a copy that the
 * macro's own body calls (log_status, a once-macro of reg_read32;
 * log_pair, none). */
#include <stdint.h>
#include <stdio.h>

static inline uint32_t reg_read32(const uint32_t *p)
{
	return *(const volatile uint32_t *)p;
}

#define log_err(fp, fmt, ...) fprintf(fp, "err: " fmt, ##__VA_ARGS__)
#define log_status(fp, st, fmt, ...) \
	fprintf(fp, "status 0x%08x " fmt, reg_read32(st), ##__VA_ARGS__)
#define log_pair(fp, st, fmt, ...) \
	fprintf(fp, "pair 0x%08x 0x%08x " fmt, reg_read32(st), \
		reg_read32((st) + 1), ##__VA_ARGS__)

struct health { uint32_t assert_var[5]; uint32_t exit_ptr; uint32_t callra; };

static const int verbose;

void print_health(FILE *fp, const struct health *h)
{
	for (int i = 0; i < 5; i++)
		log_err(fp, "assert_var[%d] 0x%08x\n",
			i, reg_read32(h->assert_var + i));
	log_err(fp, "assert_exit_ptr 0x%08x\n",
		reg_read32(&h->exit_ptr));
	log_err(fp, "two 0x%08x 0x%08x\n",
		reg_read32(&h->callra),
		reg_read32(&h->exit_ptr));
}

void print_status(FILE *fp, const struct health *h)
{
	log_status(fp, &h->callra, "exit 0x%08x\n",
		   verbose ? reg_read32(&h->exit_ptr) : 0u);
	log_status(fp, &h->callra, "exit 0x%08x\n",
		   reg_read32(&h->exit_ptr));
	log_pair(fp, h->assert_var, "callra 0x%08x\n",
		 verbose ? reg_read32(&h->callra) : 0u);
}
