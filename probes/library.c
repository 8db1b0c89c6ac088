/*
 * The built-in battery, library half: every access shape that the seeds
 * care about, written with READ_ONCE / WRITE_ONCE / ACCESS_ONCE /
 * ASSIGN_ONCE from include/rwonce.h.  probes/controls.c has the same shapes
 * written as the raw volatile-cast idiom.  The annotation format is in
 * probes/README.md.
 */
#include <stdint.h>

#include "rwonce.h"
#include "rwonce-probe.h"

/* ---- every size, read and written -------------------------------------- */

RWONCE_PROBE_OBJECT(uint8_t, o_read_u8);
/*@ probe read_u8
 *  object o_read_u8
 *  expect r0:1
 *  about READ_ONCE of a 1-byte scalar
 */
RWONCE_PROBE(read_u8)
{
	rwonce_sink = READ_ONCE(o_read_u8);
}

RWONCE_PROBE_OBJECT(uint16_t, o_read_u16);
/*@ probe read_u16
 *  object o_read_u16
 *  expect r0:2
 *  about READ_ONCE of a 2-byte scalar
 */
RWONCE_PROBE(read_u16)
{
	rwonce_sink = READ_ONCE(o_read_u16);
}

RWONCE_PROBE_OBJECT(uint32_t, o_read_u32);
/*@ probe read_u32
 *  object o_read_u32
 *  expect r0:4
 *  about READ_ONCE of a 4-byte scalar
 */
RWONCE_PROBE(read_u32)
{
	rwonce_sink = READ_ONCE(o_read_u32);
}

RWONCE_PROBE_OBJECT(uint64_t, o_read_u64);
/*@ probe read_u64
 *  object o_read_u64
 *  expect r0:8
 *  about READ_ONCE of an 8-byte scalar
 */
RWONCE_PROBE(read_u64)
{
	rwonce_sink = READ_ONCE(o_read_u64);
}

RWONCE_PROBE_OBJECT(uint8_t, o_write_u8);
/*@ probe write_u8
 *  object o_write_u8
 *  expect w0:1
 *  about WRITE_ONCE of a 1-byte scalar
 */
