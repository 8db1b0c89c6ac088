/*
 * ring.h -- the amdgpu SDMA ring of the 2023 seed commit, in miniature.
 *
 * The driver (CPU) writes 32-bit command words into a ring and moves its
 * write pointer; the engine (in amdgpu: the GPU's SDMA engine; here: a
 * thread) consumes them and reports how far it got by storing its read
 * pointer, a 64-bit byte offset, into a "write-back" slot of memory that
 * the driver polls.
 *
 * The commit replaced
 *
 *	u64 *rptr = (u64 *)&wb[rptr_offs];
 *	DRM_DEBUG("rptr before shift == 0x%016llx\n", *rptr);
 *	return *rptr >> 2;
 *
 * (two reads of memory the engine is changing: the value logged need not
 * be the value returned, and the compiler may fetch it as often as it
 * likes) with ONE READ_ONCE into a local that both uses share.
 * ring_get_rptr() below is that function; it also hands the logged value
 * back so that callers can check that both uses saw the same value.
 *
 * Every other shared word is also accessed with READ_ONCE/WRITE_ONCE (so
 * the compiler neither tears nor caches them, and ThreadSanitizer knows
 * they are deliberate), plus the fences that order the ring contents
 * against the pointers; READ_ONCE itself orders nothing across CPUs.
 *
 * Included by examples/ring-rptr.c and tests/stress/ring-stress.c.
 */
#ifndef EXAMPLES_RING_H
#define EXAMPLES_RING_H

#include <sched.h>
#include <stdint.h>
#include <stdio.h>

#include "rwonce.h"

/*
 * Fences order the ring contents against the pointers on real hardware.
 * GCC 11+ warns that ThreadSanitizer does not model them (-Wtsan).  That
 * is harmless here: every shared word is a marked access, which TSan
 * treats as atomic, so it has no race to report with or without them.
 */
#if defined(__SANITIZE_THREAD__) && !defined(__clang__) && __GNUC__ >= 11
#pragma GCC diagnostic ignored "-Wtsan"
#endif
#define RING_FENCE_ACQUIRE() __atomic_thread_fence(__ATOMIC_ACQUIRE)
#define RING_FENCE_RELEASE() __atomic_thread_fence(__ATOMIC_RELEASE)

#define RING_DWORDS 64u /* a power of two */
#define WB_SLOTS 16u

struct ring {
	uint32_t buf[RING_DWORDS]; /* command words, written by the driver */
	/* driver's write pointer, bytes; aligned(8) because i386 aligns
	 * 64-bit members to 4 only, and a single access needs 8 */
	uint64_t wptr __attribute__((aligned(8)));
	unsigned rptr_offs;        /* which wb[] slot the engine reports in */
	/*
	 * Write-back memory: 32-bit slots, as in amdgpu, of which the rptr
	 * occupies two (rptr_offs is even, so the 64-bit word is naturally
	 * aligned).  The driver casts &wb[rptr_offs] to u64 *; the kernel is
	 * built with -fno-strict-aliasing, this example is not, so it names
	 * the 64-bit view through a union instead of a cast.
	 */
	union {
		uint32_t slot[WB_SLOTS];
		uint64_t pair[WB_SLOTS / 2];
	} wb __attribute__((aligned(8)));
};

/* The 64-bit write-back word at 32-bit slot offs (offs even). */
#define RING_WB64(ring, offs) ((ring)->wb.pair[(offs) / 2])

/*
 * sdma_v4_4_2_ring_get_rptr() after the commit: one read, two uses.
 * If debug is non-NULL the raw value is logged there, as DRM_DEBUG did.
 * *before_shift receives the same value, for callers that check.
 */
static inline uint64_t ring_get_rptr(struct ring *ring, FILE *debug,
				     uint64_t *before_shift)
{
	uint64_t rptr;

	/* XXX as in the driver: no byte swapping for big-endian engines */
	rptr = READ_ONCE(RING_WB64(ring, ring->rptr_offs));
	/* Nothing the driver writes into the ring may be written before the
	 * engine has finished reading it: order later stores after this load. */
	RING_FENCE_ACQUIRE();

	if (debug)
		fprintf(debug, "rptr before shift == 0x%016llx\n",
			(unsigned long long)rptr);
	if (before_shift)
		*before_shift = rptr;
	return rptr >> 2; /* bytes -> dwords */
}

/* Driver: append one word, waiting while the ring is full. */
static inline void ring_write(struct ring *ring, uint32_t word)
{
	uint64_t wdw = ring->wptr >> 2; /* only this thread writes wptr */

	while (wdw - ring_get_rptr(ring, NULL, NULL) >= RING_DWORDS)
		sched_yield();
	WRITE_ONCE(ring->buf[wdw % RING_DWORDS], word);
	RING_FENCE_RELEASE(); /* the word, then wptr */
	WRITE_ONCE(ring->wptr, (wdw + 1) << 2);
}

/*
 * Engine: take the next word, waiting while the ring is empty, and report
 * progress in the write-back slot.
 */
static inline uint32_t ring_engine_take(struct ring *ring, uint64_t *rptr)
{
	uint64_t rdw = *rptr >> 2;
	uint32_t word;

	while (READ_ONCE(ring->wptr) >> 2 == rdw)
		sched_yield();
	RING_FENCE_ACQUIRE(); /* wptr, then the word */
	word = READ_ONCE(ring->buf[rdw % RING_DWORDS]);
	*rptr = (rdw + 1) << 2;
	RING_FENCE_RELEASE(); /* read the word, then free it */
	WRITE_ONCE(RING_WB64(ring, ring->rptr_offs), *rptr);
	return word;
}

#endif /* EXAMPLES_RING_H */
