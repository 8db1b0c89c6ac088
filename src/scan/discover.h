/*
 * A build's own once-macros, found before scan collects its sites: a
 * project's KREAD_ONCE(x) defined as a volatile cast of its argument in
 * its own header is a once-macro like READ_ONCE, without --macro.
 *
 * The sources are those the line tables name (every unit's file table,
 * paths as attribute.h makes them, --sources applied) and the files they
 * include -- #include "name" next to them, and #include <name> (or a
 * "name" not there) in the include folders: the compilation database's
 * -I and -isystem (-p), --sources, and every folder a named source is in
 * (so a header of macros only, never named, is found through the files
 * that include it); the definitions are judged
 * by src/cfront/once-discover.h, as audit judges a tree's.  A source
 * whose MD5 (recorded by clang's DWARF 5 tables) differs from the text
 * found is not used: a definition that is not the build's defines
 * nothing.
 */
#ifndef RWONCE_SCAN_DISCOVER_H
#define RWONCE_SCAN_DISCOVER_H

#include <stddef.h>

#include "cfront/once-macros.h"
#include "lib/util.h"

struct scan_discover_stats {
	size_t sources;     /* distinct sources the line tables name */
	size_t mismatched;  /* of them, not used: MD5 differs */
	size_t unreadable;  /* of them, not read (the scan names them) */
	size_t found;       /* names added to the table (or made volatile
			       casts) */
	size_t includes_found, includes_not_found; /* #include names looked
			       for in the include folders */
};

/*
 * Read the line tables of files[0..nr) on at most jobs threads (<= 0:
 * one per CPU), offer their sources to the discovery and add what it
 * finds to t.  Files that cannot be read are skipped quietly: the scan
 * itself names them.
 */
void scan_discover(struct once_macros *t, const char *const *files,
		   size_t nr, const char *sources_dir,
		   const struct strlist *include_roots, int jobs,
		   struct scan_discover_stats *st);

#endif
