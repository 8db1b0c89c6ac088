/*
 * Finding the files rwonce loads at run time (the QEMU tracer plugin, the
 * libclang engine): from an environment variable naming it, then next to
 * the running executable (the build tree), then relative to it as
 * `make install` lays it out (bin/../libexec/rwonce/: an installed tree
 * that was moved or staged with DESTDIR works).  No absolute path is
 * compiled in, so `make install PREFIX=...` rebuilds nothing.
 */
#ifndef RWONCE_LIB_LIBEXEC_H
#define RWONCE_LIB_LIBEXEC_H

#include <stddef.h>

#include "lib/strbuf.h"

/* $(LIBEXECDIR) seen from $(BINDIR) (mk/20-trace.mk). */
#ifndef RWONCE_LIBEXEC_FROM_BIN
#define RWONCE_LIBEXEC_FROM_BIN "../libexec"
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

#endif
