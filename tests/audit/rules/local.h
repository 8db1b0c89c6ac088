/* A driver-private header: the type index reads it for files that
 * #include "local.h" next to it. */
typedef unsigned int u32;
typedef struct { u32 lo, hi; } pair_t;
struct ring {
	u32 head;
	pair_t pair;
	struct ring *next;
};
extern struct ring *rings;