RWONCE_PROBE(write_u8)
{
	WRITE_ONCE(o_write_u8, (uint8_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint16_t, o_write_u16);
/*@ probe write_u16
 *  object o_write_u16
 *  expect w0:2
 *  about WRITE_ONCE of a 2-byte scalar
 */
RWONCE_PROBE(write_u16)
{
	WRITE_ONCE(o_write_u16, (uint16_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint32_t, o_write_u32);
/*@ probe write_u32
 *  object o_write_u32
 *  expect w0:4
 *  about WRITE_ONCE of a 4-byte scalar
 */
RWONCE_PROBE(write_u32)
{
	WRITE_ONCE(o_write_u32, (uint32_t)rwonce_sink);
}

RWONCE_PROBE_OBJECT(uint64_t, o_write_u64);
/*@ probe write_u64
 *  object o_write_u64
 *  expect w0:8
 *  about WRITE_ONCE of an 8-byte scalar
 */
RWONCE_PROBE(write_u64)
{
	WRITE_ONCE(o_write_u64, (uint64_t)rwonce_sink);
}

/* ---- pointers, enums, ACCESS_ONCE, ASSIGN_ONCE ----------------------------- */

RWONCE_PROBE_OBJECT(void *, o_read_ptr);
/*@ probe read_ptr
 *  object o_read_ptr
 *  expect r0:P
 *  about READ_ONCE of a pointer (P: the target's pointer size)
 */
RWONCE_PROBE(read_ptr)
{
	rwonce_sink_ptr = READ_ONCE(o_read_ptr);
}

RWONCE_PROBE_OBJECT(void *, o_write_ptr);
/*@ probe write_ptr
 *  object o_write_ptr
 *  expect w0:P
 *  about WRITE_ONCE of a pointer
 */
RWONCE_PROBE(write_ptr)
{
	WRITE_ONCE(o_write_ptr, rwonce_sink_ptr);
}

enum probe_colour { PROBE_RED, PROBE_GREEN, PROBE_BLUE = 0x10000 };

RWONCE_PROBE_OBJECT(enum probe_colour, o_read_enum);
/*@ probe read_enum
 *  object o_read_enum
 *  expect r0:4
 *  about READ_ONCE of an enum
 */
RWONCE_PROBE(read_enum)
{
	rwonce_sink = READ_ONCE(o_read_enum);
}

RWONCE_PROBE_OBJECT(enum probe_colour, o_write_enum);
/*@ probe write_enum
 *  object o_write_enum
 *  expect w0:4
 *  about WRITE_ONCE of an enum
 */
RWONCE_PROBE(write_enum)
{
	WRITE_ONCE(o_write_enum, PROBE_BLUE);
}

RWONCE_PROBE_OBJECT(uint32_t, o_access_once_read);
/*@ probe access_once_read
 *  object o_access_once_read
 *  expect r0:4
 *  about ACCESS_ONCE as an rvalue
 */
RWONCE_PROBE(access_once_read)
{
	rwonce_sink = ACCESS_ONCE(o_access_once_read);
}

RWONCE_PROBE_OBJECT(uint32_t, o_access_once_write);
/*@ probe access_once_write
 *  object o_access_once_write
 *  expect w0:4
 *  about ACCESS_ONCE as an lvalue
 */
RWONCE_PROBE(access_once_write)
{
	ACCESS_ONCE(o_access_once_write) = (uint32_t)rwonce_sink;
}

RWONCE_PROBE_OBJECT(uint64_t, o_assign_once);
/*@ probe assign_once
 *  object o_assign_once
 *  expect w0:8
 *  about ASSIGN_ONCE(value, x), the 2014 spelling
 */
RWONCE_PROBE(assign_once)
{
	ASSIGN_ONCE((uint64_t)rwonce_sink, o_assign_once);
}

/* ---- two-field structs of 2, 4 and 8 bytes, pte_t -------------------------- */

struct pair8 { uint8_t a, b; };
struct pair16 { uint16_t a, b; };
struct pair32 { uint32_t a, b; };
typedef struct { unsigned long pte; } pte_t;

RWONCE_PROBE_OBJECT(struct pair8, o_read_pair8);
/*@ probe read_pair8
 *  object o_read_pair8
 *  expect r0:2
 *  about READ_ONCE of struct { u8 a, b; }
 */
RWONCE_PROBE(read_pair8)
{
	struct pair8 v = READ_ONCE(o_read_pair8);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair16, o_read_pair16);
/*@ probe read_pair16
 *  object o_read_pair16
 *  expect r0:4
 *  about READ_ONCE of struct { u16 a, b; }
 */
RWONCE_PROBE(read_pair16)
{
	struct pair16 v = READ_ONCE(o_read_pair16);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_read_pair32);
/*@ probe read_pair32
 *  object o_read_pair32
 *  expect r0:8
 *  about READ_ONCE of struct { u32 a, b; }
 */
RWONCE_PROBE(read_pair32)
{
	struct pair32 v = READ_ONCE(o_read_pair32);

	rwonce_sink = v.a;
	rwonce_sink2 = v.b;
}

RWONCE_PROBE_OBJECT(struct pair8, o_write_pair8);
/*@ probe write_pair8
 *  object o_write_pair8
 *  expect w0:2
 *  about WRITE_ONCE of struct { u8 a, b; }
 */
RWONCE_PROBE(write_pair8)
{
	struct pair8 v = { (uint8_t)rwonce_sink, (uint8_t)rwonce_sink2 };

	WRITE_ONCE(o_write_pair8, v);
}

RWONCE_PROBE_OBJECT(struct pair16, o_write_pair16);
/*@ probe write_pair16
 *  object o_write_pair16
 *  expect w0:4
 *  about WRITE_ONCE of struct { u16 a, b; }
 */
RWONCE_PROBE(write_pair16)
{
	struct pair16 v = { (uint16_t)rwonce_sink, (uint16_t)rwonce_sink2 };

	WRITE_ONCE(o_write_pair16, v);
}

RWONCE_PROBE_OBJECT(struct pair32, o_write_pair32);
/*@ probe write_pair32
 *  object o_write_pair32
 *  expect w0:8
 *  about WRITE_ONCE of struct { u32 a, b; }
 */
RWONCE_PROBE(write_pair32)
{
	struct pair32 v = { (uint32_t)rwonce_sink, (uint32_t)rwonce_sink2 };

	WRITE_ONCE(o_write_pair32, v);
}

RWONCE_PROBE_OBJECT(pte_t, o_read_pte);
/*@ probe read_pte
 *  object o_read_pte
 *  expect r0:L
 *  about READ_ONCE of pte_t (L: the target's long size)
 */
RWONCE_PROBE(read_pte)
{
	pte_t v = READ_ONCE(o_read_pte);

	rwonce_sink = v.pte;
}

RWONCE_PROBE_OBJECT(pte_t, o_write_pte);
/*@ probe write_pte
 *  object o_write_pte
 *  expect w0:L
 *  about WRITE_ONCE of pte_t
 */
RWONCE_PROBE(write_pte)
{
	pte_t v = { (unsigned long)rwonce_sink };

	WRITE_ONCE(o_write_pte, v);
}

/* ---- the 001 patch: union ipte_control in cmpxchg loops -------------------- */

RWONCE_PROBE_OBJECT(union ipte_control, o_ipte_lock_simple);
/*@ probe ipte_lock_simple
 *  object o_ipte_lock_simple
 *  expect r0:8 x0:8
 *  about 001: ipte_lock_simple (read, wait for k == 0, cmpxchg k = 1)
 */
RWONCE_PROBE(ipte_lock_simple)
{
	union ipte_control old, new_, *ic = &o_ipte_lock_simple;

	do {
		old = READ_ONCE(*ic);
		while (old.k)
			old = READ_ONCE(*ic);
		new_ = old;
		new_.k = 1;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_ipte_unlock_simple);
/*@ probe ipte_unlock_simple
 *  object o_ipte_unlock_simple
 *  expect r0:8 x0:8
 *  about 001: ipte_unlock_simple (new = old = READ_ONCE; new.k = 0; cmpxchg)
 */
RWONCE_PROBE(ipte_unlock_simple)
{
	union ipte_control old, new_, *ic = &o_ipte_unlock_simple;

	do {
		new_ = old = READ_ONCE(*ic);
		new_.k = 0;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_ipte_lock_siif);
/*@ probe ipte_lock_siif
 *  object o_ipte_lock_siif
 *  expect r0:8 x0:8
 *  about 001: ipte_lock_siif (wait for kg == 0, then k = 1, kh++)
 */
RWONCE_PROBE(ipte_lock_siif)
{
	union ipte_control old, new_, *ic = &o_ipte_lock_siif;

	do {
		old = READ_ONCE(*ic);
		while (old.kg)
			old = READ_ONCE(*ic);
		new_ = old;
		new_.k = 1;
		new_.kh++;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

RWONCE_PROBE_OBJECT(union ipte_control, o_ipte_unlock_siif);
/*@ probe ipte_unlock_siif
 *  object o_ipte_unlock_siif
 *  expect r0:8 x0:8
 *  about 001: ipte_unlock_siif, the function gcc 4.7 miscompiled
 */
RWONCE_PROBE(ipte_unlock_siif)
{
	union ipte_control old, new_, *ic = &o_ipte_unlock_siif;

	do {
		new_ = old = READ_ONCE(*ic);
		new_.kh--;
		if (!new_.kh)
			new_.k = 0;
	} while (rwonce_probe_cmpxchg64(&ic->val, old.val, new_.val) != old.val);
}

/* ---- the 002 commit: a ring pointer read once, used twice ------------------ */

RWONCE_PROBE_OBJECT(uint64_t, o_rptr_wb[4]);
/*@ probe rptr_used_twice
 *  object o_rptr_wb
 *  expect r8:8
 *  about 002: rptr = READ_ONCE(wb[1]); print it, return rptr >> 2
 */
RWONCE_PROBE(rptr_used_twice)
{
	uint64_t rptr = READ_ONCE(o_rptr_wb[1]);

	rwonce_sink = rptr;
	rwonce_sink2 = rptr >> 2;
}

/* ---- what the compiler may not do with marked accesses --------------------- */

RWONCE_PROBE_OBJECT(uint32_t, o_discarded_read);
/*@ probe discarded_read
 *  object o_discarded_read
 *  expect r0:4
 *  about (void)READ_ONCE(x): the load must still happen
 */
RWONCE_PROBE(discarded_read)
{
	(void)READ_ONCE(o_discarded_read);
}

RWONCE_PROBE_OBJECT(uint32_t, o_two_reads);
/*@ probe two_reads
 *  object o_two_reads
 *  expect r0:4 r0:4
 *  about two READ_ONCE of one object stay two loads
 */
RWONCE_PROBE(two_reads)
{
	uint32_t a = READ_ONCE(o_two_reads);
	uint32_t b = READ_ONCE(o_two_reads);

	rwonce_sink = a + b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_adjacent_reads);
/*@ probe adjacent_reads
 *  object o_adjacent_reads
 *  expect r0:4 r4:4
 *  about READ_ONCE of two neighbouring fields: no fused 8-byte load
 */
RWONCE_PROBE(adjacent_reads)
{
	uint32_t a = READ_ONCE(o_adjacent_reads.a);
	uint32_t b = READ_ONCE(o_adjacent_reads.b);

	rwonce_sink = a;
	rwonce_sink2 = b;
}

RWONCE_PROBE_OBJECT(struct pair32, o_adjacent_writes);
/*@ probe adjacent_writes
 *  object o_adjacent_writes
 *  expect w0:4 w4:4
 *  about WRITE_ONCE of two neighbouring fields: no fused 8-byte store
 */
RWONCE_PROBE(adjacent_writes)
{
	WRITE_ONCE(o_adjacent_writes.a, 1);
	WRITE_ONCE(o_adjacent_writes.b, 2);
}

RWONCE_PROBE_OBJECT(uint32_t, o_consecutive_stores);
/*@ probe consecutive_stores
 *  object o_consecutive_stores
 *  expect w0:4 w0:4
 *  about two WRITE_ONCE to one object: the first is not dropped
 */
RWONCE_PROBE(consecutive_stores)
{
	WRITE_ONCE(o_consecutive_stores, 1);
	WRITE_ONCE(o_consecutive_stores, 2);
}

RWONCE_PROBE_OBJECT(struct pair32, o_store_then_load);
/*@ probe store_then_load
 *  object o_store_then_load
 *  expect w0:4 r4:4
 *  about WRITE_ONCE(a) then READ_ONCE(b): order kept
 */
RWONCE_PROBE(store_then_load)
{
	WRITE_ONCE(o_store_then_load.a, 1);
	rwonce_sink = READ_ONCE(o_store_then_load.b);
}

RWONCE_PROBE_OBJECT(uint32_t, o_loop_reads[4]);
/*@ probe loop_reads
 *  object o_loop_reads
 *  expect r0:4 r4:4 r8:4 r12:4
 *  about READ_ONCE in a loop of 4: not vectorised, not unrolled into wider loads
 */
RWONCE_PROBE(loop_reads)
{
	uint32_t sum = 0;

	for (int i = 0; i < 4; i++)
		sum += READ_ONCE(o_loop_reads[i]);
	rwonce_sink = sum;
}

RWONCE_PROBE_OBJECT(uint32_t, o_loop_writes[4]);
/*@ probe loop_writes
 *  object o_loop_writes
 *  expect w0:4 w4:4 w8:4 w12:4
 *  about WRITE_ONCE in a loop of 4: not merged into wider stores
 */
RWONCE_PROBE(loop_writes)
{
	for (int i = 0; i < 4; i++)
		WRITE_ONCE(o_loop_writes[i], (uint32_t)i);
}

RWONCE_PROBE_OBJECT(uint32_t, o_loop_same);
/*@ probe loop_same
 *  object o_loop_same
 *  expect r0:4 r0:4 r0:4
 *  about READ_ONCE of one object in a loop of 3: three loads, not hoisted
 */
RWONCE_PROBE(loop_same)
{
	uint32_t sum = 0;

	for (int i = 0; i < 3; i++)
		sum += READ_ONCE(o_loop_same);
	rwonce_sink = sum;
}

struct bits_neighbour {
	uint8_t lo : 3, hi : 5;
	uint8_t tag;
	uint16_t word;
};

RWONCE_PROBE_OBJECT(struct bits_neighbour, o_bitfield_neighbour_write);
/*@ probe bitfield_neighbour_write
 *  object o_bitfield_neighbour_write
 *  expect w1:1
 *  about WRITE_ONCE of a byte next to a bitfield: the bitfield is not touched
 */
RWONCE_PROBE(bitfield_neighbour_write)
{
	WRITE_ONCE(o_bitfield_neighbour_write.tag, 7);
}

RWONCE_PROBE_OBJECT(struct bits_neighbour, o_bitfield_neighbour_read);
/*@ probe bitfield_neighbour_read
 *  object o_bitfield_neighbour_read
 *  expect r2:2
 *  about READ_ONCE of a field after a bitfield: only its own 2 bytes
 */
RWONCE_PROBE(bitfield_neighbour_read)
{
	rwonce_sink = READ_ONCE(o_bitfield_neighbour_read.word);
}
