/* Uses of macros whose one access is a hand-written volatile cast to a
 * type of its own, at an address no object has
 * (tests/t4388-scan-cast-width.t): nothing types the object, and the
 * cast's type gives the access's width -- nsync's ASSERT crash store
 * *(volatile int *)0 = 0 is "ok" as one 4-byte store (issue 31). */
typedef unsigned short half_t;

#define CRASH() do { *(volatile int *)0 = 0; } while (0)
#define READ_REG() (*(volatile unsigned long *)0x1000)
#define WRITE_HALF(v) (*(volatile half_t *)0x2000 = (v))

void check(int ok)
{
	if (!ok)
		CRASH();
}

unsigned long reg(void)
{
	unsigned long x;

	x = READ_REG();
	return x;
}

void half(void)
{
	WRITE_HALF(7);
}
