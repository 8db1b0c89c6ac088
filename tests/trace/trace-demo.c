/*
 * A probe-like program with known accesses to one watched object, for
 * testing the tracers (tests/t11xx-*.t).  Built static, -O2, for each
 * target.  Each step is a separate noinline function, so the compiler
 * cannot merge, drop or reorder the steps; the expected trace is in the
 * test scripts.
 *
 *   trace-demo          the standard sequence
 *   trace-demo copy     a 32-byte struct copy (MVC on s390x: blind)
 *   trace-demo memcpy   glibc's memcpy() of 24 bytes (SVE on aarch64 -cpu max)
 *   trace-demo dead     x86 only: three loads whose results are dead (valgrind
 *                       drops them unless --vex-iropt-level=0)
 *   trace-demo crash    dies of SIGSEGV after one access
 *   trace-demo fail     exits with status 3
 *   trace-demo hang     never ends
 */
#include <stdint.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

struct watched {
	uint8_t b;
	uint8_t pad1;
	uint16_t h;
	uint32_t w;
	uint64_t d;
	uint64_t v[2] __attribute__((aligned(16)));
	uint32_t cas;
	uint32_t pad2;
	uint64_t tail[4];
	unsigned char big[256];
};

struct watched watched __attribute__((aligned(64)));
struct watched other;  /* not watched: a copy source */

#define ONCE(x) (*(volatile __typeof__(x) *)&(x))

NOINLINE static void stores(void)
{
	ONCE(watched.b) = 1;
	ONCE(watched.h) = 2;
	ONCE(watched.w) = 3;
	ONCE(watched.d) = 4;
}

NOINLINE static unsigned long loads(void)
{
	unsigned long s = ONCE(watched.b);

	s += ONCE(watched.h);
	s += ONCE(watched.w);
	s += ONCE(watched.d);
	return s;
}

/* One 16-byte vector load and store where the target has them. */
NOINLINE static void vector_copy(void)
{
#if defined(__SSE2__) || defined(__aarch64__)
	typedef uint64_t v2 __attribute__((vector_size(16)));
	v2 x = *(volatile v2 *)&watched.v;

	*(volatile v2 *)&watched.v = x + 1;
#else
	ONCE(watched.v[0]) = ONCE(watched.v[0]) + 1;
	ONCE(watched.v[1]) = ONCE(watched.v[1]) + 1;
#endif
}

NOINLINE static int cas(void)
{
	uint32_t expect = 0;

	return __atomic_compare_exchange_n(&watched.cas, &expect, 7, 0,
					   __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

NOINLINE static void discarded(void)
{
	(void)ONCE(watched.w);
}

NOINLINE static void struct_copy(void)
{
	memcpy(&other.tail, "0123456789abcdef0123456789abcdef", 32);
	__builtin_memcpy(watched.tail, other.tail, sizeof(watched.tail));
}

NOINLINE static void big_memcpy(void)
{
	/* Through a volatile function pointer: the library's memcpy, not an
	 * inlined copy. */
	void *(*volatile cp)(void *, const void *, size_t) = memcpy;

	cp(watched.big, other.big, 24);
}

NOINLINE static void dead_loads(void)
{
#if defined(__x86_64__)
	__asm__ volatile("movl %0, %%eax\n\tmovl $0, %%eax\n\t"
			 "movl %1, %%ecx\n\tmovl $0, %%ecx\n\t"
			 "cmpl $0, %2\n\tcmpl $5, %%ecx"
			 : : "m"(watched.w), "m"(watched.cas), "m"(watched.b)
			 : "eax", "ecx", "memory", "cc");
#endif
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "dead")) {
		dead_loads();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "copy")) {
		struct_copy();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "memcpy")) {
		big_memcpy();
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "crash")) {
		ONCE(watched.b) = 1;
		ONCE(*(volatile int *)(uintptr_t)ONCE(watched.pad1)) = 0;
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "fail"))
		return 3;
	if (argc > 1 && !strcmp(argv[1], "hang")) {
		for (;;)
			ONCE(watched.w)++;
	}
	stores();
	if (loads() != 10)
		return 3;
	vector_copy();
	if (!cas())
		return 4;
	discarded();
	return 0;
}
