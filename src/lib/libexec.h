/*
 * Finding the files rwonce loads at run time (the QEMU tracer plugin, the
 * libclang engine, the scan plugin): from an environment variable naming
 * it, then next to the running executable (the build tree), then relative
 * to it as `make install` lays it out (bin/../libexec/rwonce/: an
 * installed tree that was moved or staged with DESTDIR works).  Likewise
 * the data the commands compile against: the probe battery and
 * include/rwonce.h.  No absolute path is compiled in, so `make install
 * PREFIX=...` rebuilds nothing.
 */
#ifndef RWONCE_LIB_LIBEXEC_H
#define RWONCE_LIB_LIBEXEC_H

#include <stddef.h>

#include "lib/strbuf.h"

/* $(LIBEXECDIR) seen from $(BINDIR) (mk/20-trace.mk). */
#ifndef RWONCE_LIBEXEC_FROM_BIN
#define RWONCE_LIBEXEC_FROM_BIN "../libexec"
#endif
/* $(DATADIR) and $(INCLUDEDIR) seen from $(BINDIR) (mk/30-verify.mk). */
#ifndef RWONCE_DATADIR_FROM_BIN
#define RWONCE_DATADIR_FROM_BIN "../share"
#endif
#ifndef RWONCE_INCLUDEDIR_FROM_BIN
#define RWONCE_INCLUDEDIR_FROM_BIN "../include"
#endif

/*
 * Put the path of file `name` in out[0..size): $env_var if set (it must
 * then exist), else the first readable <folder of the executable>
 * <near[k]><name>, else <folder of the executable>/
 * RWONCE_LIBEXEC_FROM_BIN/rwonce/<name>.  Returns out, or NULL with the
 * places tried in *why when there is none.
 */
const char *libexec_find(char *out, size_t size, const char *name,
			 const char *env_var, const char *const *near,
			 size_t nr_near, struct strbuf *why);

/*
 * Where verify's probe battery and include/rwonce.h are:
 * $RWONCE_PROBES_DIR and $RWONCE_INCLUDE_DIR, else the source tree when
 * rwonce runs from its build folder (build/../probes, build/../include),
 * else the installed layout relative to the executable
 * (bin/../share/rwonce/probes, bin/../include: a staged or moved install
 * works) -- also when nothing is there, so that errors name where an
 * install would have them.  The strings live until exit.
 */
void libexec_data_dirs(const char **probes_dir, const char **include_dir);

#endif
