/*
 * A call of a copy function on a scalar's rows is not the scalar's
 * access (tests/t4590-*.t).  Linux 6.1's neigh_confirm(), `unsigned long
 * now = jiffies;` inlined into ip_finish_output2(), was "torn, compiled
 * to a call of __memcpy()": the call was another statement's copy of
 * the skb's header, and an 8-byte scalar is read in one instruction,
 * never through memcpy.
 *
 * copy_stamp(): the value written to the 8-byte local comes from a
 * call of __memcpy() (the kernel's own name), so the call is on the
 * site's row; the store itself is to the frame (gcc 12 and clang 19,
 * -O2, x86-64): nothing of the object is accessed there but the frame.
 *
 * (A struct's copy by a call is still the access, and torn: t4925.)
 */
#include <stddef.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

__attribute__((noinline)) void *__memcpy(void *d, const void *s, size_t n)
{
	char *to = d;
	const char *from = s;

	while (n--)
		*to++ = *from++;
	__asm__ volatile("" ::: "memory");
	return d;
}

unsigned long copy_stamp(void *d, const void *s, size_t n)
{
	unsigned long stamp;

	WRITE_ONCE(stamp, (__memcpy(d, s, n), 1UL));
	return READ_ONCE(stamp);
}
