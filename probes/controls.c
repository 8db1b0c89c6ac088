/*
 * The built-in battery, control half: the shapes of probes/library.c
 * written as the raw volatile-cast idiom, `*(volatile T *)&x` -- the 2014
 * ACCESS_ONCE, and what the kernel's READ_ONCE still does for non-scalar
 * types.  These probes are controls: the report shows where the idiom
 * breaks, but they do not make a configuration fail (see probes/README.md).
 *
 * Generated once from library.c by renaming (probe X -> raw_X, READ_ONCE ->
 * RAW_READ...) and kept in step by hand since.
 */
#include <stdint.h>

#include "rwonce-probe.h"

#define RAW_ACCESS(x) (*(volatile __typeof__(x) *)&(x))
#define RAW_READ(x) RAW_ACCESS(x)
#define RAW_WRITE(x, v) (RAW_ACCESS(x) = (v))
#define RAW_ASSIGN(v, x) RAW_WRITE(x, v)
/* ---- every size, read and written -------------------------------------- */

RWONCE_PROBE_OBJECT(uint8_t, o_raw_read_u8);
/*@ probe raw_read_u8
 *  object o_raw_read_u8
 *  expect r0:1
 *  control
 *  about raw volatile cast: read of a 1-byte scalar
 */
RWONCE_PROBE(raw_read_u8)
{
	rwonce_sink = RAW_READ(o_raw_read_u8);
}

RWONCE_PROBE_OBJECT(uint16_t, o_raw_read_u16);
/*@ probe raw_read_u16
 *  object o_raw_read_u16
 *  expect r0:2
 *  control
 *  about raw volatile cast: read of a 2-byte scalar
 */
RWONCE_PROBE(raw_read_u16)
{
	rwonce_sink = RAW_READ(o_raw_read_u16);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_read_u32);
/*@ probe raw_read_u32
 *  object o_raw_read_u32
 *  expect r0:4
 *  control
 *  about raw volatile cast: read of a 4-byte scalar
 */
RWONCE_PROBE(raw_read_u32)
{
	rwonce_sink = RAW_READ(o_raw_read_u32);
}

RWONCE_PROBE_OBJECT(uint64_t, o_raw_read_u64);
/*@ probe raw_read_u64
 *  object o_raw_read_u64
 *  expect r0:8
 *  control
 *  about raw volatile cast: read of an 8-byte scalar
 */
RWONCE_PROBE(raw_read_u64)
{
	rwonce_sink = RAW_READ(o_raw_read_u64);
}

RWONCE_PROBE_OBJECT(uint8_t, o_raw_write_u8);
/*@ probe raw_write_u8
 *  object o_raw_write_u8
 *  expect w0:1
 *  control
 *  about raw volatile cast: write of a 1-byte scalar
 */
