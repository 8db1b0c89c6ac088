/* The ring of tests/t4380-scan-user-relaxed-atomics.t: named in the
 * line tables, so its folder is one of their include folders, where
 * <lib/atomics.h> is found. */
#ifndef USER_LIB_RING_H
#define USER_LIB_RING_H

#include <stdint.h>

struct ring {
	uint32_t head, tail;
	uint64_t flags;
};

#endif
