/*
 * rwonce verify probes for doc/findings/llvm-volatile-aggregate.md: the
 * raw volatile-cast read and write of two-field structs whose size equals
 * their alignment (aligned(2), (4), (8)) -- the case the GCC manual says
 * is accessed "as if the object's declared type were volatile S" -- beside
 * the built-in raw_*_pair* controls, whose alignment is below their size.
 *
 *   rwonce verify --cc gcc --cc clang-19 --target ... \
 *       --probes doc/findings/llvm-volatile-aggregate/aligned-pairs.c \
 *       --no-builtin
 */
#include <stdint.h>

#include "rwonce-probe.h"

#define RAW_ACCESS(x) (*(volatile __typeof__(x) *)&(x))
#define RAW_READ(x) RAW_ACCESS(x)
#define RAW_WRITE(x, v) (RAW_ACCESS(x) = (v))

struct apair8 { uint8_t a, b; } __attribute__((aligned(2)));
struct apair16 { uint16_t a, b; } __attribute__((aligned(4)));
struct apair32 { uint32_t a, b; } __attribute__((aligned(8)));

RWONCE_PROBE_OBJECT(struct apair8, o_aligned_read_pair8);
/*@ probe aligned_read_pair8
 *  object o_aligned_read_pair8
 *  expect r0:2
 *  control
 *  about raw volatile cast: read of struct { u8 a, b; } aligned(2)
 */
RWONCE_PROBE(aligned_read_pair8)
{
	struct apair8 v = RAW_READ(o_aligned_read_pair8);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct apair8, o_aligned_write_pair8);
/*@ probe aligned_write_pair8
 *  object o_aligned_write_pair8
 *  expect w0:2
 *  control
 *  about raw volatile cast: write of struct { u8 a, b; } aligned(2)
 */
RWONCE_PROBE(aligned_write_pair8)
{
	struct apair8 v = { (uint8_t)rwonce_sink, (uint8_t)rwonce_sink2 };

	RAW_WRITE(o_aligned_write_pair8, v);
}

RWONCE_PROBE_OBJECT(struct apair16, o_aligned_read_pair16);
/*@ probe aligned_read_pair16
 *  object o_aligned_read_pair16
 *  expect r0:4
 *  control
 *  about raw volatile cast: read of struct { u16 a, b; } aligned(4)
 */
RWONCE_PROBE(aligned_read_pair16)
{
	struct apair16 v = RAW_READ(o_aligned_read_pair16);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct apair16, o_aligned_write_pair16);
/*@ probe aligned_write_pair16
 *  object o_aligned_write_pair16
 *  expect w0:4
 *  control
 *  about raw volatile cast: write of struct { u16 a, b; } aligned(4)
 */
RWONCE_PROBE(aligned_write_pair16)
{
	struct apair16 v = { (uint16_t)rwonce_sink, (uint16_t)rwonce_sink2 };

	RAW_WRITE(o_aligned_write_pair16, v);
}

RWONCE_PROBE_OBJECT(struct apair32, o_aligned_read_pair32);
/*@ probe aligned_read_pair32
 *  object o_aligned_read_pair32
 *  expect r0:8
 *  control
 *  about raw volatile cast: read of struct { u32 a, b; } aligned(8)
 */
RWONCE_PROBE(aligned_read_pair32)
{
	struct apair32 v = RAW_READ(o_aligned_read_pair32);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct apair32, o_aligned_write_pair32);
/*@ probe aligned_write_pair32
 *  object o_aligned_write_pair32
 *  expect w0:8
 *  control
 *  about raw volatile cast: write of struct { u32 a, b; } aligned(8)
 */
RWONCE_PROBE(aligned_write_pair32)
{
	struct apair32 v = { (uint32_t)rwonce_sink, (uint32_t)rwonce_sink2 };

	RAW_WRITE(o_aligned_write_pair32, v);
}
