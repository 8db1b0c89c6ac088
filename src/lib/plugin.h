/*
 * Loading rwonce's plugins: shared objects that hold a command or an
 * engine together with a heavy library (rwonce-clang.so with libclang,
 * rwonce-scan.so with libdw and capstone), so that no other command pays
 * for loading that library.  A plugin takes rwonce's own helpers from the
 * executable and shares structures with it, so both must come from one
 * build: the plugin exports a function that fills a struct plugin_abi
 * with the tool's version and the sizes of the shared structures, and the
 * loader refuses a plugin whose answer is not its own.
 */
#ifndef RWONCE_LIB_PLUGIN_H
#define RWONCE_LIB_PLUGIN_H

#include <stddef.h>

#include "lib/strbuf.h"

#define PLUGIN_ABI_SIZES 6

/* What a plugin was built with; filled by its ABI function. */
struct plugin_abi {
	const char *version;             /* RWONCE_TOOL_VERSION */
	size_t size[PLUGIN_ABI_SIZES];   /* the shared structures' sizes;
					  * unused ones 0 */
};
/* PLUGIN_ABI_INIT(sizeof(struct a), sizeof(struct b)), on both sides. */
#define PLUGIN_ABI_INIT(...) { RWONCE_TOOL_VERSION, { __VA_ARGS__ } }

/* The signature of a plugin's ABI function. */
typedef void plugin_abi_fn(struct plugin_abi *abi);

struct plugin_spec {
	const char *file;          /* "rwonce-scan.so" */
	const char *env_var;       /* "RWONCE_SCAN_PLUGIN": names it first */
	const char *what;          /* "the scan plugin", for messages */
	const char *load_hint;     /* why dlopen() may fail: "are libdw1 and
				    * libcapstone4 still installed?" */
	const char *abi_symbol;    /* its plugin_abi_fn */
	const char *const *entries; /* the other symbols it must export,
				    * NULL-terminated */
};

/*
 * Find the plugin (libexec_find: spec->env_var, next to the executable,
 * the install folder), load it and check its ABI against mine.  On
 * success, entry[k] is the address of spec->entries[k] and the plugin
 * stays loaded until exit; 0.  Otherwise -1 with one sentence in *why
 * (where it was looked for, dlerror()'s words, or that it is another
 * build's), and nothing stays loaded.
 */
int plugin_load(const struct plugin_spec *spec, const struct plugin_abi *mine,
		void **entry, struct strbuf *why);

#endif
