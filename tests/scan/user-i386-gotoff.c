/*
 * gcc -m32 -fPIC -O2 -g: with the GOT pointer (ebx) taken by the asm,
 * gcc keeps the GOT address in a stack slot, and the DW_AT_call_value of
 * each string argument of report() is that slot plus a GOT-relative
 * offset -- an R_386_GOTOFF relocation in .debug_info, which elfutils
 * leaves unapplied (tests/t4584-scan-i386-gotoff-call-values.t).
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
extern void log_line(const char *where, const char *fn, int v);
int shared;

/* local and not inlined: gcc passes its arguments in registers, and
 * says their values at each call (two calls: no constant to propagate) */
static __attribute__((noinline)) void report(const char *where,
					      const char *fn, int v)
{
	log_line(where, fn, v);
}

int reader(int k)
{
	int v = READ_ONCE(shared);

	/* ebx, esi, edi taken: the GOT pointer goes to a stack slot */
	__asm__ __volatile__("" : "+r"(k) : : "ebx", "esi", "edi");
	if (v > k)
		report("above", __func__, v);
	__asm__ __volatile__("" : "+r"(k) : : "ebx", "esi", "edi");
	if (v < k)
		report("below", "reader2", k);
	return v;
}
