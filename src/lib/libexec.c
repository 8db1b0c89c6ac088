/* Run-time files of rwonce (libexec.h). */
#include "lib/libexec.h"
#include "lib/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int usable(const char *path)
{
	return access(path, R_OK) == 0;
}

/* Is "<a><b><c>" a readable file?  Left in out either way. */
static int try_path(char *out, size_t size, const char *a, const char *b,
		    const char *c)
{
	int n = snprintf(out, size, "%s%s%s", a, b, c);

	return n > 0 && (size_t)n < size && usable(out);
}

/* The folder of the running executable into self[PATH_MAX]: 0, or -1. */
static int self_dir(char *self)
{
	ssize_t n = readlink("/proc/self/exe", self, PATH_MAX - 1);
	char *slash;

	if (n <= 0)
		return -1;
	self[n] = '\0';
	slash = strrchr(self, '/');
	if (slash)
		*slash = '\0';
	return 0;
}

const char *libexec_find(char *out, size_t size, const char *name,
			 const char *env_var, const char *const *near,
			 size_t nr_near, struct strbuf *why)
{
	const char *env = getenv(env_var);
	char self[PATH_MAX];

	if (env && *env) {
		if (try_path(out, size, env, "", ""))
			return out;
		strbuf_addf(why, "%s (from %s) does not exist or is not "
			    "readable", env, env_var);
		return NULL;
	}
	if (!self_dir(self)) {
		for (size_t k = 0; k < nr_near; k++)
			if (try_path(out, size, self, near[k], name))
				return out;
		/* Installed: <prefix>/bin/rwonce finds <prefix>/libexec/rwonce/
		 * wherever the prefix was copied or staged (DESTDIR). */
		if (try_path(out, size, self, "/" RWONCE_LIBEXEC_FROM_BIN "/rwonce/", name))
			return out;
	}
	strbuf_addf(why, "%s not found next to the rwonce executable nor in "
		    "%s/rwonce/ beside it (run make, or set %s)", name,
		    RWONCE_LIBEXEC_FROM_BIN, env_var);
	return NULL;
}

/* path without "..", when it exists (paths in messages); frees path. */
static char *canonical(char *path)
{
	char real[PATH_MAX];

	if (!realpath(path, real))
		return path;
	free(path);
	return xstrdup(real);
}

void libexec_data_dirs(const char **probes_dir, const char **include_dir)
{
	static const struct {
		const char *probes, *include;
	} layouts[] = {
		{ "../probes", "../include" },          /* build tree */
		{ RWONCE_DATADIR_FROM_BIN "/rwonce/probes",
		  RWONCE_INCLUDEDIR_FROM_BIN },         /* installed */
	};
	const char *env_p = getenv("RWONCE_PROBES_DIR");
	const char *env_i = getenv("RWONCE_INCLUDE_DIR");
	char self[PATH_MAX];

	/* Where an install would have them, named by the errors if absent. */
	*probes_dir = layouts[1].probes;
	*include_dir = layouts[1].include;
	/* <top>/build/rwonce or <prefix>/bin/rwonce */
	if (!self_dir(self))
		for (size_t k = 0; k < ARRAY_SIZE(layouts); k++) {
			char *p = xasprintf("%s/%s", self, layouts[k].probes);
			char *i = xasprintf("%s/%s", self, layouts[k].include);
			char *lib = xasprintf("%s/library.c", p);
			char *hdr = xasprintf("%s/rwonce.h", i);
			int found = usable(lib) && usable(hdr);

			free(lib);
			free(hdr);
			/* The installed layout is the answer when neither
			 * has the files: errors name it. */
			if (found || k == ARRAY_SIZE(layouts) - 1) {
				*probes_dir = canonical(p);
				*include_dir = canonical(i);
				break;
			}
			free(p);
			free(i);
		}
	if (env_p && *env_p)
		*probes_dir = env_p;
	if (env_i && *env_i)
		*include_dir = env_i;
}
