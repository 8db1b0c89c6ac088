/*
 * A set of strings (open addressing, grows as needed): "have I seen this
 * path?" for walks that may meet a file twice.  Not locked: callers that
 * share one across threads hold their own lock.
 */
#ifndef RWONCE_LIB_STRSET_H
#define RWONCE_LIB_STRSET_H

#include <stddef.h>

struct strset_chunk;
struct strset {
	char **slot;  /* NULL: empty */
	size_t size;  /* a power of two, or 0 */
	size_t nr;
	size_t *hash; /* strset_hash() of each slot's string */
	struct strset_chunk *chunks; /* where the copies are kept */
};
#define STRSET_INIT { NULL, 0, 0, NULL, NULL }

/* Add a copy of s; 1 when it was not there, 0 when it was.  The copy
 * (slot[]) lives until strset_release(). */
int strset_add(struct strset *set, const char *s);
int strset_has(const struct strset *set, const char *s);
void strset_release(struct strset *set);

/* The hash the set uses (FNV-1a), for other tables keyed by strings. */
size_t strset_hash(const char *s);

#endif
