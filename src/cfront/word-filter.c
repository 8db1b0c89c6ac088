/* A file's words as a filter (word-filter.h). */
#include "cfront/word-filter.h"
#include "cfront/ident-mask.h"
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
	return (size_t)(h >> (64 - (f->shift - 6)));
}

static inline uint64_t word_mask(uint64_t h)
{
	return 1ULL << (h & 63) | 1ULL << (h >> 6 & 63) | 1ULL << (h >> 12 & 63);
}

static inline void set_word(struct word_filter *f, const char *w, size_t n,
			    size_t avail)
{
	uint64_t h = word_hash(w, n, avail);

	f->bits[word_slot(f, h)] |= word_mask(h);
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

int word_filter_may_name(const struct word_filter *f, const char *name,
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

void word_filter_build(struct word_filter *f, const char *buf, size_t len)
{
	unsigned shift = 9; /* 512 bits at least (a word's slot needs
			     * shift > 6) */

	/* between a bit per byte and one per two, 256 KiB at most */
	while (shift < 21 && (1ULL << (shift + 1)) <= len)
		shift++;
	f->shift = shift;
	f->bits = xcalloc(((size_t)1 << shift) / 64, sizeof(uint64_t));
#ifdef __SSE2__
	{
		struct ident_words w;
		size_t s, e;

		ident_words_start(&w, buf, len, 1);
		while (ident_words_next(&w, &s, &e))
			if (e - s >= MIN_WORD)
				set_word(f, buf + s, e - s, len - s);
	}
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
		if (i - s >= MIN_WORD)
			set_word(f, buf + s, i - s, len - s);
	}
#endif
}
