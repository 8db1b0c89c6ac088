/*
 * The object files a compilation database (compile_commands.json, as
 * CMake, bear and the kernel's gen_compile_commands.py write it) says the
 * build produced: each entry's "output", or the argument of -o in its
 * "arguments" or "command", relative to its "directory".
 */
#ifndef RWONCE_SCAN_COMPDB_H
#define RWONCE_SCAN_COMPDB_H

#include "lib/util.h"

/*
 * dir is a folder holding compile_commands.json, or the file itself.
 * Appends the objects that exist to *out; the missing ones are counted in
 * an error and in *missing.  The include folders of the entries (-I,
 * -isystem, -iquote, -idirafter, relative to each entry's directory) are
 * appended to *include_dirs (when not NULL): discovery looks for
 * #include <name> there.  Returns 0, or -1 after error() when the
 * database cannot be read or is not a JSON array of objects.
 */
int compdb_objects(const char *dir, struct strlist *out, size_t *missing,
		   struct strlist *include_dirs);

#endif
