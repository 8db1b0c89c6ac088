/*
 * Loading the libclang engine plugin (clang-load.h).
 *
 * The build defines RWONCE_CLANG_PLUGIN when it made the plugin (libclang
 * was found); without it every answer is the stub's "install libclang-dev
 * and rebuild".  src/lib/plugin.h finds the plugin ($RWONCE_CLANG_PLUGIN,
 * next to the executable, $(LIBEXECDIR)/rwonce/) and checks that it is
 * this build's.  It resolves rwonce's own helpers (strbuf, error, ...)
 * from the executable, which exports them.
 */
#include "audit/clang-load.h"
#include "lib/plugin.h"

typedef int available_fn(struct strbuf *why);
typedef int run_fn(const struct clang_engine_options *o,
		   struct finding_list *out, struct clang_engine_stats *stats);

static struct {
	int tried;
	available_fn *available;
	run_fn *run;
	struct strbuf why; /* why there is no engine */
} plugin = { 0, NULL, NULL, STRBUF_INIT };

#ifdef RWONCE_CLANG_PLUGIN
static void load(void)
{
	static const char *const entries[] = {
		"clang_engine_available", "clang_engine_run", NULL
	};
	static const struct plugin_spec spec = {
		.file = "rwonce-clang.so",
		.env_var = "RWONCE_CLANG_PLUGIN",
		.what = "the engine plugin",
		/* Most likely libclang was removed since the build. */
		.load_hint = "is libclang still installed? apt-get install "
			     "libclang-dev, then make",
		.abi_symbol = "clang_engine_plugin_abi",
		.entries = entries,
	};
	const struct plugin_abi mine = CLANG_ENGINE_ABI_INIT;
	void *entry[2];

	if (plugin_load(&spec, &mine, entry, &plugin.why))
		return;
	plugin.available = (available_fn *)entry[0];
	plugin.run = (run_fn *)entry[1];
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
