/* Finding a short word in a buffer (memfind.h). */
#define _GNU_SOURCE /* memmem */
#include "lib/memfind.h"

#include <stdint.h>
#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#define MEMFIND_X86 1
#include <immintrin.h>
#endif

#ifdef MEMFIND_X86
/* Does the needle's middle match at `at`?  Bytes compared inline: a
 * call would make the compiler keep the vectors on the stack. */
static inline int middle_matches(const char *at, const char *needle, size_t m)
{
	for (size_t k = 1; k + 1 < m; k++)
		if (at[k] != needle[k])
			return 0;
	return 1;
}

/* The first position of a block whose bit is set in mask (the needle's
 * first and last bytes match there) where the middle matches too. */
static inline const char *first_in_mask(const char *block, unsigned mask,
					const char *needle, size_t m)
{
	for (; mask; mask &= mask - 1) {
		const char *at = block + __builtin_ctz(mask);

		if (middle_matches(at, needle, m))
			return at;
	}
	return NULL;
}

/*
 * The blocks of 32 starting positions from *i on while both loads stay
 * inside the buffer: the needle's first byte compared at each position,
 * its last m - 1 bytes further, the middle only where both match.  The
 * first occurrence, or NULL with *i at the first position not looked at.
 */
__attribute__((target("avx2")))
static const char *find_avx2(const char *hay, size_t n, const char *needle,
			     size_t m, size_t *i)
{
	const __m256i first = _mm256_set1_epi8(needle[0]);
	const __m256i last = _mm256_set1_epi8(needle[m - 1]);

	for (; *i + m - 1 + 32 <= n; *i += 32) {
		__m256i a = _mm256_loadu_si256((const __m256i *)(hay + *i));
		__m256i b = _mm256_loadu_si256((const __m256i *)
					       (hay + *i + m - 1));
		unsigned mask = (unsigned)_mm256_movemask_epi8(
			_mm256_and_si256(_mm256_cmpeq_epi8(a, first),
					 _mm256_cmpeq_epi8(b, last)));
		const char *hit = first_in_mask(hay + *i, mask, needle, m);

		if (hit)
			return hit;
	}
	return NULL;
}

/* The same 16 positions at a time (SSE2: every x86-64). */
static const char *find_sse2(const char *hay, size_t n, const char *needle,
			     size_t m, size_t *i)
{
	const __m128i first = _mm_set1_epi8(needle[0]);
	const __m128i last = _mm_set1_epi8(needle[m - 1]);

	for (; *i + m - 1 + 16 <= n; *i += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(hay + *i));
		__m128i b = _mm_loadu_si128((const __m128i *)(hay + *i + m - 1));
		unsigned mask = (unsigned)_mm_movemask_epi8(
			_mm_and_si128(_mm_cmpeq_epi8(a, first),
				      _mm_cmpeq_epi8(b, last)));
		const char *hit = first_in_mask(hay + *i, mask, needle, m);

		if (hit)
			return hit;
	}
	return NULL;
}

static int no_avx2; /* mem_find_without_avx2() */

static int have_avx2(void)
{
	/* Threads may ask first at once: each writes the same answer, and
	 * the relaxed atomics make that a race of values, not of the C
	 * memory model (ThreadSanitizer flagged the plain int at -j 4). */
	static int known = -1;
	int k = __atomic_load_n(&known, __ATOMIC_RELAXED);

	if (k < 0) {
		k = __builtin_cpu_supports("avx2") ? 1 : 0;
		__atomic_store_n(&known, k, __ATOMIC_RELAXED);
	}
	return k && !no_avx2;
}
#endif

int mem_find_avx2(void)
{
#ifdef MEMFIND_X86
	return have_avx2();
#else
	return 0;
#endif
}

void mem_find_without_avx2(int off)
{
#ifdef MEMFIND_X86
	no_avx2 = off;
#else
	(void)off;
#endif
}

const char *mem_find(const char *hay, size_t n, const char *needle, size_t m)
{
	size_t i = 0;

#ifdef MEMFIND_X86
	/*
	 * Past 16 bytes glibc's two-way search skips ahead and wins; below
	 * 2 there is no pair of bytes to test.  What the blocks leave, the
	 * tail, goes to memmem().
	 */
	if (m >= 2 && m <= 16 && n >= m) {
		const char *hit = NULL;

		if (have_avx2())
			hit = find_avx2(hay, n, needle, m, &i);
		if (!hit)
			hit = find_sse2(hay, n, needle, m, &i);
		if (hit)
			return hit;
	}
#endif
	return memmem(hay + i, n - i, needle, m);
}

/* ---- one of two words ---- */

