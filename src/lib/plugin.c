/* Plugins and their ABI check (plugin.h). */
#include "lib/plugin.h"
#include "lib/libexec.h"
#include "lib/util.h"

#include <dlfcn.h>
#include <limits.h>
#include <string.h>

static int same_abi(const struct plugin_abi *a, const struct plugin_abi *b)
{
	if (!a->version || !b->version || strcmp(a->version, b->version))
		return 0;
	for (size_t i = 0; i < PLUGIN_ABI_SIZES; i++)
		if (a->size[i] != b->size[i])
			return 0;
	return 1;
}

int plugin_load(const struct plugin_spec *spec, const struct plugin_abi *mine,
		void **entry, struct strbuf *why)
{
	static const char *const near[] = { "/" };
	char path[PATH_MAX + 64];
	struct strbuf where = STRBUF_INIT;
	struct plugin_abi theirs;
	plugin_abi_fn *abi;
	int complete = 1;
	void *h;

	if (!libexec_find(path, sizeof(path), spec->file, spec->env_var,
			  near, ARRAY_SIZE(near), &where)) {
		strbuf_addf(why, "%s %s", spec->what, where.buf);
		strbuf_release(&where);
		return -1;
	}
	strbuf_release(&where);
	h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		strbuf_addf(why, "cannot load %s %s: %s (%s)", spec->what, path,
			    dlerror(), spec->load_hint);
		return -1;
	}
	/* POSIX guarantees a function's address converts from void *. */
	abi = (plugin_abi_fn *)dlsym(h, spec->abi_symbol);
	for (size_t k = 0; spec->entries[k]; k++) {
		entry[k] = dlsym(h, spec->entries[k]);
		complete &= entry[k] != NULL;
	}
	memset(&theirs, 0, sizeof(theirs));
	if (abi)
		abi(&theirs);
	if (!abi || !complete || !same_abi(mine, &theirs)) {
		strbuf_addf(why, "%s is not %s of this rwonce (%s); rebuild both "
			    "(make)", path, spec->what,
			    abi && complete ? "another build" : "entry points missing");
		dlclose(h);
		return -1;
	}
	return 0;
}
