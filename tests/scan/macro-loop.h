/*
 * Loops that macros open, in the shape of the kernel's
 * list_for_each_entry_safe(pos, n, head, member) { ... }: a header's
 * macro whose body is a for, one whose body starts with it, and one
 * whose expansion holds a for (the kernel's read_seqcount_begin(s)).
 * Fixture for tests/t4532-scan-macro-loop.t.
 */
#define for_each_index(i, n) for ((i) = 0; (i) < (n); (i)++)
#define for_each_quad(i) for_each_index(i, 4)
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

static inline void put_slot(long *p, long v)
{
	WRITE_ONCE(*p, v);
}

static inline int put_next(long *p, int i)
{
	WRITE_ONCE(*p, i);
	return i < 3;
}

/* a loop inside a statement expression: the use is no loop header,
 * but a call in its expansion runs four times */
#define put_four(p) ({ for (int k_ = 0; k_ < 4; k_++) put_slot(p, 40 + k_); 0; })