#ifdef MEMFIND_X86
/*
 * The blocks of 32 starting positions from *i on while every load stays
 * inside the buffer (m: the longer needle's length): both needles'
 * first and last bytes compared at each position, the middles only
 * where they match.  1 when either is found; else 0 with *i at the
 * first position not looked at.
 */
__attribute__((target("avx2")))
static int either_avx2(const char *hay, size_t n, const char *a, size_t am,
		       const char *b, size_t bm, size_t m, size_t *i)
{
	const __m256i af = _mm256_set1_epi8(a[0]);
	const __m256i al = _mm256_set1_epi8(a[am - 1]);
	const __m256i bf = _mm256_set1_epi8(b[0]);
	const __m256i bl = _mm256_set1_epi8(b[bm - 1]);

	for (; *i + m - 1 + 32 <= n; *i += 32) {
		const char *p = hay + *i;
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i ya = _mm256_loadu_si256((const __m256i *)(const void *)
						(p + am - 1));
		__m256i yb = _mm256_loadu_si256((const __m256i *)(const void *)
						(p + bm - 1));
		unsigned ma = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(
			_mm256_cmpeq_epi8(x, af), _mm256_cmpeq_epi8(ya, al)));
		unsigned mb = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(
			_mm256_cmpeq_epi8(x, bf), _mm256_cmpeq_epi8(yb, bl)));

		if (!(ma | mb))
			continue;
		if (first_in_mask(p, ma, a, am) || first_in_mask(p, mb, b, bm))
			return 1;
	}
	return 0;
}

/* The same 16 positions at a time (SSE2). */
static int either_sse2(const char *hay, size_t n, const char *a, size_t am,
		       const char *b, size_t bm, size_t m, size_t *i)
{
	const __m128i af = _mm_set1_epi8(a[0]);
	const __m128i al = _mm_set1_epi8(a[am - 1]);
	const __m128i bf = _mm_set1_epi8(b[0]);
	const __m128i bl = _mm_set1_epi8(b[bm - 1]);

	for (; *i + m - 1 + 16 <= n; *i += 16) {
		const char *p = hay + *i;
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i ya = _mm_loadu_si128((const __m128i *)(const void *)
					     (p + am - 1));
		__m128i yb = _mm_loadu_si128((const __m128i *)(const void *)
					     (p + bm - 1));
		unsigned ma = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(x, af), _mm_cmpeq_epi8(ya, al)));
		unsigned mb = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_cmpeq_epi8(x, bf), _mm_cmpeq_epi8(yb, bl)));

		if (!(ma | mb))
			continue;
		if (first_in_mask(p, ma, a, am) || first_in_mask(p, mb, b, bm))
			return 1;
	}
	return 0;
}
#endif

int mem_find_either(const char *hay, size_t n, const char *a, size_t am,
		    const char *b, size_t bm)
{
	size_t i = 0;

#ifdef MEMFIND_X86
	/* the blocks where both needles fit mem_find()'s; what they leave
	 * goes to it, for each needle from the first position not looked
	 * at */
	if (am >= 2 && am <= 16 && bm >= 2 && bm <= 16) {
		size_t m = am > bm ? am : bm;

		if (n >= m) {
			if (have_avx2() &&
			    either_avx2(hay, n, a, am, b, bm, m, &i))
				return 1;
			if (either_sse2(hay, n, a, am, b, bm, m, &i))
				return 1;
		}
	}
#endif
	return mem_find(hay + i, n - i, a, am) || mem_find(hay + i, n - i, b, bm);
}

/* ---- in either case ---- */

/* c with 'A'..'Z' made lower case: strncasecmp()'s fold in the C
 * locale (the tool never sets another). */
static inline unsigned char fold(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c + 32) : c;
}

static inline int nocase_at(const char *at, const char *needle, size_t m)
{
	for (size_t k = 0; k < m; k++)
		if (fold((unsigned char)at[k]) != (unsigned char)needle[k])
			return 0;
	return 1;
}

#ifdef MEMFIND_X86
/* The first position of a block whose bit is set in mask where the
 * whole needle matches in either case. */
static inline const char *first_nocase(const char *block, unsigned mask,
				       const char *needle, size_t m)
{
	for (; mask; mask &= mask - 1) {
		const char *at = block + __builtin_ctz(mask);

		if (nocase_at(at, needle, m))
			return at;
	}
	return NULL;
}

/*
 * As find_avx2(), in either case: a byte ORed with 0x20 is the needle's
 * (lower-case) byte ORed with 0x20 for both cases of a letter -- and for
 * a few other bytes, which the whole comparison then turns down.  The
 * needle's first, second and last bytes are compared at 32 positions.
 */
