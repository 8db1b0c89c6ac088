/* Decoded stretches from a function's entry, reused (decode-cache.h). */
#include "scan/decode-cache.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* A few functions at once: an instance's neighbours in the line table are
 * mostly in its function, now and then in one inlined nearby. */
#define SLOTS 4

struct stretch {
	struct elf_image *img;
	uint64_t start, end;     /* decoded: [start, end) */
	struct mem_access_list acc;
	unsigned char *starts;   /* instruction boundaries (disasm.h) */
	unsigned long used;      /* for dropping the least recently used */
};

struct decode_cache {
	struct disasm *d;
	struct stretch slot[SLOTS];
	struct mem_access_list direct; /* a call not served by a stretch */
	unsigned long clock;
};

struct decode_cache *decode_cache_new(struct disasm *d)
{
	struct decode_cache *c = xcalloc(1, sizeof(*c));

	c->d = d;
	return c;
}

static void stretch_clear(struct stretch *s)
{
	free(s->acc.items);
	free(s->starts);
	memset(s, 0, sizeof(*s));
}

void decode_cache_free(struct decode_cache *c)
{
	if (!c)
		return;
	for (int k = 0; k < SLOTS; k++)
		stretch_clear(&c->slot[k]);
	free(c->direct.items);
	free(c);
}

struct disasm *decode_cache_disasm(const struct decode_cache *c)
{
	return c->d;
}

static void decode(struct decode_cache *c, struct stretch *s,
		   struct elf_image *img, uint64_t start, uint64_t end)
{
	stretch_clear(s);
	s->img = img;
	s->start = start;
	s->end = end;
	s->starts = xcalloc((size_t)(end - start) / 8 + 1, 1);
	disasm_range_marked(c->d, img, start, (size_t)(end - start), &s->acc,
			    s->starts);
}

/* Is hi a point where decoding [start, hi) would have stopped too? */
static int boundary(const struct stretch *s, uint64_t hi)
{
	uint64_t off = hi - s->start;

	return hi == s->end || (s->starts[off / 8] >> (off % 8) & 1);
}

static size_t below(const struct stretch *s, uint64_t hi,
		    const struct mem_access **items)
{
	size_t lo = 0, n = s->acc.nr;

	while (lo < n) { /* entries are in address order */
		size_t mid = lo + (n - lo) / 2;

		if (s->acc.items[mid].pc < hi)
			lo = mid + 1;
		else
			n = mid;
	}
	*items = s->acc.items;
	return lo;
}

size_t decode_cache_range(struct decode_cache *c, struct elf_image *img,
			  uint64_t start, uint64_t hi, uint64_t limit,
			  const struct mem_access **items)
{
	struct stretch *s = NULL, *lru = &c->slot[0];

	if (limit < hi)
		limit = hi;
	for (int k = 0; k < SLOTS; k++) {
		if (c->slot[k].img == img && c->slot[k].start == start &&
		    c->slot[k].starts)
			s = &c->slot[k];
		if (c->slot[k].used < lru->used)
			lru = &c->slot[k];
	}
	if (s && hi <= s->end) {
		if (!boundary(s, hi))
			goto direct; /* inside an instruction of the stretch */
	} else if (s) {
		/* further than the function's end (no symbol size): at least
		 * twice as far as before, so that the instances of a long
		 * function in address order cost a few passes, not one each */
		uint64_t end = start + 2 * (s->end - start);

		decode(c, s, img, start, end > hi ? (end < limit ? end : limit) : hi);
	} else {
		/* the whole function: its other instances come soon (in the
		 * arm-gcc kernel build, 2095 instances in 618 functions) */
		s = lru;
		decode(c, s, img, start, limit);
	}
	s->used = ++c->clock;
	return below(s, hi, items);
direct:
	c->direct.nr = 0;
	disasm_range(c->d, img, start, (size_t)(hi - start), &c->direct);
	*items = c->direct.items;
	return c->direct.nr;
}
