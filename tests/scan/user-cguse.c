/* A unit that only declares the externs it reads: clang's DWARF of it
 * has no DIE for them (tests/t4446-scan-user-other-unit-externs.t). */
#include <lib/cgglob.h>

unsigned long cg_use(unsigned int k)
{
	return CG_LOAD(&cg_tg->threads_enabled) +
	       CG_LOAD(&cg_groups[k & 3].flags) + CG_LOAD(&cg_count) +
	       CG_LOAD(&cg_group.flags);
}

/* (a type of the header in this unit's DWARF: its line table names the
 * header, where discovery finds CG_LOAD) */
unsigned int cg_flags_of(const struct cg_group *g)
{
	return g->flags;
}
