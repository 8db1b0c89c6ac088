/*
 * Make the private mapping of a relocatable object writable in one call,
 * before libdwfl relocates it.  libelf maps the file MAP_PRIVATE and
 * libdwfl applies the relocations of every section (code and DWARF) in
 * place, compacting the relocation sections as it goes: on a kernel
 * object nearly every page of .rela.debug_* and .debug_* is first read
 * (mapped read-only from the page cache), then written -- a copy-on-write
 * fault with a TLB flush each, 78% of scan's page faults on the x86-64
 * kernel build and dear on a virtual machine.  MADV_POPULATE_WRITE (Linux
 * 5.14) makes the private copies up front, without a fault per page.
 */
#ifndef RWONCE_ELF_DWARF_POPULATE_H
#define RWONCE_ELF_DWARF_POPULATE_H

#include <stddef.h>

/*
 * Populate, writable, every private mapping of the file at path (found in
 * /proc/self/maps by device and inode) when the file is at most max bytes.
 * Does nothing where that is not possible (no /proc, an older kernel):
 * only a matter of speed.
 */
void populate_private_mappings(const char *path, size_t max);

#endif
