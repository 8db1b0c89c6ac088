/*
 * rwonce scan, the executable's side: load build/rwonce-scan.so through
 * src/lib/plugin.h ($RWONCE_SCAN_PLUGIN, next to the executable,
 * $(LIBEXECDIR)/rwonce/; refused when another build made it) and run the
 * command in it.  See scan-plugin.h for why it is a plugin.
 */
#include "commands.h"
#include "lib/plugin.h"
#include "lib/util.h"
#include "scan/scan-plugin.h"

typedef int main_fn(int argc, const char **argv);

int cmd_scan(int argc, const char **argv)
{
#ifdef RWONCE_SCAN_PLUGIN
	static const char *const entries[] = { "scan_plugin_main", NULL };
	static const struct plugin_spec spec = {
		.file = "rwonce-scan.so",
		.env_var = "RWONCE_SCAN_PLUGIN",
		.what = "the scan plugin",
		.load_hint = "are libdw1 and libcapstone4 still installed?",
		.abi_symbol = "scan_plugin_abi",
		.entries = entries,
	};
	const struct plugin_abi mine = SCAN_PLUGIN_ABI_INIT;
	struct strbuf why = STRBUF_INIT;
	void *entry[1];

	if (plugin_load(&spec, &mine, entry, &why)) {
		error("rwonce scan cannot run: %s", why.buf);
		strbuf_release(&why);
		return EXIT_TROUBLE;
	}
	return ((main_fn *)entry[0])(argc, argv); /* the plugin stays loaded */
#else
	(void)argc;
	(void)argv;
#ifndef RWONCE_SCAN_OFF_WHY
#define RWONCE_SCAN_OFF_WHY "the build did not say why"
#endif
	error("rwonce scan is not available: this rwonce was built without "
	      "its plugin (%s); it needs elfutils' libdw, capstone, nettle "
	      "and LLVM's C disassembler (apt-get install libdw-dev "
	      "libcapstone-dev nettle-dev llvm-dev, then make again)",
	      RWONCE_SCAN_OFF_WHY);
	return EXIT_TROUBLE;
#endif
}
