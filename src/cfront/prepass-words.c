/* The pre-pass's words of a file in one pass (prepass-words.h). */
#include "cfront/prepass-words.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <string.h>
#if defined(__x86_64__) && defined(__GNUC__)
#define PREPASS_X86 1
#include <immintrin.h>
#endif

/* The longest word, "__cplusplus", ends 10 bytes after its start: a
 * block of positions is taken while its loads stay inside. */
#define REACH 10

static int forced; /* prepass_words_force() */

void prepass_words_force(int how)
{
	forced = how;
}

static void add(size_t **v, size_t *nr, size_t *alloc, size_t off)
{
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[(*nr)++] = off;
}

/* The word that starts at buf[i], if any, when i + its length fits. */
static void word_at(struct prepass_words *w, const char *buf, size_t len,
		    size_t i)
{
	const char *p = buf + i;
	size_t left = len - i;

	if (left >= 7 && !memcmp(p, "include", 7))
		add(&w->includes, &w->nr_includes, &w->alloc_includes, i);
	else if (left >= 6 && !memcmp(p, "define", 6))
		add(&w->defines, &w->nr_defines, &w->alloc_defines, i);
	else if ((left >= 8 && !memcmp(p, "_MSC_VER", 8)) ||
		 (left >= 11 && !memcmp(p, "__cplusplus", 11)))
		w->foreign = 1;
}

/* The positions of one block whose bits are set: the words there, in
 * order (i: the block's first position). */
static inline void block_words(struct prepass_words *w, const char *buf,
			       size_t len, size_t i, unsigned mask)
{
	for (; mask; mask &= mask - 1)
		word_at(w, buf, len, i + (size_t)__builtin_ctz(mask));
}

#ifdef PREPASS_X86
/*
 * 32 positions at a time from *i while the loads stay inside: "in" with
 * an 'e' 6 bytes on ("include"), "de" with an 'e' 5 on ("define"), and,
 * until one is found, "_M" with an 'R' 7 on or "__" with an 's' 10 on
 * ("_MSC_VER", "__cplusplus").  The second byte is asked too: with the
 * first and the last alone about one block in three held a position to
 * look at, and word_at()'s compares and the branches they cost the
 * processor's guess were a fifth of the pass.  *i: the first position
 * not looked at.
 */
__attribute__((target("avx2")))
static void scan_avx2(struct prepass_words *w, const char *buf, size_t len,
		      size_t *i)
{
	const __m256i ci = _mm256_set1_epi8('i'), cd = _mm256_set1_epi8('d');
	const __m256i ce = _mm256_set1_epi8('e'), cu = _mm256_set1_epi8('_');
	const __m256i cr = _mm256_set1_epi8('R'), cs = _mm256_set1_epi8('s');
	const __m256i cn = _mm256_set1_epi8('n'), cm = _mm256_set1_epi8('M');

	for (; *i + REACH + 32 <= len; *i += 32) {
		const char *p = buf + *i;
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)p);
		__m256i x1 = _mm256_loadu_si256(
			(const __m256i *)(const void *)(p + 1));
		__m256i e6 = _mm256_cmpeq_epi8(_mm256_loadu_si256(
			(const __m256i *)(const void *)(p + 6)), ce);
		__m256i e5 = _mm256_cmpeq_epi8(_mm256_loadu_si256(
			(const __m256i *)(const void *)(p + 5)), ce);
		__m256i in = _mm256_and_si256(_mm256_and_si256(
			_mm256_cmpeq_epi8(x, ci), _mm256_cmpeq_epi8(x1, cn)), e6);
		__m256i de = _mm256_and_si256(_mm256_and_si256(
			_mm256_cmpeq_epi8(x, cd), _mm256_cmpeq_epi8(x1, ce)), e5);
		unsigned mask = (unsigned)_mm256_movemask_epi8(
			_mm256_or_si256(in, de));

		if (!w->foreign) {
			__m256i r7 = _mm256_and_si256(_mm256_cmpeq_epi8(x1, cm),
				_mm256_cmpeq_epi8(_mm256_loadu_si256(
				(const __m256i *)(const void *)(p + 7)), cr));
			__m256i s10 = _mm256_and_si256(_mm256_cmpeq_epi8(x1, cu),
				_mm256_cmpeq_epi8(_mm256_loadu_si256(
				(const __m256i *)(const void *)(p + 10)), cs));

			mask |= (unsigned)_mm256_movemask_epi8(_mm256_and_si256(
				_mm256_cmpeq_epi8(x, cu),
				_mm256_or_si256(r7, s10)));
		}
		block_words(w, buf, len, *i, mask);
	}
}
#endif

