/*
 * Decoded code, kept per image for the next site instance of the same
 * function.  Every instance is decoded from its function's entry (so that
 * registers set before its lines are known) to the end of its ranges; a
 * function with many instances -- a scheduler function with dozens of
 * inlined READ_ONCE -- was decoded again for each, which made scan's
 * decoding grow with the square of the function's size.  Decoding is
 * sequential and what it says about an instruction depends only on the
 * instructions before it, so a stretch from the entry to a later point
 * holds, up to any instruction boundary, exactly what decoding only that
 * far gives.
 */
#ifndef RWONCE_SCAN_DECODE_CACHE_H
#define RWONCE_SCAN_DECODE_CACHE_H

#include <stddef.h>
#include <stdint.h>

#include "scan/disasm.h"

struct decode_cache;

/* A cache for the code of one image, decoding with d (not owned). */
struct decode_cache *decode_cache_new(struct disasm *d);
void decode_cache_free(struct decode_cache *c);
struct disasm *decode_cache_disasm(const struct decode_cache *c);

/*
 * What disasm_range(d, img, start, hi - start, ...) appends, as *items
 * (valid until the next call); returns how many.  limit (>= hi): how far
 * a stretch from start may be decoded ahead for later calls -- the
 * function's end.
 */
size_t decode_cache_range(struct decode_cache *c, struct elf_image *img,
			  uint64_t start, uint64_t hi, uint64_t limit,
			  const struct mem_access **items);

#endif