__attribute__((target("avx2")))
static const char *nocase_avx2(const char *hay, size_t n, const char *needle,
			       size_t m, size_t *i)
{
	const __m256i low = _mm256_set1_epi8(0x20);
	const __m256i b0 = _mm256_set1_epi8((char)(needle[0] | 0x20));
	const __m256i b1 = _mm256_set1_epi8((char)(needle[1] | 0x20));
	const __m256i bl = _mm256_set1_epi8((char)(needle[m - 1] | 0x20));

	for (; *i + m - 1 + 32 <= n; *i += 32) {
		const char *p = hay + *i;
		__m256i a = _mm256_or_si256(_mm256_loadu_si256(
			(const __m256i *)(const void *)p), low);
		__m256i b = _mm256_or_si256(_mm256_loadu_si256(
			(const __m256i *)(const void *)(p + 1)), low);
		__m256i c = _mm256_or_si256(_mm256_loadu_si256(
			(const __m256i *)(const void *)(p + m - 1)), low);
		unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_and_si256(
			_mm256_and_si256(_mm256_cmpeq_epi8(a, b0),
					 _mm256_cmpeq_epi8(b, b1)),
			_mm256_cmpeq_epi8(c, bl)));
		const char *hit = first_nocase(p, mask, needle, m);

		if (hit)
			return hit;
	}
	return NULL;
}

/* The same 16 positions at a time (SSE2). */
static const char *nocase_sse2(const char *hay, size_t n, const char *needle,
			       size_t m, size_t *i)
{
	const __m128i low = _mm_set1_epi8(0x20);
	const __m128i b0 = _mm_set1_epi8((char)(needle[0] | 0x20));
	const __m128i b1 = _mm_set1_epi8((char)(needle[1] | 0x20));
	const __m128i bl = _mm_set1_epi8((char)(needle[m - 1] | 0x20));

	for (; *i + m - 1 + 16 <= n; *i += 16) {
		const char *p = hay + *i;
		__m128i a = _mm_or_si128(_mm_loadu_si128(
			(const __m128i *)(const void *)p), low);
		__m128i b = _mm_or_si128(_mm_loadu_si128(
			(const __m128i *)(const void *)(p + 1)), low);
		__m128i c = _mm_or_si128(_mm_loadu_si128(
			(const __m128i *)(const void *)(p + m - 1)), low);
		unsigned mask = (unsigned)_mm_movemask_epi8(_mm_and_si128(
			_mm_and_si128(_mm_cmpeq_epi8(a, b0),
				      _mm_cmpeq_epi8(b, b1)),
			_mm_cmpeq_epi8(c, bl)));
		const char *hit = first_nocase(p, mask, needle, m);

		if (hit)
			return hit;
	}
	return NULL;
}
#endif

const char *mem_find_nocase(const char *hay, size_t n, const char *needle,
			    size_t m)
{
	size_t i = 0;

	if (m > n)
		return NULL;
#ifdef MEMFIND_X86
	if (m >= 2) {
		const char *hit = NULL;

		if (have_avx2())
			hit = nocase_avx2(hay, n, needle, m, &i);
		if (!hit)
			hit = nocase_sse2(hay, n, needle, m, &i);
		if (hit)
			return hit;
	}
#endif
	for (; i + m <= n; i++)
		if (nocase_at(hay + i, needle, m))
			return hay + i;
	return NULL;
}

/* ---- counting a byte ---- */

#ifdef MEMFIND_X86
/* The bytes of p[*i..n) that are c, 32 at a time while a load stays
 * inside; *i: the first byte not counted. */
__attribute__((target("avx2,popcnt")))
static size_t count_avx2(const char *p, size_t n, char c, size_t *i)
{
	const __m256i want = _mm256_set1_epi8(c);
	size_t count = 0;

	for (; *i + 32 <= n; *i += 32)
		count += (size_t)__builtin_popcount((unsigned)_mm256_movemask_epi8(
			_mm256_cmpeq_epi8(_mm256_loadu_si256(
				(const __m256i *)(const void *)(p + *i)), want)));
	return count;
}
#endif

size_t mem_count(const char *p, size_t n, char c)
{
	const uint64_t ones = 0x0101010101010101ull, high = ones << 7;
	size_t count = 0, i = 0;

#ifdef MEMFIND_X86
	if (have_avx2())
		count = count_avx2(p, n, c, &i);
#endif
	/* eight at a time: a zero byte where p has c; exact, the high bit
	 * of each byte that was zero, summed in the top byte (no popcount
	 * instruction in the base x86-64 set) */
	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		w ^= ones * (unsigned char)c;
		w = ~(((w & ~high) + ~high) | w) & high;
		count += (size_t)(((w >> 7) * ones) >> 56);
	}
	for (; i < n; i++)
		count += p[i] == c;
	return count;
}
