/*
 * `rwonce fix --from-scan FILE [TREE...]`: the source edits that make the
 * torn, duplicated and widened once-accesses of structs and unions that
 * `rwonce scan --json` found (FILE) single accesses, through a scalar
 * member of the same size; a note for each site it cannot edit.
 */
#ifndef RWONCE_FIX_FROM_SCAN_H
#define RWONCE_FIX_FROM_SCAN_H

#include <stddef.h>

/*
 * trees: folders whose headers define the types (nr_trees may be 0).
 * A diff on stdout, or the files rewritten in place; notes and a summary
 * on stderr.  Returns the exit status: 0 nothing to fix, 1 sites edited
 * or left, 2 trouble (FILE unreadable, a named source missing or not the
 * one scanned).
 */
int fix_from_scan(const char *file, const char *const *trees, size_t nr_trees,
		  int in_place, int quiet);

#endif
