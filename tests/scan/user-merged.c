/* Three once-stores of one object that clang 19 merges into one store
 * whose line-table row is line 0 (libbpf's feat_supported shape;
 * tests/t4382-scan-merged-line0.t). */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

enum result { UNKNOWN, SUPPORTED, MISSING };

int probe(void);
void warn(int err);

int feature(enum result *res)
{
	if (READ_ONCE(*res) == UNKNOWN) {
		int ret = probe();

		if (ret > 0) {
			WRITE_ONCE(*res, SUPPORTED);
		} else if (ret == 0) {
			WRITE_ONCE(*res, MISSING);
		} else {
			warn(ret);
			WRITE_ONCE(*res, MISSING);
		}
	}
	return READ_ONCE(*res) == SUPPORTED;
}
