/*
 * The symbol at an address, from an index of the code's symbols built
 * once per ELF (dwarf-internal.h, sym_index_lookup).
 *
 * dwfl_module_addrinfo walks the whole symbol table at each call: on a
 * kernel image (150,000 symbols, 24,000 site instances, each asking for
 * its function and the symbol of each instruction cited) that walk was
 * more than half of scan's time.  The index holds the symbols of
 * executable sections, sorted by address; the answer for an address is
 * the closest symbol at or before it whose size holds it -- among
 * symbols at the same address the global one, then the weak, then the
 * local, then the smaller, then the first in the table -- or, when no sized
 * symbol holds it, a sizeless symbol at or before it with no sized
 * symbol in between (an assembly label).  That is libdwfl's answer but
 * where it would prefer another of several names for the same code.
 */
#include "elf/dwarf-internal.h"
#include "lib/util.h"

#include <gelf.h>
#include <stdlib.h>
#include <string.h>

struct sym_entry {
	uint64_t lo, hi;     /* hi == lo: sizeless */
	const char *name;
	int rank;            /* binding: global 0, weak 1, local 2 */
	int order;           /* in the symbol table */
};

static int binding_rank(unsigned char info)
{
	switch (GELF_ST_BIND(info)) {
	case STB_GLOBAL: return 0;
	case STB_WEAK: return 1;
	default: return 2;
	}
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct sym_entry *a = pa, *b = pb;

	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank - b->rank;
	if (a->hi - a->lo != b->hi - b->lo) /* the smaller first, sizeless last */
		return a->hi == a->lo ? 1 : b->hi == b->lo ? -1 :
		       a->hi - a->lo < b->hi - b->lo ? -1 : 1;
	return a->order - b->order;
}

/* Is section shndx of elf executable?  (A small memo: symbols come in
 * runs of one section.) */
static int executable(Elf *elf, size_t shndx, Elf **last_elf,
		      size_t *last_ndx, int *last)
{
	Elf_Scn *scn;
	GElf_Shdr sh;

	if (elf == *last_elf && shndx == *last_ndx)
		return *last;
	*last_elf = elf;
	*last_ndx = shndx;
	scn = elf ? elf_getscn(elf, shndx) : NULL;
	*last = scn && gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR);
	return *last;
}

void sym_index_load(struct sym_index *x, Dwfl_Module *mod)
{
	int n = dwfl_module_getsymtab(mod);
	size_t alloc = 0, last_ndx = 0;
	Elf *last_elf = NULL;
	int last = 0;
	uint64_t top = 0;

	x->loaded = 1;
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		GElf_Word shndx = 0;
		Elf *elf = NULL;
		const char *name = dwfl_module_getsym_info(mod, i, &sym, &addr,
							   &shndx, &elf, NULL);
		int type = GELF_ST_TYPE(sym.st_info);

		if (!name || !name[0] || sym.st_shndx == SHN_UNDEF ||
		    sym.st_shndx == SHN_ABS || type == STT_SECTION ||
		    type == STT_FILE || type == STT_TLS)
			continue;
		/* x->data: objects and labels outside code (not ARM's $d
		 * mapping symbols); else the code's */
		if (x->data ? type == STT_FUNC || type == STT_GNU_IFUNC ||
			      name[0] == '$' ||
			      executable(elf, shndx, &last_elf, &last_ndx, &last) :
			      type == STT_OBJECT ||
			      !executable(elf, shndx, &last_elf, &last_ndx, &last))
			continue;
		ALLOC_GROW(x->e, x->n + 1, alloc);
		x->e[x->n].lo = addr;
		x->e[x->n].hi = addr + sym.st_size;
		x->e[x->n].name = name;
		x->e[x->n].order = i;
		x->e[x->n++].rank = binding_rank(sym.st_info);
	}
	if (!x->n)
		return;
	sane_qsort(x->e, x->n, sizeof(*x->e), cmp_entry);
	/* the furthest end among the symbols up to each: how far back a
	 * symbol that holds an address may begin */
	x->reach = xcalloc(x->n, sizeof(*x->reach));
	for (size_t i = 0; i < x->n; i++) {
		if (x->e[i].hi > top)
			top = x->e[i].hi;
		x->reach[i] = top;
	}
}

const char *sym_index_lookup(struct sym_index *x, Dwfl_Module *mod,
			     uint64_t addr, uint64_t *off, uint64_t *size)
{
	size_t a = 0, b, k;

	*off = *size = 0;
	if (!x->loaded)
		sym_index_load(x, mod);
	b = x->n;
	while (a < b) { /* the first symbol after addr */
		size_t mid = a + (b - a) / 2;

		if (x->e[mid].lo <= addr)
			a = mid + 1;
		else
			b = mid;
	}
	if (!a)
		return NULL;
	/* back from the closest: the first that holds addr (its ties at
	 * the same address come before it in the sort: the best of them) */
	for (k = a; k-- > 0 && x->reach[k] > addr;) {
		const struct sym_entry *e = &x->e[k];

		if (e->hi <= addr)
			continue;
		while (k && x->e[k - 1].lo == e->lo && x->e[k - 1].hi > addr)
			e = &x->e[--k];
		*off = addr - e->lo;
		*size = e->hi - e->lo;
		return e->name;
	}
	/* none holds it: a sizeless label right before it */
	k = a - 1;
	while (k && x->e[k - 1].lo == x->e[k].lo)
		k--; /* the best name at that address */
	if (x->e[k].hi == x->e[k].lo) {
		*off = addr - x->e[k].lo;
		return x->e[k].name;
	}
	return NULL;
}

void sym_index_free(struct sym_index *x)
{
	free(x->e);
	free(x->reach);
	memset(x, 0, sizeof(*x));
}

size_t sym_index_starts(struct sym_index *x, Dwfl_Module *mod,
			int (*want)(const char *name), uint64_t **out)
{
	size_t n = 0, alloc = 0;

	*out = NULL;
	if (!x->loaded)
		sym_index_load(x, mod);
	for (size_t i = 0; i < x->n; i++) /* in address order */
		if (want(x->e[i].name) && (!n || (*out)[n - 1] != x->e[i].lo)) {
			ALLOC_GROW(*out, n + 1, alloc);
			(*out)[n++] = x->e[i].lo;
		}
	return n;
}

int sym_index_names_within(const struct sym_index *x, const char *lo,
			   size_t size)
{
	for (size_t i = 0; i < x->n; i++)
		if (x->e[i].name < lo || x->e[i].name >= lo + size)
			return 0;
	return 1;
}
