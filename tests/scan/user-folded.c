/* Loads folded into another instruction, and the padding after a
 * function that does not return (tests/t4320-scan-user-attribution.t). */
#include <stdint.h>
#include <stdlib.h>

#define MY_READ(x) (*(const volatile __typeof__(x) *)&(x))

struct s { uint32_t a, b, c; int n; };

int positive(struct s *s)
{
	if (MY_READ(s->n) > 0)
		return 1;
	return 0;
}

uint32_t sum3(struct s *s)
{
	return MY_READ(s->a) + MY_READ(s->b) + MY_READ(s->c);
}

void check(struct s *s)
{
	if (MY_READ(s->a) != 7)
		abort();
}

int wait_flag(struct s *s, int spins)
{
	while (spins-- > 0)
		if (MY_READ(s->n) == 1)
			return 1;
	return MY_READ(s->c) == 3;
}

/* A local whose address is published: its accesses in the frame are the
 * object's (x86-64 reads 0x18(%rsp), aarch64 through add x19, sp, #..) */
struct flag { int ready; int pad[5]; int go; };
extern void publish(struct flag *);

int wait_local(void)
{
	struct flag f = { 0 };

	publish(&f);
	while (!MY_READ(f.go))
		;
	return MY_READ(f.ready);
}

/* ... and one whose address is not: the frame holds a copy */
int plain_local(int v)
{
	return MY_READ(v) * 0 + v;
}
