/*
 * The identifier bytes ([A-Za-z0-9_]) of 64 bytes at once, with SSE2:
 * what the scans that look at every word of a tree (once_macros_any(),
 * word-filter.c) cut words with.  A word is a run of these bytes that
 * does not start with a digit; the lexer's identifiers spelled with
 * plain bytes are exactly such runs.
 */
#ifndef RWONCE_CFRONT_IDENT_MASK_H
#define RWONCE_CFRONT_IDENT_MASK_H

#ifdef __SSE2__
#include <emmintrin.h>
#include <stdint.h>
#include <string.h>

/* A bit per byte of p[0..16) that is c, for c in [lo, hi] (signed
 * compares: bytes from 0x80 up are in no range). */
static inline unsigned ident_mask_in_range(__m128i v, char lo, char hi)
{
	return (unsigned)_mm_movemask_epi8(
		_mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8((char)(lo - 1))),
			      _mm_cmplt_epi8(v, _mm_set1_epi8((char)(hi + 1)))));
}

/* The identifier bytes of p[0..64) (*digits: those that are digits). */
static inline uint64_t ident_mask(const char *p, uint64_t *digits)
{
	uint64_t id = 0, dg = 0;

	for (int k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
		/* 'A'..'Z' | 0x20 is 'a'..'z', and nothing else lands there */
		unsigned letters = ident_mask_in_range(
			_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z');
		unsigned d = ident_mask_in_range(v, '0', '9');
		unsigned under = (unsigned)_mm_movemask_epi8(
			_mm_cmpeq_epi8(v, _mm_set1_epi8('_')));

		id |= (uint64_t)(letters | d | under) << (16 * k);
		dg |= (uint64_t)d << (16 * k);
	}
	*digits = dg;
	return id;
}

/*
 * The words of buf[0..len), one after another, cut 64 bytes at a time:
 *
 *	struct ident_words w;
 *	size_t s, e;
 *
 *	ident_words_start(&w, buf, len, 0);
 *	while (ident_words_next(&w, &s, &e))
 *		... buf[s..e) is a word ...
 *
 * With long_only, the words of fewer than 4 bytes are mostly skipped
 * before they are cut (one that starts in a block's last three bytes
 * still comes: the caller checks e - s).
 */
struct ident_words {
	const char *buf;
	size_t len, next, block; /* the next block; the one cut now */
	uint64_t carry; /* the byte before the next block is a word's */
	uint64_t starts, ends;
	int long_only;
	char tail[64];
};

static inline void ident_words_start(struct ident_words *w, const char *buf,
				     size_t len, int long_only)
{
	w->buf = buf;
	w->len = len;
	w->next = w->block = 0;
	w->carry = w->starts = w->ends = 0;
	w->long_only = long_only;
}

static inline int ident_words_byte(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

static inline int ident_words_next(struct ident_words *w, size_t *s,
				   size_t *e)
{
	unsigned k;
	uint64_t after;

	while (!w->starts) {
		const char *p = w->buf + w->next;
		uint64_t id, dg;

		if (w->next >= w->len)
			return 0;
		if (w->len - w->next < 64) { /* never read past the buffer */
			memset(w->tail, 0, sizeof(w->tail));
			memcpy(w->tail, p, w->len - w->next);
			p = w->tail;
		}
		id = ident_mask(p, &dg);
		/* a run of identifier bytes that does not start with a digit */
		w->starts = id & ~(id << 1 | w->carry) & ~dg;
		/* only the starts of runs of 4 bytes; those in the last three
		 * bytes may go on into the next block */
		if (w->long_only)
			w->starts &= (id & id >> 1 & id >> 2 & id >> 3) |
				     0xe000000000000000ULL;
		w->ends = ~id;
		w->carry = id >> 63;
		w->block = w->next;
		w->next += 64;
	}
	k = (unsigned)__builtin_ctzll(w->starts);
	after = w->ends & (~(uint64_t)0 << k);
	*s = w->block + k;
	w->starts &= w->starts - 1;
	if (after) {
		*e = w->block + (unsigned)__builtin_ctzll(after);
	} else { /* it goes on into the next block */
		for (*e = w->block + 64; *e < w->len &&
		     ident_words_byte((unsigned char)w->buf[*e]);)
			(*e)++;
	}
	return 1;
}
#endif
#endif
