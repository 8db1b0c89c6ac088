/*
 * Code generation probes for tests/t0300-codegen.t (x86-64).
 *
 * Each function performs ONE marked access between two asm markers, in
 * the manner of liburcu's urcu-asm.c, so that the generated assembly of
 * exactly that access can be found:
 *
 *     # rwonce-begin NAME
 *     ... the access ...
 *     # rwonce-end NAME
 *
 * NAME is KIND_OBJECT: rd/wr (READ_ONCE/WRITE_ONCE), ard/awr (ACCESS_ONCE)
 * or raw (a plain volatile cast, the contrast), and the object, whose size
 * the test knows.  Values come from and go to registers through empty asm
 * statements, so the only memory the region touches besides the stack is
 * the object itself.  The same file serves -m32 (tests/t0310-codegen-m32.t).
 */
#include "rwonce.h"

#include <stdint.h>

struct two2 { uint8_t a, b; } __attribute__((aligned(2)));
struct two4 { uint16_t a, b; } __attribute__((aligned(4)));
struct two8 { uint32_t a, b; } __attribute__((aligned(8)));

uint8_t obj_u8;
uint16_t obj_u16;
uint32_t obj_u32;
uint64_t obj_u64;
float obj_float;
double obj_double;
void *obj_ptr;
struct two2 obj_two2;
struct two4 obj_two4;
struct two8 obj_two8;

#define BEGIN(name) __asm__ __volatile__("# rwonce-begin " #name ::: "memory")
#define END(name) __asm__ __volatile__("# rwonce-end " #name ::: "memory")
/* A value the compiler must have in a register, and cannot know. */
#define OPAQUE(v) __asm__ __volatile__("" : "=r"(v))
#define USE(v) __asm__ __volatile__("" ::"r"(v))

#define SCALAR(T, name) SCALAR_RW(T, name) SCALAR_LV(T, name)

#define SCALAR_RW(T, name)                                                    \
	void rd_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		BEGIN(rd_##name);                                             \
		v = READ_ONCE(obj_##name);                                    \
		END(rd_##name);                                               \
		USE(v);                                                       \
	}                                                                     \
	void wr_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		OPAQUE(v);                                                    \
		BEGIN(wr_##name);                                             \
		WRITE_ONCE(obj_##name, v);                                    \
		END(wr_##name);                                               \
	}

#define SCALAR_LV(T, name)                                                    \
	void ard_##name(void)                                                 \
	{                                                                     \
		T v;                                                          \
		BEGIN(ard_##name);                                            \
		v = ACCESS_ONCE(obj_##name);                                  \
		END(ard_##name);                                              \
		USE(v);                                                       \
	}                                                                     \
	void awr_##name(void)                                                 \
	{                                                                     \
		T v;                                                          \
		OPAQUE(v);                                                    \
		BEGIN(awr_##name);                                            \
		ACCESS_ONCE(obj_##name) = v;                                  \
		END(awr_##name);                                              \
	}

/* Floating values go through their integer image: "r" cannot hold them
 * on every compiler. */
#define FLOATING(T, U, name)                                                  \
	void rd_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		U u;                                                          \
		BEGIN(rd_##name);                                             \
		v = READ_ONCE(obj_##name);                                    \
		END(rd_##name);                                               \
		__builtin_memcpy(&u, &v, sizeof(u));                          \
		USE(u);                                                       \
	}                                                                     \
	void wr_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		U u;                                                          \
		OPAQUE(u);                                                    \
		__builtin_memcpy(&v, &u, sizeof(v));                          \
		BEGIN(wr_##name);                                             \
		WRITE_ONCE(obj_##name, v);                                    \
		END(wr_##name);                                               \
	}

#define AGGREGATE(T, name)                                                    \
	void rd_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		BEGIN(rd_##name);                                             \
		v = READ_ONCE(obj_##name);                                    \
		END(rd_##name);                                               \
		USE(v.a);                                                     \
		USE(v.b);                                                     \
	}                                                                     \
	void wr_##name(void)                                                  \
	{                                                                     \
		T v;                                                          \
		OPAQUE(v.a);                                                  \
		OPAQUE(v.b);                                                  \
		BEGIN(wr_##name);                                             \
		WRITE_ONCE(obj_##name, v);                                    \
		END(wr_##name);                                               \
	}                                                                     \
	void raw_##name(void)                                                 \
	{                                                                     \
		T v;                                                          \
		BEGIN(raw_##name);                                            \
		v = *(volatile T *)&obj_##name;                               \
		END(raw_##name);                                              \
		USE(v.a);                                                     \
		USE(v.b);                                                     \
	}

SCALAR(uint8_t, u8)
SCALAR(uint16_t, u16)
SCALAR(uint32_t, u32)
SCALAR_RW(uint64_t, u64)
/* -m32 with RWONCE_ATOMIC64: ACCESS_ONCE cannot take 8 bytes (by design). */
#if __SIZEOF_POINTER__ >= 8 || !defined(RWONCE_ATOMIC64)
SCALAR_LV(uint64_t, u64)
#endif
SCALAR(void *, ptr)
FLOATING(float, uint32_t, float)
FLOATING(double, uint64_t, double)
AGGREGATE(struct two2, two2)
AGGREGATE(struct two4, two4)
AGGREGATE(struct two8, two8)
