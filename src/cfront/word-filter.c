/* A file's words as a filter (word-filter.h). */
#include "cfront/word-filter.h"
#include "cfront/ident-mask.h"
#include "lib/memfind.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* Words shorter than this are not kept. */
#define MIN_WORD 4

/*
 * The key of a word of n >= 1 bytes: its length, its first eight bytes
 * and its last eight (fewer when shorter: the first n, the last none),
 * avail the bytes readable from w on.  Without a branch that depends on
 * the word (the build asks it of every word of a tree, and words of
 * under and over eight bytes come in no order a predictor learns).
 */
static inline uint64_t word_hash(const char *w, size_t n, size_t avail)
{
	uint64_t a = 0, b = 0, h;
	size_t n8 = n < 8 ? n : 8;

	if (__builtin_expect(avail >= 8, 1)) {
		memcpy(&a, w, 8);
		memcpy(&b, w + n - n8, 8);
	} else {
		memcpy(&a, w, n); /* n < 8 */
	}
	a &= ~(uint64_t)0 >> (64 - 8 * n8);
	b = n >= 8 ? b : 0;
	h = (a ^ (b << 29 | b >> 35) ^ n) * 0x9e3779b97f4a7c15ULL;
	h ^= h >> 29;
	return h * 0xbf58476d1ce4e5b9ULL;
}

/*
 * Three bits per word, all in one 64-bit word of the bitmap (a blocked
 * Bloom filter): one memory access per word, where three bits anywhere
 * in a bitmap larger than the cache made the build wait on memory.  The
 * word from the hash's top bits, the three bits from its low 18.
 */
static inline size_t word_slot(const struct word_filter *f, uint64_t h)
{
	return f->shift > 6 ? (size_t)(h >> (70 - f->shift)) : 0;
}

static inline uint64_t word_mask(uint64_t h)
{
	return 1ULL << (h & 63) | 1ULL << (h >> 6 & 63) | 1ULL << (h >> 12 & 63);
}

static int has_word(const struct word_filter *f, const char *w, size_t n)
{
	uint64_t h = word_hash(w, n, n), m = word_mask(h);

	return (f->bits[word_slot(f, h)] & m) == m;
}

static int plain_start(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static int plain_char(unsigned char c)
{
	return plain_start(c) || (c >= '0' && c <= '9');
}

int word_filter_usable(const char *name, size_t n)
{
	if (n < MIN_WORD || !plain_start((unsigned char)name[0]))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!plain_char((unsigned char)name[i]))
			return 0;
	return 1;
}

int word_filter_may_call(const struct word_filter *f, const char *name,
			 size_t n)
{
	if (!f->bits || !word_filter_usable(name, n))
		return 1;
	return has_word(f, name, n);
}

void word_filter_release(struct word_filter *f)
{
	free(f->bits);
	f->bits = NULL;
}

size_t word_filter_bytes(const struct word_filter *f)
{
	return f->bits ? ((size_t)1 << f->shift) / 8 : 0;
}

void word_filter_scratch_release(struct word_filter_scratch *sc)
{
	free(sc->bits);
	sc->bits = NULL;
	sc->words = 0;
}

#ifndef __SSE2__
/*
 * May a `(` token follow the word that ends at buf[e]?  Yes when the
 * first byte from e on that is not white space is '(' -- or '/' or a
 * backslash, behind which a comment or a line splice may hide one.  The
 * white space after a word is looked at for that word only: linear in
 * the file.
 */
static inline int call_may_follow(const char *buf, size_t len, size_t e)
{
	for (; e < len; e++) {
		unsigned char c = (unsigned char)buf[e];

		if (c == '(' || c == '/' || c == '\\')
			return 1;
		if (c != ' ' && c != '\t' && c != '\n' && c != '\r' &&
		    c != '\f' && c != '\v')
			return 0;
	}
	return 0;
}
#endif

/* Fold the bitmap of 1 << *shift bits in halves while the half would
 * have no more than an eighth of its bits set: a word's block is the
 * top bits of its hash, so block i of the half is blocks 2i and 2i + 1
 * together -- the filter that the smaller size would have built.
 * Inlined into each build, so that the AVX2 one counts bits with the
 * processor's popcnt (without it, a call into libgcc per word). */
