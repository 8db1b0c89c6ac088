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
#endif

#endif