RWONCE_PROBE(raw_write_u8)
{
	RAW_WRITE(o_raw_write_u8, (uint8_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint16_t, o_raw_write_u16);
/*@ probe raw_write_u16
 *  object o_raw_write_u16
 *  expect w0:2
 *  control
 *  about raw volatile cast: write of a 2-byte scalar
 */
RWONCE_PROBE(raw_write_u16)
{
	RAW_WRITE(o_raw_write_u16, (uint16_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_write_u32);
/*@ probe raw_write_u32
 *  object o_raw_write_u32
 *  expect w0:4
 *  control
 *  about raw volatile cast: write of a 4-byte scalar
 */
RWONCE_PROBE(raw_write_u32)
{
	RAW_WRITE(o_raw_write_u32, (uint32_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint64_t, o_raw_write_u64);
/*@ probe raw_write_u64
 *  object o_raw_write_u64
 *  expect w0:8
 *  control
 *  about raw volatile cast: write of an 8-byte scalar
 */
RWONCE_PROBE(raw_write_u64)
{
	RAW_WRITE(o_raw_write_u64, (uint64_t)rwonce_sink);
}

/* ---- pointers, enums, ACCESS_ONCE, ASSIGN_ONCE ----------------------------- */

RWONCE_PROBE_OBJECT(void *, o_raw_read_ptr);
/*@ probe raw_read_ptr
 *  object o_raw_read_ptr
 *  expect r0:P
 *  control
 *  about raw volatile cast: read of a pointer (P: the target's pointer size)
 */
RWONCE_PROBE(raw_read_ptr)
{
	rwonce_sink_ptr = RAW_READ(o_raw_read_ptr);
}

RWONCE_PROBE_OBJECT(void *, o_raw_write_ptr);
/*@ probe raw_write_ptr
 *  object o_raw_write_ptr
 *  expect w0:P
 *  control
 *  about raw volatile cast: write of a pointer
 */
RWONCE_PROBE(raw_write_ptr)
{
	RAW_WRITE(o_raw_write_ptr, rwonce_sink_ptr);
}

enum probe_colour { PROBE_RED, PROBE_GREEN, PROBE_BLUE = 0x10000 };

RWONCE_PROBE_OBJECT(enum probe_colour, o_raw_read_enum);
/*@ probe raw_read_enum
 *  object o_raw_read_enum
 *  expect r0:4
 *  control
 *  about raw volatile cast: read of an enum
 */
RWONCE_PROBE(raw_read_enum)
{
	rwonce_sink = RAW_READ(o_raw_read_enum);
}

RWONCE_PROBE_OBJECT(enum probe_colour, o_raw_write_enum);
/*@ probe raw_write_enum
 *  object o_raw_write_enum
 *  expect w0:4
 *  control
 *  about raw volatile cast: write of an enum
 */
RWONCE_PROBE(raw_write_enum)
{
	RAW_WRITE(o_raw_write_enum, PROBE_BLUE);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_access_once_read);
/*@ probe raw_access_once_read
 *  object o_raw_access_once_read
 *  expect r0:4
 *  control
 *  about raw volatile cast: access as an rvalue
 */
RWONCE_PROBE(raw_access_once_read)
{
	rwonce_sink = RAW_ACCESS(o_raw_access_once_read);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_access_once_write);
/*@ probe raw_access_once_write
 *  object o_raw_access_once_write
 *  expect w0:4
 *  control
 *  about raw volatile cast: access as an lvalue
 */
RWONCE_PROBE(raw_access_once_write)
{
	RAW_ACCESS(o_raw_access_once_write) = (uint32_t)rwonce_sink;
}

RWONCE_PROBE_OBJECT(uint64_t, o_raw_assign_once);
/*@ probe raw_assign_once
 *  object o_raw_assign_once
 *  expect w0:8
 *  control
 *  about raw volatile cast: RAW_ASSIGN(value, x), the 2014 spelling
 */
RWONCE_PROBE(raw_assign_once)
{
	RAW_ASSIGN((uint64_t)rwonce_sink, o_raw_assign_once);
}

/* ---- two-field structs of 2, 4 and 8 bytes, pte_t -------------------------- */

struct pair8 { uint8_t a, b; };
struct pair16 { uint16_t a, b; };
struct pair32 { uint32_t a, b; };
typedef struct { unsigned long pte; } pte_t;

RWONCE_PROBE_OBJECT(struct pair8, o_raw_read_pair8);
/*@ probe raw_read_pair8
 *  object o_raw_read_pair8
 *  expect r0:2
 *  control
 *  about raw volatile cast: read of struct { u8 a, b; }
 */
RWONCE_PROBE(raw_read_pair8)
{
	struct pair8 v = RAW_READ(o_raw_read_pair8);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair16, o_raw_read_pair16);
/*@ probe raw_read_pair16
 *  object o_raw_read_pair16
 *  expect r0:4
 *  control
 *  about raw volatile cast: read of struct { u16 a, b; }
 */
RWONCE_PROBE(raw_read_pair16)
{
	struct pair16 v = RAW_READ(o_raw_read_pair16);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_raw_read_pair32);
/*@ probe raw_read_pair32
 *  object o_raw_read_pair32
 *  expect r0:8
 *  control
 *  about raw volatile cast: read of struct { u32 a, b; }
 */
RWONCE_PROBE(raw_read_pair32)
{
	struct pair32 v = RAW_READ(o_raw_read_pair32);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair8, o_raw_write_pair8);
/*@ probe raw_write_pair8
 *  object o_raw_write_pair8
 *  expect w0:2
 *  control
 *  about raw volatile cast: write of struct { u8 a, b; }
 */
RWONCE_PROBE(raw_write_pair8)
{
	struct pair8 v = { (uint8_t)rwonce_sink, (uint8_t)rwonce_sink2 };

	RAW_WRITE(o_raw_write_pair8, v);
}

RWONCE_PROBE_OBJECT(struct pair16, o_raw_write_pair16);
/*@ probe raw_write_pair16
 *  object o_raw_write_pair16
 *  expect w0:4
 *  control
 *  about raw volatile cast: write of struct { u16 a, b; }
 */
RWONCE_PROBE(raw_write_pair16)
{
	struct pair16 v = { (uint16_t)rwonce_sink, (uint16_t)rwonce_sink2 };

	RAW_WRITE(o_raw_write_pair16, v);
}

RWONCE_PROBE_OBJECT(struct pair32, o_raw_write_pair32);
/*@ probe raw_write_pair32
 *  object o_raw_write_pair32
 *  expect w0:8
 *  control
 *  about raw volatile cast: write of struct { u32 a, b; }
 */
RWONCE_PROBE(raw_write_pair32)
{
	struct pair32 v = { (uint32_t)rwonce_sink, (uint32_t)rwonce_sink2 };

	RAW_WRITE(o_raw_write_pair32, v);
}

RWONCE_PROBE_OBJECT(pte_t, o_raw_read_pte);
/*@ probe raw_read_pte
 *  object o_raw_read_pte
 *  expect r0:L
 *  control
 *  about raw volatile cast: read of pte_t (L: the target's long size)
 */
RWONCE_PROBE(raw_read_pte)
{
	pte_t v = RAW_READ(o_raw_read_pte);

	rwonce_sink = v.pte;
}

RWONCE_PROBE_OBJECT(pte_t, o_raw_write_pte);
/*@ probe raw_write_pte
 *  object o_raw_write_pte
 *  expect w0:L
 *  control
 *  about raw volatile cast: write of pte_t
 */
RWONCE_PROBE(raw_write_pte)
{
	pte_t v = { (unsigned long)rwonce_sink };

	RAW_WRITE(o_raw_write_pte, v);
}

/* ---- the 001 patch: union ipte_control in cmpxchg loops -------------------- */

RWONCE_PROBE_OBJECT(union ipte_control, o_raw_ipte_lock_simple);
/*@ probe raw_ipte_lock_simple
 *  object o_raw_ipte_lock_simple
 *  expect r0:8 x0:8
 *  control
 *  about raw volatile cast: 001: ipte_lock_simple (read, wait for k == 0, cmpxchg k = 1)
 */
RWONCE_PROBE(raw_ipte_lock_simple)
{
	union ipte_control old, new_, *ic = &o_raw_ipte_lock_simple;

	do {
		old = RAW_READ(*ic);
		while (old.k)
			old = RAW_READ(*ic);
		new_ = old;
		new_.k = 1;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_raw_ipte_unlock_simple);
/*@ probe raw_ipte_unlock_simple
 *  object o_raw_ipte_unlock_simple
 *  expect r0:8 x0:8
 *  control
 *  about raw volatile cast: 001: ipte_unlock_simple (new = old = read; new.k = 0; cmpxchg)
 */
RWONCE_PROBE(raw_ipte_unlock_simple)
{
	union ipte_control old, new_, *ic = &o_raw_ipte_unlock_simple;

	do {
		new_ = old = RAW_READ(*ic);
		new_.k = 0;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_raw_ipte_lock_siif);
/*@ probe raw_ipte_lock_siif
 *  object o_raw_ipte_lock_siif
 *  expect r0:8 x0:8
 *  control
 *  about raw volatile cast: 001: ipte_lock_siif (wait for kg == 0, then k = 1, kh++)
 */
RWONCE_PROBE(raw_ipte_lock_siif)
{
	union ipte_control old, new_, *ic = &o_raw_ipte_lock_siif;

	do {
		old = RAW_READ(*ic);
		while (old.kg)
			old = RAW_READ(*ic);
		new_ = old;
		new_.k = 1;
		new_.kh++;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_raw_ipte_unlock_siif);
/*@ probe raw_ipte_unlock_siif
 *  object o_raw_ipte_unlock_siif
 *  expect r0:8 x0:8
 *  control
 *  about raw volatile cast: 001: ipte_unlock_siif, the function gcc 4.7 miscompiled
 */
RWONCE_PROBE(raw_ipte_unlock_siif)
{
	union ipte_control old, new_, *ic = &o_raw_ipte_unlock_siif;

	do {
		new_ = old = RAW_READ(*ic);
		new_.kh--;
		if (!new_.kh)
			new_.k = 0;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

/* ---- the 002 commit: a ring pointer read once, used twice ------------------ */

RWONCE_PROBE_OBJECT(uint64_t, o_raw_rptr_wb[4]);
/*@ probe raw_rptr_used_twice
 *  object o_raw_rptr_wb
 *  expect r8:8
 *  control
 *  about raw volatile cast: 002: rptr = RAW_READ(wb[1]); print it, return rptr >> 2
 */
RWONCE_PROBE(raw_rptr_used_twice)
{
	uint64_t rptr = RAW_READ(o_raw_rptr_wb[1]);

	rwonce_sink = rptr;
	rwonce_sink2 = rptr >> 2;
}

/* ---- what the compiler may not do with marked accesses --------------------- */

RWONCE_PROBE_OBJECT(uint32_t, o_raw_discarded_read);
/*@ probe raw_discarded_read
 *  object o_raw_discarded_read
 *  expect r0:4
 *  control
 *  about raw volatile cast: (void)RAW_READ(x): the load must still happen
 */
RWONCE_PROBE(raw_discarded_read)
{
	(void)RAW_READ(o_raw_discarded_read);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_two_reads);
/*@ probe raw_two_reads
 *  object o_raw_two_reads
 *  expect r0:4 r0:4
 *  control
 *  about raw volatile cast: two read of one object stay two loads
 */
RWONCE_PROBE(raw_two_reads)
{
	uint32_t a = RAW_READ(o_raw_two_reads);
	uint32_t b = RAW_READ(o_raw_two_reads);

	rwonce_sink = a + b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_raw_adjacent_reads);
/*@ probe raw_adjacent_reads
 *  object o_raw_adjacent_reads
 *  expect r0:4 r4:4
 *  control
 *  about raw volatile cast: read of two neighbouring fields: no fused 8-byte load
 */
RWONCE_PROBE(raw_adjacent_reads)
{
	uint32_t a = RAW_READ(o_raw_adjacent_reads.a);
	uint32_t b = RAW_READ(o_raw_adjacent_reads.b);

	rwonce_sink = a;
	rwonce_sink2 = b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_raw_adjacent_writes);
/*@ probe raw_adjacent_writes
 *  object o_raw_adjacent_writes
 *  expect w0:4 w4:4
 *  control
 *  about raw volatile cast: write of two neighbouring fields: no fused 8-byte store
 */
RWONCE_PROBE(raw_adjacent_writes)
{
	RAW_WRITE(o_raw_adjacent_writes.a, 1);
	RAW_WRITE(o_raw_adjacent_writes.b, 2);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_consecutive_stores);
/*@ probe raw_consecutive_stores
 *  object o_raw_consecutive_stores
 *  expect w0:4 w0:4
 *  control
 *  about raw volatile cast: two write to one object: the first is not dropped
 */
RWONCE_PROBE(raw_consecutive_stores)
{
	RAW_WRITE(o_raw_consecutive_stores, 1);
	RAW_WRITE(o_raw_consecutive_stores, 2);
}

RWONCE_PROBE_OBJECT(struct pair32, o_raw_store_then_load);
/*@ probe raw_store_then_load
 *  object o_raw_store_then_load
 *  expect w0:4 r4:4
 *  control
 *  about raw volatile cast: RAW_WRITE(a) then RAW_READ(b): order kept
 */
RWONCE_PROBE(raw_store_then_load)
{
	RAW_WRITE(o_raw_store_then_load.a, 1);
	rwonce_sink = RAW_READ(o_raw_store_then_load.b);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_loop_reads[4]);
/*@ probe raw_loop_reads
 *  object o_raw_loop_reads
 *  expect r0:4 r4:4 r8:4 r12:4
 *  control
 *  about raw volatile cast: read in a loop of 4: not vectorised, not unrolled into wider loads
 */
RWONCE_PROBE(raw_loop_reads)
{
	uint32_t sum = 0;

	for (int i = 0; i < 4; i++)
		sum += RAW_READ(o_raw_loop_reads[i]);
	rwonce_sink = sum;
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_loop_writes[4]);
/*@ probe raw_loop_writes
 *  object o_raw_loop_writes
 *  expect w0:4 w4:4 w8:4 w12:4
 *  control
 *  about raw volatile cast: write in a loop of 4: not merged into wider stores
 */
RWONCE_PROBE(raw_loop_writes)
{
	for (int i = 0; i < 4; i++)
		RAW_WRITE(o_raw_loop_writes[i], (uint32_t)i);
}

RWONCE_PROBE_OBJECT(uint32_t, o_raw_loop_same);
/*@ probe raw_loop_same
 *  object o_raw_loop_same
 *  expect r0:4 r0:4 r0:4
 *  control
 *  about raw volatile cast: read of one object in a loop of 3: three loads, not hoisted
 */
RWONCE_PROBE(raw_loop_same)
{
	uint32_t sum = 0;

	for (int i = 0; i < 3; i++)
		sum += RAW_READ(o_raw_loop_same);
	rwonce_sink = sum;
}

struct bits_neighbour {
	uint8_t lo : 3, hi : 5;
	uint8_t tag;
	uint16_t word;
};

RWONCE_PROBE_OBJECT(struct bits_neighbour, o_raw_bitfield_neighbour_write);
/*@ probe raw_bitfield_neighbour_write
 *  object o_raw_bitfield_neighbour_write
 *  expect w1:1
 *  control
 *  about raw volatile cast: write of a byte next to a bitfield: the bitfield is not touched
 */
RWONCE_PROBE(raw_bitfield_neighbour_write)
{
	RAW_WRITE(o_raw_bitfield_neighbour_write.tag, 7);
}

RWONCE_PROBE_OBJECT(struct bits_neighbour, o_raw_bitfield_neighbour_read);
/*@ probe raw_bitfield_neighbour_read
 *  object o_raw_bitfield_neighbour_read
 *  expect r2:2
 *  control
 *  about raw volatile cast: read of a field after a bitfield: only its own 2 bytes
 */
RWONCE_PROBE(raw_bitfield_neighbour_read)
{
	rwonce_sink = RAW_READ(o_raw_bitfield_neighbour_read.word);
}