static inline __attribute__((always_inline)) void fold(uint64_t *b,
						       unsigned *shift)
{
	while (*shift > 6) {
		size_t half = ((size_t)1 << *shift) / 128, set = 0;

		for (size_t i = 0; i < half; i++)
			set += (size_t)__builtin_popcountll(b[2 * i] |
							    b[2 * i + 1]);
		if (set * 8 > half * 64)
			return;
		for (size_t i = 0; i < half; i++)
			b[i] = b[2 * i] | b[2 * i + 1];
		--*shift;
	}
}

#ifdef __SSE2__
/* Set the bits of the words of buf that a '(' may follow, with the
 * masks of one kind (ident_calls_next_with()), and fold. */
static inline __attribute__((always_inline)) void
build_calls(struct word_filter *at, const char *buf, size_t len,
	    ident_block_fn idmask, ident_block_fn blankmask)
{
	struct ident_calls w;
	size_t s, e;

	ident_calls_start(&w, buf, len);
	while (ident_calls_next_with(&w, &s, &e, idmask, blankmask))
		if (e - s >= MIN_WORD) {
			uint64_t h = word_hash(buf + s, e - s, len - s);

			at->bits[word_slot(at, h)] |= word_mask(h);
		}
	fold(at->bits, &at->shift);
}

static void build_sse2(struct word_filter *at, const char *buf, size_t len)
{
	build_calls(at, buf, len, ident_mask, ident_blank_mask);
}

#ifdef IDENT_MASK_AVX2
/*
 * The classes of 32 bytes from two table lookups, one by each half of
 * the byte: a byte is in a class when the bits its low half and its high
 * half look up share one of the class's.  Each bit is a rectangle of
 * (high half, low half) values:
 *
 *	1 'A'-'O', 'a'-'o'	2 'P'-'Z', 'p'-'z'	4 '_'	8 '0'-'9'
 *	16 '\t'-'\r'		32 ' '
 *	64 '(', '/'		128 '\\'
 *
 * identifier bytes 1-8 (ident_mask()'s), white space 16-32
 * (ident_blank_mask()'s), and '(', '/' or a backslash 64-128.  A byte
 * from 0x80 on looks up 0 by its high half.
 */
#define WF_ID 0x0f
#define WF_BLANK 0x30
#define WF_CALL 0xc0

__attribute__((target("avx2")))
static inline __m256i classes_avx2(const char *p)
{
	const __m256i lo_tab = _mm256_setr_epi8(
		2 | 8 | 32, 1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8,
		1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8,
		1 | 2 | 8 | 64, 1 | 2 | 8 | 16, 1 | 2 | 16, 1 | 16,
		1 | 16 | (char)128, 1 | 16, 1, 1 | 4 | 64,
		2 | 8 | 32, 1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8,
		1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8, 1 | 2 | 8,
		1 | 2 | 8 | 64, 1 | 2 | 8 | 16, 1 | 2 | 16, 1 | 16,
		1 | 16 | (char)128, 1 | 16, 1, 1 | 4 | 64);
	const __m256i hi_tab = _mm256_setr_epi8(
		16, 0, 32 | 64, 8, 1, 2 | 4 | (char)128, 1, 2,
		0, 0, 0, 0, 0, 0, 0, 0,
		16, 0, 32 | 64, 8, 1, 2 | 4 | (char)128, 1, 2,
		0, 0, 0, 0, 0, 0, 0, 0);
	const __m256i low = _mm256_set1_epi8(0x0f);
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);

	return _mm256_and_si256(
		_mm256_shuffle_epi8(lo_tab, _mm256_and_si256(v, low)),
		_mm256_shuffle_epi8(hi_tab, _mm256_and_si256(
			_mm256_srli_epi16(v, 4), low)));
}

/* The bytes of 32 classes that are in none of the bits of k, as bits. */
__attribute__((target("avx2")))
static inline uint32_t none_of_avx2(__m256i c, char k)
{
	return (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
		_mm256_and_si256(c, _mm256_set1_epi8(k)),
		_mm256_setzero_si256()));
}

/*
 * The same bits as build_calls() with ident_calls_next_with(), the three
 * masks of each block taken from the one classification above (issue
 * #35: the filters were a seventh of `fix` on Linux 4.14.5, the masks
 * half of that; 26 vector operations a 32 bytes where these take 16).
 */