#ifdef __SSE2__
/* The same 16 positions at a time (SSE2: every x86-64). */
static void scan_sse2(struct prepass_words *w, const char *buf, size_t len,
		      size_t *i)
{
	const __m128i ci = _mm_set1_epi8('i'), cd = _mm_set1_epi8('d');
	const __m128i ce = _mm_set1_epi8('e'), cu = _mm_set1_epi8('_');
	const __m128i cr = _mm_set1_epi8('R'), cs = _mm_set1_epi8('s');
	const __m128i cn = _mm_set1_epi8('n'), cm = _mm_set1_epi8('M');

	for (; *i + REACH + 16 <= len; *i += 16) {
		const char *p = buf + *i;
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i x1 = _mm_loadu_si128(
			(const __m128i *)(const void *)(p + 1));
		__m128i e6 = _mm_cmpeq_epi8(_mm_loadu_si128(
			(const __m128i *)(const void *)(p + 6)), ce);
		__m128i e5 = _mm_cmpeq_epi8(_mm_loadu_si128(
			(const __m128i *)(const void *)(p + 5)), ce);
		__m128i in = _mm_and_si128(_mm_and_si128(
			_mm_cmpeq_epi8(x, ci), _mm_cmpeq_epi8(x1, cn)), e6);
		__m128i de = _mm_and_si128(_mm_and_si128(
			_mm_cmpeq_epi8(x, cd), _mm_cmpeq_epi8(x1, ce)), e5);
		unsigned mask = (unsigned)_mm_movemask_epi8(_mm_or_si128(in, de));

		if (!w->foreign) {
			__m128i r7 = _mm_and_si128(_mm_cmpeq_epi8(x1, cm),
				_mm_cmpeq_epi8(_mm_loadu_si128(
				(const __m128i *)(const void *)(p + 7)), cr));
			__m128i s10 = _mm_and_si128(_mm_cmpeq_epi8(x1, cu),
				_mm_cmpeq_epi8(_mm_loadu_si128(
				(const __m128i *)(const void *)(p + 10)), cs));

			mask |= (unsigned)_mm_movemask_epi8(_mm_and_si128(
				_mm_cmpeq_epi8(x, cu), _mm_or_si128(r7, s10)));
		}
		block_words(w, buf, len, *i, mask);
	}
}
#endif

void prepass_words_scan(struct prepass_words *w, const char *buf, size_t len)
{
	size_t i = 0;

	w->nr_includes = w->nr_defines = 0;
	w->foreign = 0;
	/* never NULL: NULL asks discovery and the include lines to search
	 * for themselves */
	ALLOC_GROW(w->includes, 16, w->alloc_includes);
	ALLOC_GROW(w->defines, 16, w->alloc_defines);
#ifdef PREPASS_X86
	if (!forced && mem_find_avx2())
		scan_avx2(w, buf, len, &i);
#endif
#ifdef __SSE2__
	if (forced != 2)
		scan_sse2(w, buf, len, &i);
#endif
	/* the last positions, where a block's loads would not fit */
	for (; i < len; i++)
		word_at(w, buf, len, i);
}

void prepass_words_release(struct prepass_words *w)
{
	free(w->includes);
	free(w->defines);
	memset(w, 0, sizeof(*w));
}
