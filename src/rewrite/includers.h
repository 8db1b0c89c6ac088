/*
 * Who includes whom in a walked tree, as #include "name" lines: for a
 * header that `rwonce fix` converts and that cannot see READ_ONCE by
 * itself, its includers tell whether it is used where READ_ONCE is
 * already defined (perfbook's counttorture.h, included after api.h):
 * then adding rwonce.h to it would define READ_ONCE a second time.
 *
 * The lines are collected by a byte scan during the pass that every
 * fix and audit run makes over the tree (rewrite_prepass); only quoted
 * includes are kept: a project's own headers.
 */
#ifndef RWONCE_REWRITE_INCLUDERS_H
#define RWONCE_REWRITE_INCLUDERS_H

#include <stddef.h>

struct include_edges;

struct include_edges *include_edges_new(void);
void include_edges_free(struct include_edges *e);

/* Keep the #include "..." lines of the file at path (any thread). */
void include_edges_scan(struct include_edges *e, const char *path,
			const char *buf, size_t len);
/* The same with the offset of every "include" of buf, in order, found
 * by the caller (the pre-pass searches once for discovery and this). */
void include_edges_scan_at(struct include_edges *e, const char *path,
			   const char *buf, size_t len, const size_t *at,
			   size_t n);

/* Call fn for each kept line whose name ends in the file name base
 * ("counttorture.h"): the including file as walked, the name as
 * written, the line. */
void include_edges_each(const struct include_edges *e, const char *base,
			void (*fn)(void *ctx, const char *from,
				   const char *name, unsigned line),
			void *ctx);

#endif
