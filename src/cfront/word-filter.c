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
/* The same bits, 32 bytes a compare (issue #35: the filters were a
 * tenth of `fix` on Linux 4.14.5, most of it the masks). */
__attribute__((target("avx2,popcnt")))
static void build_avx2(struct word_filter *at, const char *buf, size_t len)
{
	build_calls(at, buf, len, ident_mask_avx2, ident_blank_mask_avx2);
}
#endif
#endif

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
	if (mem_find_avx2())
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
