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
#include <stdint.h>

/*
 * Populate, writable, every private mapping of the file at path (found in
 * /proc/self/maps by device and inode) when the file is at most max bytes.
 * Does nothing where that is not possible (no /proc, an older kernel):
 * only a matter of speed.
 */
void populate_private_mappings(const char *path, size_t max);

/*
 * The other end, for a large linked file read in place: libelf maps it
 * read-only, and every page of DWARF and code a unit reads stays in the
 * process's resident set after the unit is done -- on a 590 MB vmlinux,
 * 200 MB of it by the end, and as much again for each worker of -j (each
 * has its own mapping).  The pages are the page cache's: giving them
 * back (MADV_DONTNEED) costs a minor fault when one is read again.
 *
 * file_mapping_of() finds the mapping that holds addr in /proc/self/maps
 * and sets [*lo, *hi) to it when it is a private mapping of a file (not
 * executable); returns 1 then, else 0.  libelf maps a file private and
 * writable, but only relocation writes to it (libdwfl, in a relocatable
 * object): file_mapping_clean() says, from /proc/self/smaps, whether
 * the mapping at lo still has no page of its own (Anonymous: 0 kB), so
 * that giving its pages back loses nothing.
 */
int file_mapping_of(const void *addr, uintptr_t *lo, uintptr_t *hi);
int file_mapping_clean(uintptr_t lo);

#endif
