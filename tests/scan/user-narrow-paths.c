/*
 * A faulty store accessor -- 4 bytes of an 8-byte word -- inlined where
 * the compiler makes one store per path (clang 19 for aarch64 copies
 * spin()'s store into both sides of pause_for()'s if), as libatomic_ops'
 * AO_spin does with AO_store (tests/t4366-scan-user-narrow-paths.t).
 */
#include <lib/aliases.h>

static inline void lib_store_low(volatile lib_word *addr, lib_word v)
{
	*(volatile unsigned int *)addr = (unsigned int)v;
}

static volatile lib_word spin_dummy;

static void spin(int n)
{
	lib_word j = lib_load(&spin_dummy);
	int i = 2 << n;

	while (i-- > 0)
		j += j << 2;
	lib_store_low(&spin_dummy, j);
}

void pause_for(int n)
{
	if (n < 12)
		spin(n);
	else
		spin(12);
}
