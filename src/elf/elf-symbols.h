/*
 * The symbols of a static executable, read straight from its ELF symbol
 * table (32- or 64-bit, either byte order), so that verify needs no
 * per-target nm to find its probe objects and functions.
 */
#ifndef RWONCE_ELF_SYMBOLS_H
#define RWONCE_ELF_SYMBOLS_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

struct elf_symbol {
	const char *name;     /* points into the loaded string table */
	uint64_t value, size;
	const char *section;  /* name of its section, "" if none */
	int is_func;
};

struct elf_symbols {
	struct elf_symbol *sym;
	size_t nr;
	char *image;          /* the file, owned */
	size_t image_len;
};

/* 0, or -1 with the reason in *why. */
int elf_symbols_load(struct elf_symbols *out, const char *path,
		     struct strbuf *why);
const struct elf_symbol *elf_symbol_find(const struct elf_symbols *s,
					 const char *name);
/* The function containing addr ("name" and *off), or NULL. */
const struct elf_symbol *elf_symbol_at(const struct elf_symbols *s,
				       uint64_t addr, uint64_t *off);
void elf_symbols_release(struct elf_symbols *s);

#endif
