/*
 * One file on several workers: how scan's passes share a large file's
 * compilation units (scan.c's sites, discover.c's file tables).
 *
 * libdw's handles are not shared between threads (elfutils 0.188), so
 * each worker opens the file itself and walks its units in order,
 * reading only the ones it takes from the file's counter: every unit is
 * read by exactly one worker.  A file gets all the workers when it is
 * large (SHARES_SPLIT_BYTES) or when there are fewer files than workers;
 * otherwise one.
 */
#ifndef SCAN_SHARES_H
#define SCAN_SHARES_H

#include <stddef.h>

#define SHARES_SPLIT_BYTES ((long long)32 << 20)

/* One worker's share of one file. */
struct share {
	size_t file;            /* index into the files planned */
	size_t shard, nr_shards; /* shard 0 speaks for the file */
	size_t *next_unit;      /* the file's counter: next unit to hand out */
};

/* The shares of every file, in file order (a file's shares together). */
struct share_plan {
	struct share *items;
	size_t nr;
	size_t *next_unit;      /* per file */
};

void share_plan_make(struct share_plan *p, const char *const *files,
		     size_t nr_files, int jobs);
void share_plan_free(struct share_plan *p);

/* A worker's walk through the units of its share. */
struct share_walk {
	size_t *next_unit;
	size_t seen;            /* units of the file walked past so far */
	size_t want;            /* the unit taken next, or SIZE_MAX */
};

void share_walk_start(struct share_walk *w, const struct share *s);
/* Is the next unit of the file this walk's?  (The take callback of
 * elf_image_units_each_taken.) */
int share_walk_take(void *walk);

#endif
