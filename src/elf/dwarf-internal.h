/* Private to src/elf/: what dwarf-lines.c keeps for a unit, and
 * dwarf-types.c reads. */
#ifndef RWONCE_ELF_DWARF_INTERNAL_H
#define RWONCE_ELF_DWARF_INTERNAL_H

#include <elfutils/libdw.h>

struct unit_priv {
	Dwarf_Die cu;
	Dwarf_Addr bias; /* libdwfl address = DWARF address + bias */
};

#endif
