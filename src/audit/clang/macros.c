/*
 * The once-access macros the engine knows by name: the kernel's and this
 * project's, plus the ones a project names with --macro NAME=KIND
 * (liburcu's CMM_ACCESS_ONCE=access, CMM_LOAD_SHARED=read, ...).
 */
#include "audit/clang/engine-internal.h"

#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	enum once_kind kind;
} builtin[] = {
	{ "ACCESS_ONCE", ONCE_ACCESS },
	{ "READ_ONCE", ONCE_READ },
	{ "READ_ONCE_NOCHECK", ONCE_READ },
	{ "__READ_ONCE", ONCE_READ },
	{ "WRITE_ONCE", ONCE_WRITE },
	{ "__WRITE_ONCE", ONCE_WRITE },
	{ "ASSIGN_ONCE", ONCE_WRITE },
};

static void add(struct once_macro_table *t, const char *name, enum once_kind k)
{
	for (size_t i = 0; i < t->nr; i++)
		if (!strcmp(t->items[i].name, name)) {
			t->items[i].kind = k;
			return;
		}
	ALLOC_GROW(t->items, t->nr + 1, t->alloc);
	t->items[t->nr].name = xstrdup(name);
	t->items[t->nr].kind = k;
	t->nr++;
}

static enum once_kind parse_kind(const char *s)
{
	if (!strcmp(s, "access") || !strcmp(s, "access-once"))
		return ONCE_ACCESS;
	if (!strcmp(s, "read") || !strcmp(s, "read-once") ||
	    !strcmp(s, "load") || !strcmp(s, "once"))
		return ONCE_READ;
	if (!strcmp(s, "write") || !strcmp(s, "write-once") ||
	    !strcmp(s, "store") || !strcmp(s, "assign"))
		return ONCE_WRITE;
	return ONCE_NONE;
}

int once_macros_init(struct once_macro_table *t, const struct strlist *user)
{
	for (size_t i = 0; i < ARRAY_SIZE(builtin); i++)
		add(t, builtin[i].name, builtin[i].kind);
	for (size_t i = 0; user && i < user->nr; i++) {
		const char *spec = user->items[i];
		const char *eq = strchr(spec, '=');
		char *name;
		enum once_kind k;

		if (!eq || eq == spec) {
			error("--macro '%s': expected NAME=KIND "
			      "(KIND: access, read or write)", spec);
			return -1;
		}
		/* "volatile-cast" says how the lexical engine should see a
		 * READ_ONCE; this engine sees the expansion itself, so the
		 * macro keeps its kind (a read when new). */
		if (!strcmp(eq + 1, "volatile-cast")) {
			int known = 0;

			for (size_t j = 0; j < t->nr; j++)
				known |= strlen(t->items[j].name) ==
					 (size_t)(eq - spec) &&
					 !strncmp(t->items[j].name, spec,
						  (size_t)(eq - spec));
			if (known)
				continue;
			k = ONCE_READ;
		} else {
			k = parse_kind(eq + 1);
		}
		if (k == ONCE_NONE) {
			error("--macro '%s': unknown kind '%s' "
			      "(expected access, read or write)", spec, eq + 1);
			return -1;
		}
		name = xstrndup(spec, (size_t)(eq - spec));
		add(t, name, k);
		free(name);
	}
	return 0;
}

enum once_kind once_macro_kind(const struct once_macro_table *t, const char *name)
{
	for (size_t i = 0; i < t->nr; i++)
		if (!strcmp(t->items[i].name, name))
			return t->items[i].kind;
	return ONCE_NONE;
}

void once_macros_release(struct once_macro_table *t)
{
	for (size_t i = 0; i < t->nr; i++)
		free(t->items[i].name);
	free(t->items);
	t->items = NULL;
	t->nr = t->alloc = 0;
}
