/*
 * Csmith: one program per seed.  --strict-volatile-rule keeps at most one
 * volatile access between two sequence points, so the C abstract machine
 * fixes how many times, and in which order, each volatile object is
 * accessed; that is what the configurations are compared on.
 */
#include "fuzz/fuzz.h"
#include "lib/run-command.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * Volatile globals, struct/union fields and pointers are on by default;
 * no argc (the traced program takes no arguments), no builtins, no
 * floats (their checksums are not portable between targets).
 */
static const char *const csmith_fixed[] = {
	"--strict-volatile-rule", "--volatiles", "--volatile-pointers",
	"--no-argc", "--no-float",
};

const char *generate_options(void)
{
	return "--strict-volatile-rule --volatiles --volatile-pointers --no-argc --no-float";
}

const char *csmith_include_dir(struct strbuf *why)
{
	static const char *const places[] = {
		"/usr/include/csmith", "/usr/local/include/csmith",
		"/usr/include/csmith-2.3.0", "/usr/local/include/csmith-2.3.0",
	};
	const char *env = getenv("RWONCE_CSMITH_INCLUDE");

	if (env && *env)
		return env;
	for (size_t i = 0; i < ARRAY_SIZE(places); i++) {
		char *h = xasprintf("%s/csmith.h", places[i]);
		int ok = access(h, R_OK) == 0;

		free(h);
		if (ok)
			return places[i];
	}
	strbuf_addstr(why, "csmith's headers (csmith.h) are not installed (Debian package libcsmith-dev; or set RWONCE_CSMITH_INCLUDE)");
	return NULL;
}

int generate_program(uint64_t seed, const struct gen_opts *g,
		     const char *path, struct strbuf *why)
{
	size_t nr_extra = g->extra ? g->extra->nr : 0;
	const char **argv = xcalloc(ARRAY_SIZE(csmith_fixed) + nr_extra + 10,
				    sizeof(*argv));
	char seed_s[32], funcs_s[16];
	struct child ch = CHILD_INIT;
	size_t n = 0;
	int ret = 0;

	snprintf(seed_s, sizeof(seed_s), "%llu", (unsigned long long)seed);
	snprintf(funcs_s, sizeof(funcs_s), "%d", g->max_funcs);
	argv[n++] = "csmith";
	argv[n++] = "--seed";
	argv[n++] = seed_s;
	argv[n++] = "--max-funcs";
	argv[n++] = funcs_s;
	for (size_t i = 0; i < ARRAY_SIZE(csmith_fixed); i++)
		argv[n++] = csmith_fixed[i];
	/* --mode once: Csmith's hidden option wraps a few accesses of each
	 * program in its kernel-style ACCESS_ONCE (a volatile cast). */
	if (g->access_once)
		argv[n++] = "--enable-access-once";
	for (size_t i = 0; i < nr_extra; i++)
		argv[n++] = g->extra->items[i];
	argv[n++] = "-o";
	argv[n++] = path;
	argv[n] = NULL;
	ch.argv = argv;
	/* csmith leaves a platform.info in its working folder: the
	 * program's private folder, not the user's. */
	char *dir = xstrndup(path, strrchr(path, '/') ? (size_t)(strrchr(path, '/') - path) : 0);
	ch.dir = *dir ? dir : NULL;
	ch.timeout_ms = g->timeout_ms;
	if (run_child(&ch) || !child_ok(&ch)) {
		strbuf_addf(why, "csmith --seed %s %s", seed_s, child_describe(&ch));
		ret = -1;
	}
	child_release(&ch);
	free(dir);
	free(argv);
	return ret;
}
