/*
 * The identifier bytes ([A-Za-z0-9_]) of 64 bytes at once, with SSE2:
 * what the scans that look at every word of a tree (once_macros_any(),
 * word-filter.c) cut words with.  A word is a run of these bytes that
 * does not start with a digit; the lexer's identifiers spelled with
 * plain bytes are exactly such runs.  once_macros_any() takes the masks
 * itself (ident_mask(), ident_mask_avx2()); ident_calls_next() gives
 * the words that a '(' may follow.
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

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define IDENT_MASK_AVX2 1

/* ident_mask() 32 bytes at a time, for the callers built for AVX2
 * (__attribute__((target("avx2"))), asked only where mem_find_avx2()
 * says the processor has it): the same bits. */
__attribute__((target("avx2")))
static inline uint64_t ident_mask_avx2(const char *p, uint64_t *digits)
{
	uint64_t id = 0, dg = 0;

	for (int k = 0; k < 2; k++) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
		__m256i l = _mm256_or_si256(v, _mm256_set1_epi8(0x20));
		__m256i letters = _mm256_and_si256(
			_mm256_cmpgt_epi8(l, _mm256_set1_epi8('a' - 1)),
			_mm256_cmpgt_epi8(_mm256_set1_epi8('z' + 1), l));
		__m256i d = _mm256_and_si256(
			_mm256_cmpgt_epi8(v, _mm256_set1_epi8('0' - 1)),
			_mm256_cmpgt_epi8(_mm256_set1_epi8('9' + 1), v));
		__m256i under = _mm256_cmpeq_epi8(v, _mm256_set1_epi8('_'));

		id |= (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
			_mm256_or_si256(letters, d), under)) << (32 * k);
		dg |= (uint64_t)(uint32_t)_mm256_movemask_epi8(d) << (32 * k);
	}
	*digits = dg;
	return id;
}
#endif

/* Is c an identifier byte?  For a word that goes on past the blocks
 * whose masks were taken. */
static inline int ident_words_byte(unsigned char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
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

#ifdef IDENT_MASK_AVX2
/* ident_blank_mask() 32 bytes at a time, for the callers built for
 * AVX2 (as ident_mask_avx2()): the same bits. */
__attribute__((target("avx2")))
static inline uint64_t ident_blank_mask_avx2(const char *p, uint64_t *callish)
{
	uint64_t blank = 0, call = 0;

	for (int k = 0; k < 2; k++) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
		__m256i b = _mm256_or_si256(
			_mm256_and_si256(
				_mm256_cmpgt_epi8(v, _mm256_set1_epi8('\t' - 1)),
				_mm256_cmpgt_epi8(_mm256_set1_epi8('\r' + 1), v)),
			_mm256_cmpeq_epi8(v, _mm256_set1_epi8(' ')));
		__m256i c = _mm256_or_si256(
			_mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('(')),
					_mm256_cmpeq_epi8(v, _mm256_set1_epi8('/'))),
			_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\')));

		blank |= (uint64_t)(uint32_t)_mm256_movemask_epi8(b) << (32 * k);
		call |= (uint64_t)(uint32_t)_mm256_movemask_epi8(c) << (32 * k);
	}
	*callish = call;
	return blank;
}
#endif

typedef uint64_t (*ident_block_fn)(const char *p, uint64_t *other);

/*
 * The words of buf[0..len) that a '(' token may follow: the first byte
 * after the word that is not white space is '(', or '/' or a backslash
 * (a comment or a line splice may come before one).  A superset of the
 * calls, cut 64 bytes at a time:
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

/* ident_calls_next() with the masks of one kind: ident_mask() and
 * ident_blank_mask(), or their AVX2 forms from a caller built for AVX2
 * (the same words). */
static inline __attribute__((always_inline)) int
ident_calls_next_with(struct ident_calls *w, size_t *s, size_t *e,
		      ident_block_fn idmask, ident_block_fn blankmask)
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
			id = idmask(p, &dg);
			blank = blankmask(p, &call);
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

static inline int ident_calls_next(struct ident_calls *w, size_t *s,
				   size_t *e)
{
	return ident_calls_next_with(w, s, e, ident_mask, ident_blank_mask);
}
#endif

/*
 * The first byte of p[0..stop) that is no identifier byte ([A-Za-z0-9_]),
 * or stop; and the first that is neither ' ' nor '\t'.  16 bytes at a
 * time while a load stays before stop, then byte by byte: discovery
 * reads the name of each #define of a tree and the blanks after it so
 * (issue #35: Linux 6.12 has 5.7 million, aligned with runs of tabs).
 */
static inline const char *ident_run_end(const char *p, const char *stop)
{
#ifdef __SSE2__
	for (; stop - p >= 16; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned id = ident_mask_in_range(
				      _mm_or_si128(v, _mm_set1_epi8(0x20)),
				      'a', 'z') |
			      ident_mask_in_range(v, '0', '9') |
			      (unsigned)_mm_movemask_epi8(
				      _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));

		if (id != 0xffff)
			return p + __builtin_ctz(~id);
	}
#endif
	while (p < stop && (*p == '_' || (*p >= 'a' && *p <= 'z') ||
			    (*p >= 'A' && *p <= 'Z') ||
			    (*p >= '0' && *p <= '9')))
		p++;
	return p;
}

static inline const char *blank_run_end(const char *p, const char *stop)
{
#ifdef __SSE2__
	for (; stop - p >= 16; p += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		unsigned b = (unsigned)_mm_movemask_epi8(_mm_or_si128(
			_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
			_mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));

		if (b != 0xffff)
			return p + __builtin_ctz(~b);
	}
#endif
	while (p < stop && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

#endif
