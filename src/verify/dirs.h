/*
 * Where this rwonce finds its probe battery and include/rwonce.h (build
 * tree, install, or $RWONCE_PROBES_DIR / $RWONCE_INCLUDE_DIR).  Apart
 * from verify.h so that other commands (fuzz --mode once compiles
 * against rwonce.h) need not see verify's types.
 */
#ifndef RWONCE_VERIFY_DIRS_H
#define RWONCE_VERIFY_DIRS_H

void verify_dirs(const char **probes_dir, const char **include_dir);

#endif
