/*
 * Csmith-shaped program for t5006 (served as "seed 1" by ./csmith): the
 * volatile-cast ACCESS_ONCE of --enable-access-once on an 8-byte struct
 * of two int32_t -- the read clang splits into one load per field -- and
 * on a scalar, read and written.
 */
#include <stdio.h>
#include <stdint.h>

#ifndef ACCESS_ONCE
#define ACCESS_ONCE(v) (*(volatile typeof(v) *)&(v))
#endif

struct S0 {
	int32_t f0;
	int32_t f1;
};

static struct S0 g_2 = { 1, 2 };
static int32_t g_3 = 7;

int main(void)
{
	struct S0 s = ACCESS_ONCE(g_2);

	ACCESS_ONCE(g_3) = s.f0 + s.f1;
	printf("checksum = %X\n", (unsigned)ACCESS_ONCE(g_3));
	return 0;
}
