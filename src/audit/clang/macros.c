/*
 * The engine's view of the once-macro table that every command shares
 * (cfront/once-macros.h: the built-in names, --preset, --macro and the
 * tree's own, discovered).
 */
#include "audit/clang/engine-internal.h"

#include <string.h>

enum once_kind once_macro_kind(const struct once_macros *t, const char *name)
{
	const struct once_macro *m = once_macros_find(t, name, strlen(name));

	/* A macro the lexical discovery found is not one here: this engine
	 * follows each expansion down to the once-primitive itself
	 * (origin.c), and reports where the user wrote the outer macro. */
	if (!m || (m->flags & OMF_DISCOVERED))
		return ONCE_KIND_NONE;
	switch (m->kind) {
	case OMK_ACCESS:
		return ONCE_KIND_ACCESS;
	case OMK_READ:
		return ONCE_KIND_READ;
	case OMK_WRITE:
		return ONCE_KIND_WRITE;
	}
	return ONCE_KIND_NONE;
}
