/*
 * rwonce scan, the executable's side: find build/rwonce-scan.so (like the
 * clang engine: $RWONCE_SCAN_PLUGIN, next to the executable,
 * $(LIBEXECDIR)/rwonce/), check that it was built with this rwonce, and
 * run the command in it.  See scan-plugin.h for why it is a plugin.
 */
#include "commands.h"
#include "lib/libexec.h"
#include "lib/util.h"
#include "scan/scan-plugin.h"

#include <dlfcn.h>
#include <limits.h>
#include <string.h>

#define PLUGIN_NAME "rwonce-scan.so"

typedef void abi_fn(struct scan_plugin_abi *abi);
typedef int main_fn(int argc, const char **argv);

int cmd_scan(int argc, const char **argv)
{
#ifdef RWONCE_SCAN_PLUGIN
	static const char *const near[] = { "/" };
	static char path[PATH_MAX + 64];
	const struct scan_plugin_abi mine = SCAN_PLUGIN_ABI_INIT;
	struct scan_plugin_abi theirs;
	struct strbuf where = STRBUF_INIT;
	abi_fn *abi;
	main_fn *run;
	void *h;

	if (!libexec_find(path, sizeof(path), PLUGIN_NAME, "RWONCE_SCAN_PLUGIN",
			  near, ARRAY_SIZE(near), &where)) {
		error("rwonce scan needs its plugin %s", where.buf);
		strbuf_release(&where);
		return EXIT_TROUBLE;
	}
	strbuf_release(&where);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		error("cannot load %s: %s (are libdw1 and libcapstone4 still "
		      "installed?)", path, dlerror());
		return EXIT_TROUBLE;
	}
	abi = (abi_fn *)dlsym(h, "scan_plugin_abi");
	run = (main_fn *)dlsym(h, "scan_plugin_main");
	if (abi)
		abi(&theirs);
	if (!abi || !run || strcmp(mine.version, theirs.version) ||
	    mine.finding_size != theirs.finding_size ||
	    mine.report_options_size != theirs.report_options_size ||
	    mine.strbuf_size != theirs.strbuf_size) {
		error("%s is not the scan plugin of this rwonce; rebuild both "
		      "(make)", path);
		dlclose(h);
		return EXIT_TROUBLE;
	}
	return run(argc, argv); /* the plugin stays loaded until exit */
#else
	(void)argc;
	(void)argv;
	error("rwonce scan was not built: it needs elfutils' libdw and capstone "
	      "(apt-get install libdw-dev libcapstone-dev nettle-dev, then make)");
	return EXIT_TROUBLE;
#endif
}
