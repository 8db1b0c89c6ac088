/*
 * The identifier bytes ([A-Za-z0-9_]) of 64 bytes at once, with SSE2:
 * what the scans that look at every word of a tree (once_macros_any(),
 * word-filter.c) cut words with.  A word is a run of these bytes that
 * does not start with a digit; the lexer's identifiers spelled with
 * plain bytes are exactly such runs.  ident_words_next() gives every
 * word; ident_calls_next() only those that a '(' may follow.
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

/* The bytes of p[0..64) that are white space (' ', \t \n \v \f \r),
 * and (*callish) those that are '(', '/' or a backslash. */
static inline uint64_t ident_blank_mask(const char *p, uint64_t *callish)
{
	uint64_t blank = 0, call = 0;

	for (int k = 0; k < 4; k++) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
		unsigned b = ident_mask_in_range(v, '\t', '\r') |
			     (unsigned)_mm_movemask_epi8(
				     _mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
		unsigned c = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('(')),
				     _mm_cmpeq_epi8(v, _mm_set1_epi8('/'))),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))));

		blank |= (uint64_t)b << (16 * k);
		call |= (uint64_t)c << (16 * k);
	}
	*callish = call;
	return blank;
}

/*
 * The words of buf[0..len) that a '(' token may follow: the first byte
 * after the word that is not white space is '(', or '/' or a backslash
 * (a comment or a line splice may come before one).  A superset of the
 * calls, cut 64 bytes at a time, as ident_words_next():
 *
 *	struct ident_calls w;
 *
 *	ident_calls_start(&w, buf, len);
 *	while (ident_calls_next(&w, &s, &e))
 *		... buf[s..e) is a word that may be called ...
 *
 * Only the ends of such words are looked at, not every word: a byte is
 * marked when the first one from it on that is not white space is one
 * of the three, and a word is taken where the byte after it is marked.
 */
struct ident_calls {
	const char *buf;
	size_t len, next, block; /* the next block; the one cut now */
	uint64_t carry; /* the byte before the next block is a word's */
	uint64_t id, ends; /* the block's word bytes; the ends left */
	char tail[64];
};

static inline void ident_calls_start(struct ident_calls *w, const char *buf,
				     size_t len)
{
	w->buf = buf;
	w->len = len;
	w->next = w->block = 0;
	w->carry = w->id = w->ends = 0;
}

static inline int ident_calls_next(struct ident_calls *w, size_t *s,
				   size_t *e)
{
	for (;;) {
		unsigned k;
		uint64_t below;

		while (!w->ends) {
			const char *p = w->buf + w->next;
			uint64_t id, dg, blank, b, call, f;

			if (w->next >= w->len)
				return 0;
			if (w->len - w->next < 64) { /* never read past it */
				memset(w->tail, 0, sizeof(w->tail));
				memcpy(w->tail, p, w->len - w->next);
				p = w->tail;
			}
			id = ident_mask(p, &dg);
			blank = ident_blank_mask(p, &call);
			/* marked: a '(', '/' or backslash, and the white space
			 * before one (runs of up to 64, in six doublings; one
			 * that reaches the block's end, by what comes after
			 * it, byte by byte) */
			f = call;
			if (blank >> 63) { /* then the next block's first */
				size_t q = w->next + 64;
				unsigned char c = 0;

				while (q < w->len &&
				       ((c = (unsigned char)w->buf[q]) == ' ' ||
					(c >= '\t' && c <= '\r')))
					q++;
				if (q < w->len &&
				    (c == '(' || c == '/' || c == '\\'))
					f |= 1ULL << 63;
			}
			b = blank;
			f |= b & f >> 1;
			b &= b >> 1;
			f |= b & f >> 2;
			b &= b >> 2;
			f |= b & f >> 4;
			b &= b >> 4;
			f |= b & f >> 8;
			b &= b >> 8;
			f |= b & f >> 16;
			b &= b >> 16;
			f |= b & f >> 32;
			/* the first byte after a run of word bytes, marked */
			w->ends = ~id & (id << 1 | w->carry) & f;
			w->id = id;
			w->carry = id >> 63;
			w->block = w->next;
			w->next += 64;
		}
		k = (unsigned)__builtin_ctzll(w->ends);
		w->ends &= w->ends - 1;
		*e = w->block + k;
		below = ~w->id & ((1ULL << k) - 1);
		if (below) {
			*s = w->block + 64 - (unsigned)__builtin_clzll(below);
		} else { /* the run started in a block before */
			for (*s = w->block; *s > 0 &&
			     ident_words_byte((unsigned char)w->buf[*s - 1]);)
				(*s)--;
		}
		if (w->buf[*s] < '0' || w->buf[*s] > '9')
			return 1;
		/* a run that starts with a digit is no word */
	}
}
#endif
#endif
