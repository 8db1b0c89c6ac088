/*
 * doc/fuzz/bug-gcc-riscv64-volatile-bitfield-ld.md as a once-access site:
 * gcc 12 riscv64 (-O0 and -O2) reads the volatile bit-field of a 4-byte
 * struct with an 8-byte `ld` -- 4 bytes past the object, here the next
 * volatile object h.  The reduced program, with the read spelled as the
 * kernel's READ_ONCE of the whole struct and the bit-field taken from it,
 * inside a macro: gcc puts the load on the column of `.f0`, after
 * READ_ONCE(g)'s text, and on the macro's use a row's column is the use's.
 * Fixture for tests/t4160-scan-riscv64.t.
 */
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define READ_F0(s) (READ_ONCE(s).f0)

struct S { volatile int f0 : 3; };
static struct S g = { 1 };
static volatile int h = 2;

int read_bitfield(void);
int read_bitfield(void)
{
	int x = READ_F0(g);

	return x + h;
}
