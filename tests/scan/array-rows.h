/*
 * Arrays of more than one dimension in a record a header declares
 * (t4574, array-rows.c), as Linux's struct lru_gen_struct has
 * `long nr_pages[MAX_NR_GENS][ANON_AND_FILE][MAX_NR_ZONES]`: the DWARF
 * gives such an array one type with a subrange per dimension, so
 * x[i] is a row and only x[i][j][k] the element.
 */
#ifndef ARRAY_ROWS_H
#define ARRAY_ROWS_H

#include <stdint.h>

struct gens {
	unsigned long max_seq;
	int64_t nr_pages[4][2][5];
	uint16_t tiers[2][3];
};

struct vec {
	int id;
	struct gens g;
};

#endif
