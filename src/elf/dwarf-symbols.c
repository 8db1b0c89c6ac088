/*
 * The symbol at an address without a walk of the symbol table each time
 * (dwarf-internal.h, sym_memo_lookup).
 *
 * dwfl_module_addrinfo picks, among the symbols that begin at or before
 * the address, the closest one whose size holds it (globals first, then
 * locals; a stronger binding or a smaller size among equals), and only
 * when none does, a sizeless one.  So between two consecutive points
 * where some symbol begins or ends (a sizeless symbol counts as ending
 * one byte after it begins), the symbols that hold the address, the
 * sizeless ones at or before it and the one exactly at it are the same,
 * and so is the answer whenever a sized symbol gives it: that answer is
 * kept for the whole stretch.  Any other answer (sizeless, none) is not
 * kept.  Relocatable objects only: in linked files libdwfl may also try
 * a symbol's resolved address (function descriptors).
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* The points where a symbol libdwfl would consider begins or ends. */
static void load_bounds(struct sym_memo *m, Dwfl_Module *mod)
{
	int n = dwfl_module_getsymtab(mod);
	size_t alloc = 0, k = 0;

	m->loaded = 1;
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr,
							   NULL, NULL, NULL);
		int type = GELF_ST_TYPE(sym.st_info);

		if (!name || !name[0] || sym.st_shndx == SHN_UNDEF ||
		    type == STT_SECTION || type == STT_FILE || type == STT_TLS)
			continue;
		ALLOC_GROW(m->bounds, m->nbounds + 2, alloc);
		m->bounds[m->nbounds++] = addr;
		m->bounds[m->nbounds++] = addr + (sym.st_size ? sym.st_size : 1);
	}
	if (!m->nbounds)
		return;
	qsort(m->bounds, m->nbounds, sizeof(*m->bounds), cmp_u64);
	for (size_t i = 1; i < m->nbounds; i++) /* unique */
		if (m->bounds[i] != m->bounds[k])
			m->bounds[++k] = m->bounds[i];
	m->nbounds = k + 1;
}

/* [*lo, *hi): the stretch between bounds that holds addr; 0 if none. */
static int stretch(const struct sym_memo *m, uint64_t addr, uint64_t *lo,
		   uint64_t *hi)
{
	size_t a = 0, b = m->nbounds;

	while (a < b) { /* the first bound above addr */
		size_t mid = a + (b - a) / 2;

		if (m->bounds[mid] <= addr)
			a = mid + 1;
		else
			b = mid;
	}
	if (!a || a == m->nbounds)
		return 0;
	*lo = m->bounds[a - 1];
	*hi = m->bounds[a];
	return 1;
}

const char *sym_memo_lookup(struct sym_memo *m, Dwfl_Module *mod,
			    uint64_t addr, uint64_t *off, uint64_t *size)
{
	GElf_Off o = 0;
	GElf_Sym sym;
	const char *name;

	if (m->lo <= addr && addr < m->hi) {
		*off = addr - m->value;
		*size = m->size;
		return m->name;
	}
	name = dwfl_module_addrinfo(mod, addr, &o, &sym, NULL, NULL, NULL);
	*off = name ? o : 0;
	*size = name ? sym.st_size : 0;
	if (!name || !sym.st_size || o >= sym.st_size)
		return name; /* sizeless or none: not kept */
	if (!m->loaded)
		load_bounds(m, mod);
	if (stretch(m, addr, &m->lo, &m->hi)) {
		m->name = name;
		m->value = addr - o;
		m->size = sym.st_size;
	} else {
		m->lo = m->hi = 0;
	}
	return name;
}

void sym_memo_free(struct sym_memo *m)
{
	free(m->bounds);
	memset(m, 0, sizeof(*m));
}
