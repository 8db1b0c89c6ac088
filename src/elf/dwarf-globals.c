/*
 * The external variables of every unit of one file, by name
 * (dwarf-internal.h: struct global_index).  A unit built by clang has no
 * DIE for an extern it only declares -- HAProxy's `tg`, `th_ctx`,
 * `fdtab`, declared THREAD_LOCAL or extern in <haproxy/...> headers --
 * while the unit that defines it has one: dwarf-types.c asks here for a
 * name its own unit does not have at all.  The walk of every unit's
 * children is made once per file, and only when a name asked for is one
 * the symbol table defines as a global object or thread-local (cheap to
 * know): a macro, a local or a name of nothing never builds it.
 */
#include "elf/dwarf-internal.h"
#include "lib/strset.h"
#include "lib/util.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

static int cmp_var(const void *a, const void *b)
{
	const struct global_var *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : x->cu < y->cu ? -1 : x->cu > y->cu;
}

/* The names of the defined global and weak objects and thread-locals of
 * mod's symbol table. */
static void load_syms(struct global_index *g, Dwfl_Module *mod)
{
	int n = dwfl_module_getsymtab(mod);

	g->syms_loaded = 1;
	g->syms = xcalloc(1, sizeof(*g->syms));
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		const char *name = dwfl_module_getsym(mod, i, &sym, NULL);
		int type = GELF_ST_TYPE(sym.st_info);
		int bind = GELF_ST_BIND(sym.st_info);

		if (name && *name && sym.st_shndx != SHN_UNDEF &&
		    (type == STT_OBJECT || type == STT_TLS) &&
		    (bind == STB_GLOBAL || bind == STB_WEAK ||
		     bind == STB_GNU_UNIQUE))
			strset_add(g->syms, name);
	}
}

/* Every unit's children that are variables with DW_AT_external. */
static void load_vars(struct global_index *g, Dwfl_Module *mod)
{
	Dwarf_Addr bias;
	Dwarf *dw = dwfl_module_getdwarf(mod, &bias);
	Dwarf_Off off = 0, next;
	size_t hsize;

	g->loaded = 1;
	if (!dw)
		return;
	while (!dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) {
		Dwarf_Die cu, c;

		if (dwarf_offdie(dw, off + hsize, &cu) && !dwarf_child(&cu, &c)) {
			do {
				Dwarf_Attribute a;
				const char *name;

				if (dwarf_tag(&c) != DW_TAG_variable ||
				    !dwarf_hasattr(&c, DW_AT_external) ||
				    !(name = dwarf_formstring(dwarf_attr(&c, DW_AT_name, &a))))
					continue;
				ALLOC_GROW(g->v, g->n + 1, g->alloc);
				g->v[g->n].name = name;
				g->v[g->n].die = c;
				g->v[g->n++].cu = dwarf_dieoffset(&cu);
			} while (!dwarf_siblingof(&c, &c));
		}
		off = next;
	}
	if (g->n)
		sane_qsort(g->v, g->n, sizeof(*g->v), cmp_var);
}

int global_index_may_have(struct global_index *g, Dwfl_Module *mod,
			  const char *name)
{
	if (!g || !mod)
		return 0;
	if (!g->syms_loaded)
		load_syms(g, mod);
	return strset_has(g->syms, name);
}

const struct global_var *global_index_find(struct global_index *g,
					   Dwfl_Module *mod, const char *name,
					   size_t *n)
{
	size_t lo = 0, hi;

	*n = 0;
	if (!global_index_may_have(g, mod, name))
		return NULL;
	if (!g->loaded)
		load_vars(g, mod);
	hi = g->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(g->v[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (hi = lo; hi < g->n && !strcmp(g->v[hi].name, name); hi++)
		;
	*n = hi - lo;
	return *n ? &g->v[lo] : NULL;
}

void global_index_free(struct global_index *g)
{
	if (g->syms)
		strset_release(g->syms);
	free(g->syms);
	free(g->v);
	memset(g, 0, sizeof(*g));
}
