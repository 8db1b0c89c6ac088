/*
 * The ULEB128 label differences of a relocatable object's DWARF
 * (dwarf-internal.h: apply_uleb128_pairs).  RISC-V compilers that relax
 * (clang 18+, gcc with -mrelax) cannot know a code distance when they
 * write .debug_rnglists or .debug_loclists, so they write a ULEB128 of
 * reserved length with two relocations at its place: SET_ULEB128 (the
 * end label, plus addend) and SUB_ULEB128 (minus the start label, plus
 * addend).  elfutils 0.188 does not know them and leaves them; the units'
 * ranges would then be the placeholders, and scan refused such objects
 * ("N relocations of .debug_rnglists could not be applied"), so the
 * sweep linked each object first.  Here the pair is applied as a linker
 * applies it, when both labels are in one section (their distance does
 * not depend on where the section is placed): the value written in the
 * ULEB128's own length, and the pair made R_*_NONE, so that what is
 * left unapplied is still counted (dwarf-lines.c).
 */
#include "elf/dwarf-internal.h"

#include <gelf.h>
#include <string.h>

/* Write v as a ULEB128 of exactly the length of the one at p (its
 * continuation bits), within n bytes: 0, or -1 when it does not fit. */
static int put_uleb128(unsigned char *p, size_t n, uint64_t v)
{
	size_t len = 0;

	while (len < n && (p[len] & 0x80))
		len++;
	if (len == n)
		return -1; /* no last byte: not a ULEB128 */
	len++;
	for (size_t k = 0; k + 1 < len; k++, v >>= 7)
		p[k] = (unsigned char)(0x80 | (v & 0x7f));
	if (v > 0x7f)
		return -1;
	p[len - 1] = (unsigned char)v;
	return 0;
}

/* Both symbols defined in one ordinary section: *diff = a - b. */
static int label_distance(Elf_Data *syms, size_t ia, size_t ib,
			  uint64_t *diff)
{
	GElf_Sym a, b;

	if (!syms || !gelf_getsym(syms, (int)ia, &a) ||
	    !gelf_getsym(syms, (int)ib, &b) || a.st_shndx != b.st_shndx ||
	    a.st_shndx == SHN_UNDEF || a.st_shndx >= SHN_LORESERVE)
		return -1;
	*diff = a.st_value - b.st_value;
	return 0;
}

static void apply_section(Elf *elf, Elf_Scn *rscn, const GElf_Shdr *rsh,
			  const struct elf_machine_rules *rules)
{
	Elf_Data *rel = elf_getdata(rscn, NULL);
	Elf_Scn *tscn = elf_getscn(elf, rsh->sh_info);
	Elf_Scn *sscn = elf_getscn(elf, rsh->sh_link);
	Elf_Data *target = tscn ? elf_getdata(tscn, NULL) : NULL;
	Elf_Data *syms = sscn ? elf_getdata(sscn, NULL) : NULL;
	size_t n = elf_reloc_entries(elf, rsh);

	if (!rel || !target || !target->d_buf || !syms)
		return;
	for (size_t i = 0; i + 1 < n; i++) {
		GElf_Rela set, sub;
		uint64_t diff;

		if (!gelf_getrela(rel, (int)i, &set) ||
		    GELF_R_TYPE(set.r_info) != rules->uleb128_set ||
		    !gelf_getrela(rel, (int)i + 1, &sub) ||
		    GELF_R_TYPE(sub.r_info) != rules->uleb128_sub ||
		    sub.r_offset != set.r_offset ||
		    set.r_offset >= target->d_size ||
		    label_distance(syms, GELF_R_SYM(set.r_info),
				   GELF_R_SYM(sub.r_info), &diff))
			continue;
		diff += (uint64_t)set.r_addend - (uint64_t)sub.r_addend;
		if (put_uleb128((unsigned char *)target->d_buf + set.r_offset,
				target->d_size - set.r_offset, diff))
			continue; /* left: counted as not applied */
		set.r_info = GELF_R_INFO(GELF_R_SYM(set.r_info), 0);
		sub.r_info = GELF_R_INFO(GELF_R_SYM(sub.r_info), 0);
		gelf_update_rela(rel, (int)i, &set);
		gelf_update_rela(rel, (int)i + 1, &sub);
		i++;
	}
}

void apply_uleb128_pairs(Elf *elf, const struct elf_machine_rules *rules)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (!rules || !rules->uleb128_set || elf_getshdrstrndx(elf, &shstrndx))
		return;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, tsh;
		Elf_Scn *tscn;
		const char *tname;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA ||
		    !sh.sh_size)
			continue;
		tscn = elf_getscn(elf, sh.sh_info);
		tname = tscn && gelf_getshdr(tscn, &tsh) ?
			elf_strptr(elf, shstrndx, tsh.sh_name) : NULL;
		if (tname && !strncmp(tname, ".debug_", 7))
			apply_section(elf, scn, &sh, rules);
	}
}
