/*
 * Loops that macros open, in the shape of the kernel's
 * list_for_each_entry_safe(pos, n, head, member) { ... }: a header's
 * macro whose body is a for, and one whose body starts with it.
 * Fixture for tests/t4532-scan-macro-loop.t.
 */
#define for_each_index(i, n) for ((i) = 0; (i) < (n); (i)++)
#define for_each_quad(i) for_each_index(i, 4)
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

static inline void put_slot(long *p, long v)
{
	WRITE_ONCE(*p, v);
}
