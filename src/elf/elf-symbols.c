/*
 * A minimal ELF symbol-table reader: see elf-symbols.h.  Only what verify
 * needs: .symtab entries with their section names.
 */
#include "elf/elf-symbols.h"
#include "lib/util.h"

#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	const unsigned char *p;
	size_t len;
	int is64, big;
};

static uint64_t get(const struct reader *r, size_t off, unsigned n)
{
	uint64_t v = 0;

	if (off + n > r->len || off + n < off)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		unsigned b = r->big ? i : n - 1 - i;
		v = (v << 8) | r->p[off + b];
	}
	return v;
}

/* Field offsets differ between ELF32 and ELF64. */
#define F(r, o32, o64, n32, n64) ((r)->is64 ? get((r), (o64), (n64)) : get((r), (o32), (n32)))

int elf_symbols_load(struct elf_symbols *out, const char *path,
		     struct strbuf *why)
{
	struct reader r;
	uint64_t shoff, shentsize, shnum, shstrndx;
	size_t alloc = 0;

	memset(out, 0, sizeof(*out));
	out->image = read_file(path, &out->image_len);
	if (!out->image) {
		strbuf_addf(why, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	r.p = (const unsigned char *)out->image;
	r.len = out->image_len;
	if (r.len < 52 || memcmp(r.p, ELFMAG, SELFMAG)) {
		strbuf_addf(why, "%s: not an ELF file", path);
		goto fail;
	}
	r.is64 = r.p[EI_CLASS] == ELFCLASS64;
	r.big = r.p[EI_DATA] == ELFDATA2MSB;
	shoff = F(&r, 32, 40, 4, 8);
	shentsize = F(&r, 46, 58, 2, 2);
	shnum = F(&r, 48, 60, 2, 2);
	shstrndx = F(&r, 50, 62, 2, 2);
	if (!shoff || shoff + shnum * shentsize > r.len || shstrndx >= shnum) {
		strbuf_addf(why, "%s: no usable section table", path);
		goto fail;
	}

#define SH(i) (shoff + (uint64_t)(i) * shentsize)
#define SH_NAME(i) get(&r, SH(i), 4)
#define SH_TYPE(i) get(&r, SH(i) + 4, 4)
#define SH_OFFSET(i) F(&r, SH(i) + 16, SH(i) + 24, 4, 8)
#define SH_SIZE(i) F(&r, SH(i) + 20, SH(i) + 32, 4, 8)
#define SH_LINK(i) F(&r, SH(i) + 24, SH(i) + 40, 4, 4)
#define SH_ENTSIZE(i) F(&r, SH(i) + 36, SH(i) + 56, 4, 8)

	uint64_t shstr = SH_OFFSET(shstrndx);
	for (uint64_t s = 0; s < shnum; s++) {
		if (SH_TYPE(s) != SHT_SYMTAB)
			continue;
		uint64_t off = SH_OFFSET(s), size = SH_SIZE(s);
		uint64_t ent = SH_ENTSIZE(s), link = SH_LINK(s);
		if (!ent || off + size > r.len || link >= shnum)
			break;
		uint64_t stroff = SH_OFFSET(link), strsize = SH_SIZE(link);
		if (stroff + strsize > r.len)
			break;
		for (uint64_t e = off; e + ent <= off + size; e += ent) {
			uint64_t name = get(&r, e, 4), value, sz, shndx;
			unsigned info;

			if (r.is64) {
				info = r.p[e + 4];
				shndx = get(&r, e + 6, 2);
				value = get(&r, e + 8, 8);
				sz = get(&r, e + 16, 8);
			} else {
				value = get(&r, e + 4, 4);
				sz = get(&r, e + 8, 4);
				info = r.p[e + 12];
				shndx = get(&r, e + 14, 2);
			}
			if (!name || name >= strsize)
				continue;
			ALLOC_GROW(out->sym, out->nr + 1, alloc);
			struct elf_symbol *sym = &out->sym[out->nr++];
			sym->name = (const char *)r.p + stroff + name;
			sym->value = value;
			sym->size = sz;
			sym->is_func = ELF64_ST_TYPE(info) == STT_FUNC;
			sym->section = "";
			if (shndx && shndx < shnum && shndx < SHN_LORESERVE) {
				uint64_t sn = shstr + SH_NAME(shndx);
				if (sn < r.len)
					sym->section = (const char *)r.p + sn;
			}
		}
		break;
	}
	if (!out->nr) {
		strbuf_addf(why, "%s: no symbol table (was it stripped?)", path);
		goto fail;
	}
	/* The string tables are NUL-terminated inside the image; read_file
	 * added one more NUL at the end in case the last one is cut. */
	return 0;
fail:
	elf_symbols_release(out);
	return -1;
}

const struct elf_symbol *elf_symbol_find(const struct elf_symbols *s,
					 const char *name)
{
	for (size_t i = 0; i < s->nr; i++)
		if (!strcmp(s->sym[i].name, name))
			return &s->sym[i];
	return NULL;
}

const struct elf_symbol *elf_symbol_at(const struct elf_symbols *s,
				       uint64_t addr, uint64_t *off)
{
	const struct elf_symbol *best = NULL;

	for (size_t i = 0; i < s->nr; i++) {
		const struct elf_symbol *y = &s->sym[i];
		if (!y->is_func || y->value > addr)
			continue;
		if (y->size && addr >= y->value + y->size)
			continue;
		if (!best || y->value > best->value)
			best = y;
	}
	if (best && off)
		*off = addr - best->value;
	return best;
}

void elf_symbols_release(struct elf_symbols *s)
{
	free(s->sym);
	free(s->image);
	memset(s, 0, sizeof(*s));
}
