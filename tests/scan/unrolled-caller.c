/*
 * A once-access in a function inlined into a loop of its caller (the
 * kernel's zone_managed_pages() in setup_per_zone_lowmem_reserve()):
 * z[2] is read once for i = 0 and once for i = 1, and a compiler that
 * unrolls both loops puts the two loads on one straight path -- two
 * iterations, not a duplicate.  Fixture for tests/t4160-scan-riscv64.t.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
static inline long read_counter(long *p)
{
	return READ_ONCE(*p);
}
void sum_pairs(long *z, long *out);
void sum_pairs(long *z, long *out)
{
	for (int i = 0; i < 2; i++)
		for (int j = i + 1; j < 3; j++)
			out[i] += read_counter(&z[j]);
}
