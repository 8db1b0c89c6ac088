/* Uses of generated asm once-accessors on lines that do other memory
 * work, as ck_array.c and ck_barrier_tournament.c do
 * (tests/t4340-scan-user-ck-shape.t). */
#include <lib/ckgen.h>

struct arr { unsigned int n_entries, n_committed; void *values[16]; };
struct round { unsigned int flag, opponent; };

int arr_remove(struct arr *array, struct arr *target, unsigned int i)
{
	if (target->n_committed != array->n_entries) {
		ckg_store_ptr(&target->values[i], target->values[--array->n_entries]);
		return 1;
	}
	return 0;
}

unsigned int wait_flag(struct round **rounds, unsigned int vpid, unsigned int r)
{
	return ckg_load_uint(&rounds[vpid][r].flag);
}

void *head(struct arr *a)
{
	return ckg_load_ptr(&a->values[0]);
}

void set_count(struct round *r, unsigned int v)
{
	ckg_store_uint(&r->opponent, v);
}

/* ck_hs.c's CK_CC_DECONST_PTR(ck_pr_load_ptr(&map->entries[i->offset])):
 * clang gives the inlined call the column of the outer macro's name;
 * the use line also loads the pointer m->entries */
#define DECONST(x) ((void *)(uintptr_t)(x))
struct map { unsigned long n; void **entries; };

void *slot(struct map *m, unsigned long i)
{
	return DECONST(ckg_load_ptr(&m->entries[i]));
}

/* ck_rhs.c's #define CK_RHS_LOAD(x) ck_pr_load_8(x): a macro of the
 * tree forwarding to a --macro name; the use line loads m->bounds */
#define MAP_LOAD(x) ckg_load_uint(x)
struct bmap { unsigned long mask; unsigned int *bounds; };

unsigned int bound(struct bmap *m, unsigned long h)
{
	h &= m->mask;
	return MAP_LOAD(&m->bounds[h]);
}

/* the generated accessor that reads half of its object: torn */
struct stamp { uint64_t wide; };

uint32_t stamp_low(struct stamp *s)
{
	return ckg_load_low64(&s->wide);
}
