/*
 * Objects reached through a statement expression a header's macro
 * makes, as Linux's container_of() and RELOC_HIDE() do (t4553,
 * stmt-expr-macros.c): ({ void *__mptr = (void *)(ptr); ((type
 * *)(__mptr - offsetof(type, member))); }) has the type of its last
 * statement, a cast; (typeof(ptr))(__ptr + (off)) the type of ptr.
 * A last value that is a variable the block declares, or a typeof of
 * one, is not read: the scopes at the address need not hold it.
 */
#ifndef STMT_EXPR_MACROS_H
#define STMT_EXPR_MACROS_H

#include <stddef.h>
#include <stdint.h>

struct inner {
	uint32_t key;
};

/* what a caller's own __o or __s points to: a narrower count */
struct other {
	uint8_t count;
};

struct outer {
	uint64_t count;
	struct inner in;
	uint16_t flags;
	struct outer *owner;
};

#define outer_container_of(ptr, type, member) ({ \
	void *__mptr = (void *)(ptr); \
	((type *)((char *)__mptr - offsetof(type, member))); })
#define outer_of(p) outer_container_of(p, struct outer, in)

#define shift_ptr(ptr, off) ({ \
	unsigned long __ptr = (unsigned long)(ptr); \
	(__typeof__(ptr))(__ptr + (off)); })

#define owner_of(p) ({ struct outer *__o = (p)->owner; __o; })
#define self_of(p) ({ __typeof__(p) __s = (p); (__typeof__(__s))__s; })

#endif
