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

const char *libexec_find(char *out, size_t size, const char *name,
			 const char *env_var, const char *const *near,
			 size_t nr_near, struct strbuf *why)
{
	const char *env = getenv(env_var);
	char self[PATH_MAX];
	ssize_t n;

	if (env && *env) {
		if (try_path(out, size, env, "", ""))
			return out;
		strbuf_addf(why, "%s (from %s) does not exist or is not "
			    "readable", env, env_var);
		return NULL;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		char *slash;

		self[n] = '\0';
		slash = strrchr(self, '/');
		if (slash)
			*slash = '\0';
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
