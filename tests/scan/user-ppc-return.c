/* liburcu's _urcu_bp_read_unlock shape (tests/t4336-scan-ppc-return.t):
 * gcc 12 for ppc64le copies the once-store into both sides of the if,
 * each copy followed by its own blr. */
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct reader { unsigned long ctr; };
extern int has_membarrier;
extern struct reader *reader;

void read_unlock(void)
{
	unsigned long *ctr = &reader->ctr;
	unsigned long tmp = *ctr;

	if (__builtin_expect(has_membarrier, 1))
		__asm__ __volatile__("" ::: "memory");
	else
		__asm__ __volatile__("sync" ::: "memory");
	WRITE_ONCE(*ctr, tmp - 1);
}
