/*
 * Csmith-shaped program for t5006 (served as "seed 2" by ./csmith): a
 * 64-bit scalar read once through the volatile-cast ACCESS_ONCE.  On
 * armhf gcc -O0 reads it with ldrd, two 4-byte accesses as QEMU reports
 * them: one read of a scalar wider than the word, not a torn one.
 * rwonce.h refuses READ_ONCE of it there (8 bytes on a 32-bit target).
 */
#include <stdio.h>
#include <stdint.h>

#ifndef ACCESS_ONCE
#define ACCESS_ONCE(v) (*(volatile typeof(v) *)&(v))
#endif

static int64_t g_1 = 0x45C5BB085CA7DBC8LL;

int main(void)
{
	int64_t v = ACCESS_ONCE(g_1);

	printf("checksum = %X\n", (unsigned)(v ^ (v >> 32)));
	return 0;
}
