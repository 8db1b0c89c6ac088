/*
 * Loading the libclang engine plugin (clang-load.h).
 *
 * The build defines RWONCE_CLANG_PLUGIN when it made the plugin (libclang
 * was found); without it every answer is the stub's "install libclang-dev
 * and rebuild".  The plugin is looked for like the QEMU tracer plugin:
 * $RWONCE_CLANG_PLUGIN, next to the executable, $(LIBEXECDIR)/rwonce/.
 * It resolves rwonce's own helpers (strbuf, error, ...) from the
 * executable, which exports them (-rdynamic).
 */
#include "audit/clang-load.h"
#include "lib/libexec.h"

#include <dlfcn.h>
#include <limits.h>
#include <string.h>

#define PLUGIN_NAME "rwonce-clang.so"

typedef int available_fn(struct strbuf *why);
typedef int run_fn(const struct clang_engine_options *o,
		   struct finding_list *out, struct clang_engine_stats *stats);
typedef void abi_fn(struct clang_engine_abi *abi);

static struct {
	int tried;
	available_fn *available;
	run_fn *run;
	struct strbuf why; /* why there is no engine */
} plugin = { 0, NULL, NULL, STRBUF_INIT };

#ifdef RWONCE_CLANG_PLUGIN
static int same_abi(const struct clang_engine_abi *a,
		    const struct clang_engine_abi *b)
{
	return !strcmp(a->version, b->version) &&
	       a->options_size == b->options_size &&
	       a->stats_size == b->stats_size &&
	       a->finding_size == b->finding_size &&
	       a->finding_list_size == b->finding_list_size;
}

static void load(void)
{
	static const char *const near[] = { "/" };
	static char path[PATH_MAX + 64];
	const struct clang_engine_abi mine = CLANG_ENGINE_ABI_INIT;
	struct clang_engine_abi theirs;
	struct strbuf where = STRBUF_INIT;
	abi_fn *abi;
	void *h;

	if (!libexec_find(path, sizeof(path), PLUGIN_NAME,
			  "RWONCE_CLANG_PLUGIN", near, ARRAY_SIZE(near),
			  &where)) {
		strbuf_addf(&plugin.why, "the engine plugin %s", where.buf);
		strbuf_release(&where);
		return;
	}
	strbuf_release(&where);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		/* Most likely libclang was removed since the build. */
		strbuf_addf(&plugin.why, "cannot load the engine plugin: %s "
			    "(is libclang still installed? apt-get install "
			    "libclang-dev, then make)", dlerror());
		return;
	}
	abi = (abi_fn *)dlsym(h, "clang_engine_plugin_abi");
	plugin.available = (available_fn *)dlsym(h, "clang_engine_available");
	plugin.run = (run_fn *)dlsym(h, "clang_engine_run");
	if (abi)
		abi(&theirs);
	if (!abi || !plugin.available || !plugin.run ||
	    !same_abi(&mine, &theirs)) {
		strbuf_addf(&plugin.why, "%s is not the engine plugin of this "
			    "rwonce (%s); rebuild both (make)", path,
			    abi ? "another build" : "entry points missing");
		plugin.available = NULL;
		plugin.run = NULL;
		dlclose(h);
	}
	/* Loaded for the rest of the run: never dlclose()d. */
}
#else
static void load(void)
{
	strbuf_addstr(&plugin.why, CLANG_ENGINE_HOW);
}
#endif

static int loaded(void)
{
	if (!plugin.tried) {
		plugin.tried = 1;
		load();
	}
	return plugin.available != NULL;
}

int clang_load_available(struct strbuf *why)
{
	if (!loaded()) {
		if (why)
			strbuf_addstr(why, strbuf_str(&plugin.why));
		return 0;
	}
	return plugin.available(why);
}

int clang_load_run(const struct clang_engine_options *o,
		   struct finding_list *out, struct clang_engine_stats *stats)
{
	if (!loaded())
		return error("the clang engine is not available: %s",
			     strbuf_str(&plugin.why));
	return plugin.run(o, out, stats);
}