__attribute__((target("avx2,popcnt")))
static void build_avx2(struct word_filter *at, const char *buf, size_t len)
{
	uint64_t carry = 0; /* the byte before the block is a word's */
	char tail[64];

	for (size_t b = 0; b < len; b += 64) {
		const char *p = buf + b;
		__m256i c0, c1;
		uint64_t id, blank, call, f, ends;

		if (len - b < 64) { /* never read past it */
			memset(tail, 0, sizeof(tail));
			memcpy(tail, p, len - b);
			p = tail;
		}
		c0 = classes_avx2(p);
		c1 = classes_avx2(p + 32);
		id = ~((uint64_t)none_of_avx2(c0, WF_ID) |
		       (uint64_t)none_of_avx2(c1, WF_ID) << 32);
		blank = ~((uint64_t)none_of_avx2(c0, WF_BLANK) |
			  (uint64_t)none_of_avx2(c1, WF_BLANK) << 32);
		call = ~((uint64_t)none_of_avx2(c0, (char)WF_CALL) |
			 (uint64_t)none_of_avx2(c1, (char)WF_CALL) << 32);
		/* marked: a '(', '/' or backslash, and the white space
		 * before one (as ident_calls_next_with()) */
		f = call;
		if (blank >> 63) {
			size_t q = b + 64;
			unsigned char ch = 0;

			while (q < len &&
			       ((ch = (unsigned char)buf[q]) == ' ' ||
				(ch >= '\t' && ch <= '\r')))
				q++;
			if (q < len && (ch == '(' || ch == '/' || ch == '\\'))
				f |= 1ULL << 63;
		}
		f |= blank & f >> 1;
		blank &= blank >> 1;
		f |= blank & f >> 2;
		blank &= blank >> 2;
		f |= blank & f >> 4;
		blank &= blank >> 4;
		f |= blank & f >> 8;
		blank &= blank >> 8;
		f |= blank & f >> 16;
		blank &= blank >> 16;
		f |= blank & f >> 32;
		ends = ~id & (id << 1 | carry) & f;
		carry = id >> 63;
		for (; ends; ends &= ends - 1) {
			unsigned k = (unsigned)__builtin_ctzll(ends);
			uint64_t below = ~id & ((1ULL << k) - 1);
			size_t s, e = b + k;

			if (__builtin_expect(below != 0, 1)) {
				s = b + 64 - (unsigned)__builtin_clzll(below);
			} else { /* the run started in a block before */
				for (s = b; s > 0 &&
				     ident_words_byte((unsigned char)buf[s - 1]);)
					s--;
			}
			/* a run that starts with a digit is no word; a word
			 * under MIN_WORD bytes is not kept */
			if (e - s >= MIN_WORD && (buf[s] < '0' || buf[s] > '9')) {
				uint64_t h = word_hash(buf + s, e - s, len - s);

				at->bits[word_slot(at, h)] |= word_mask(h);
			}
		}
	}
	fold(at->bits, &at->shift);
}
#endif
#endif

static int forced; /* word_filter_force() */

void word_filter_force(int sse2)
{
	forced = sse2;
}

void word_filter_build(struct word_filter *f, const char *buf, size_t len,
		       struct word_filter_scratch *sc)
{
	/* built at between a bit per byte and one per two (at least 512
	 * bits, 256 KiB at most), then folded */
	unsigned shift = 9;
	size_t words;
	struct word_filter at;

	while (shift < 21 && (1ULL << (shift + 1)) <= len)
		shift++;
	words = ((size_t)1 << shift) / 64;
	if (sc->words < words) {
		free(sc->bits);
		sc->bits = xmalloc(words * sizeof(uint64_t));
		sc->words = words;
	}
	memset(sc->bits, 0, words * sizeof(uint64_t));
	at.bits = sc->bits;
	at.shift = shift;
#ifdef __SSE2__
#ifdef IDENT_MASK_AVX2
	if (!forced && mem_find_avx2())
		build_avx2(&at, buf, len);
	else
#endif
		build_sse2(&at, buf, len);
#else
	for (size_t i = 0; i < len;) {
		size_t s;

		if (!plain_start((unsigned char)buf[i]) ||
		    (i && plain_char((unsigned char)buf[i - 1]))) {
			i++;
			continue;
		}
		for (s = i; i < len && plain_char((unsigned char)buf[i]);)
			i++;
		if (i - s >= MIN_WORD && call_may_follow(buf, len, i)) {
			uint64_t h = word_hash(buf + s, i - s, len - s);

			at.bits[word_slot(&at, h)] |= word_mask(h);
		}
	}
	fold(at.bits, &at.shift);
#endif
	f->shift = at.shift;
	words = ((size_t)1 << at.shift) / 64;
	f->bits = xmalloc(words * sizeof(uint64_t));
	memcpy(f->bits, at.bits, words * sizeof(uint64_t));
}
