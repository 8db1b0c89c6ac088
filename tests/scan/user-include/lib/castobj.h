/*
 * Objects reached through a cast, in a header the sources' type index
 * does not read (tests/t4445-scan-user-cast-objects.t): mimalloc's
 * mi_atomic_load_relaxed(&((mi_page_t*)page)->xheap), nsync's
 * ATM_LOAD((nsync_atomic_uint32_ *) &f->i), HAProxy's
 * ((struct listener *)l->owner)->thr_conn[t] and ring_area + ofs.
 */
#ifndef USER_LIB_CASTOBJ_H
#define USER_LIB_CASTOBJ_H

#include <stdatomic.h>
#include <stdint.h>

#define CO_LOAD(p) (__atomic_load_n((p), __ATOMIC_RELAXED))
#define CO_STORE(p, v) (__atomic_store_n((p), (v), __ATOMIC_RELAXED))
#define CO_LOAD_C11(p) atomic_load_explicit((p), memory_order_relaxed)

typedef struct co_page_s {
	uint32_t flags;
	uint32_t pad;
	uintptr_t xheap;
} co_page_t;

typedef uint32_t co_word_t;
typedef unsigned short co_castonly_t;

struct co_listener {
	unsigned short port;
	unsigned int thr_conn[4];
};

struct co_member {
	void *owner;
};

struct co_sema {
	int i;
};

#endif
