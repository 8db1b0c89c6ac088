/*
 * RISC-V DWARF with ULEB128 label differences (tests/t4926-*.t): clang
 * 19 relaxes calls, so the distances inside f() are not known when it
 * writes .debug_rnglists -- the inlined copies of peek(), split by the
 * unlikely calls moved to the end, have ranges whose offsets are
 * ULEB128s with an R_RISCV_SET_ULEB128/SUB_ULEB128 pair each, which
 * elfutils 0.188 does not apply.  Both copies of the READ_ONCE of the
 * two-u16 pair are torn; the flag's read is one lw.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
struct pair { unsigned short lo, hi; };
struct obj { long pad; struct pair p; int flag; };
void ext(int);
static inline __attribute__((always_inline)) unsigned peek(struct obj *o)
{
	struct pair v = READ_ONCE(o->p);
	if (__builtin_expect(v.lo != v.hi, 0)) {
		ext(v.lo);
		ext(v.hi);
	}
	return v.hi;
}
unsigned f(struct obj *o, int c)
{
	unsigned s = 0;
	if (c)
		ext(c);
	s += peek(o);
	if (READ_ONCE(o->flag))
		ext(2);
	return s + peek(o);
}
