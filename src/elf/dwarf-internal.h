/* Private to src/elf/: what dwarf-lines.c keeps for a unit, and
 * dwarf-types.c reads. */
#ifndef RWONCE_ELF_DWARF_INTERNAL_H
#define RWONCE_ELF_DWARF_INTERNAL_H

#include <elfutils/libdw.h>

/* A top-level function's address range (for the concrete inline chain). */
struct fn_range {
	Dwarf_Addr lo, hi;
	Dwarf_Die die;
};

struct unit_priv {
	Dwarf_Die cu;
	Dwarf_Addr bias; /* libdwfl address = DWARF address + bias */
	struct fn_range *fns; /* sorted by lo; built on first need */
	size_t nfns, alloc_fns;
	int fns_loaded;
};

#endif
