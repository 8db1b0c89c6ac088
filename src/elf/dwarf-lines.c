/*
 * Line tables, inline chains, code bytes and code relocations of an ELF,
 * through elfutils' libdwfl (dwarf-lines.h).
 */
#define _GNU_SOURCE /* strcasestr */
#include "elf/dwarf-lines.h"
#include "elf/dwarf-internal.h"
#include "elf/dwarf-populate.h"
#include "lib/util.h"

#include <elfutils/libdwfl.h>
#include <elfutils/libdw.h>
#include <dwarf.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A position in the image that a relocation patches, and what it names. */
struct code_reloc {
	uint64_t where, target;
	int pcrel_lo;  /* RISC-V %pcrel_lo: target is its auipc's place */
	const char *name; /* the symbol's name; a section symbol's: the
			     section's (listings, elf_image_reloc_symbol) */
	uint64_t sym;     /* what the symbol stands for, as target */
	int section;      /* a section symbol (gcc's .bss+4, .LC0's .rodata) */
};

/* An ARM mapping symbol: from addr on, the code is ARM ($a) or Thumb ($t)
 * or data ($d). */
struct mapping_sym {
	uint64_t addr;
	char kind;
};

/* A linked file's ranges whose pages are given back (find_droppable()):
 * the DWARF sections its units read in their order, and a separate
 * file's code. */
#define DROP_RANGES 10

struct elf_image {
	struct elf_image_info info;
	const struct elf_machine_rules *rules; /* NULL: none known */
	Dwfl_Module *mod;
	Elf *elf;
	GElf_Addr bias;
	char *name;
	/* built on first need */
	int relocs_loaded, maps_loaded;
	struct code_reloc *relocs;
	size_t nr_relocs, alloc_relocs;
	struct mapping_sym *maps;
	size_t nr_maps, alloc_maps;
	struct sym_index syms; /* elf_image_symbol_at and _span */
	struct sym_index data_syms; /* elf_image_data_symbol_at */
	struct global_index globals; /* other units' externs (dwarf-types) */
	/* a linked file's pages the walk reads once, given back every
	 * DROP_EVERY units while nothing was written to them
	 * (dwarf-populate.h; find_droppable()) */
	uintptr_t drop_lo[DROP_RANGES], drop_hi[DROP_RANGES];
	size_t ndrop, drops;
	unsigned since_drop, drop_every;
	struct shared_map *map; /* the mapping the workers of -j reading
				   it share (dwarf-shared-map.c), or NULL */
};

/* Units between two drops of a linked file's pages: a unit's DWARF,
 * file table and code are read again by the next few (the shared
 * .debug_abbrev, .debug_str and .debug_line_str pages), so not after
 * each; 16 keeps the resident pages to a few MiB. */
#define DROP_EVERY 8

/*
 * The rows of one unit are decoded into a buffer kept for the next unit
 * (most are a few thousand rows); one grown past this many rows (512
 * KiB: a kernel unit's largest are 60,000) is given back after its unit,
 * or each worker of -j would keep the largest it ever decoded (Debian's
 * vmlinux at -j 4: 6 MB of the peak).
 */
#define ROWS_KEPT 16384

/* Up to this size, a relocatable file's mapping is made private at once
 * (dwarf-populate.h): the few MiB of a kernel object, not a huge archive. */
#define POPULATE_MAX ((size_t)64 << 20)

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

const struct elf_image_info *elf_image_info(const struct elf_image *img)
{
	return &img->info;
}

/* What kind of file is it: 'e' ELF, 'a' archive, 0 other; -1 unreadable.
 * *relocatable: an ELF of type ET_REL. */
static int sniff(int fd, size_t *size, int *relocatable)
{
	unsigned char magic[18];
	ssize_t n = pread(fd, magic, sizeof(magic), 0);
	off_t end = lseek(fd, 0, SEEK_END);

	*relocatable = 0;
	if (n < 0)
		return -1;
	*size = end > 0 ? (size_t)end : 0;
	if (n >= 4 && !memcmp(magic, "\177ELF", 4)) {
		/* e_type: 2 bytes at 16, in the byte order of EI_DATA */
		if (n == sizeof(magic))
			*relocatable = (magic[5] == ELFDATA2MSB ?
					magic[16] << 8 | magic[17] :
					magic[17] << 8 | magic[16]) == ET_REL;
		return 'e';
	}
	if (n >= 8 && !memcmp(magic, "!<arch>\n", 8))
		return 'a';
	/* LLVM bitcode, bare or in its wrapper (clang -flto): no code yet */
	if (n >= 4 && (!memcmp(magic, "BC\xc0\xde", 4) ||
		       !memcmp(magic, "\xde\xc0\x17\x0b", 4)))
		return 'b';
	return 0;
}

/*
 * Does the ELF (a file, or an archive member of `size` bytes) end before
 * its section headers or a section's contents?  A truncated copy would
 * otherwise read as "no DWARF" or "no code".
 */
static int elf_cut_short(Elf *elf, size_t size, struct strbuf *why)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;

	if (!elf || !gelf_getehdr(elf, &eh)) {
		strbuf_addf(why, "truncated or damaged ELF header (%zu bytes)",
			    size);
		return 1;
	}
	if (eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize > size) {
		strbuf_addf(why, "truncated ELF: its section headers end at byte "
			    "%llu, the file at %zu", (unsigned long long)
			    (eh.e_shoff + (uint64_t)eh.e_shnum * eh.e_shentsize),
			    size);
		return 1;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && sh.sh_type != SHT_NOBITS &&
		    sh.sh_offset + sh.sh_size > size) {
			strbuf_addf(why, "truncated ELF: section %zu ends at "
				    "byte %llu, the file at %zu", elf_ndxscn(scn),
				    (unsigned long long)(sh.sh_offset + sh.sh_size),
				    size);
			return 1;
		}
	}
	return 0;
}

/*
 * Does a relocatable ELF have a relocation section that applies to one of
 * the tables libelf and libdwfl read to make sense of it -- the section
 * names, a symbol or string table, another relocation section?  libdwfl
 * applies it as it relocates the object: the section names, rewritten,
 * no longer say where .debug_info is, and libdw then finds no unit and
 * no error, so the object would read as having no line tables (the
 * scan-reader fuzzer found a .rela.debug_line whose sh_info named
 * .shstrtab).  Compilers and assemblers never write one -- nor a
 * debug section's relocations in a section of another type.
 */
static int relocs_misdirected(Elf *elf, struct strbuf *why)
{
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t shstrndx, shnum;

	if (!gelf_getehdr(elf, &eh) || eh.e_type != ET_REL ||
	    elf_getshdrstrndx(elf, &shstrndx) || elf_getshdrnum(elf, &shnum))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh, tsh;
		Elf_Scn *tscn;
		const char *name, *tname;

		if (!gelf_getshdr(scn, &sh))
			continue;
		/* a debug section's relocations in a section of another
		 * type: libdwfl applies none of them, and the DWARF keeps
		 * offsets not relocated (names, units read wrong) */
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA && name &&
		    (!strncmp(name, ".rela.debug_", 12) ||
		     !strncmp(name, ".rel.debug_", 11))) {
			strbuf_addf(why, "damaged ELF: its section %zu (%s) is "
				    "of type %#x, not a relocation section's: "
				    "its relocations would not be applied",
				    elf_ndxscn(scn), name, (unsigned)sh.sh_type);
			return 1;
		}
		if ((sh.sh_type != SHT_REL && sh.sh_type != SHT_RELA) ||
		    !sh.sh_info || sh.sh_info >= shnum ||
		    !(tscn = elf_getscn(elf, sh.sh_info)) ||
		    !gelf_getshdr(tscn, &tsh))
			continue;
		if (sh.sh_info != shstrndx && tsh.sh_type != SHT_SYMTAB &&
		    tsh.sh_type != SHT_DYNSYM && tsh.sh_type != SHT_STRTAB &&
		    tsh.sh_type != SHT_SYMTAB_SHNDX &&
		    tsh.sh_type != SHT_REL && tsh.sh_type != SHT_RELA)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		tname = elf_strptr(elf, shstrndx, tsh.sh_name);
		strbuf_addf(why, "damaged ELF: its relocation section %zu (%s) "
			    "applies to section %u (%s), %s, which no relocation "
			    "may change", elf_ndxscn(scn),
			    name ? name : "no name", (unsigned)sh.sh_info,
			    tname ? tname : "no name",
			    sh.sh_info == shstrndx ? "the section names" :
			    tsh.sh_type == SHT_STRTAB ? "a string table" :
			    tsh.sh_type == SHT_REL || tsh.sh_type == SHT_RELA ?
			    "a relocation section" : "a symbol table");
		return 1;
	}
	return 0;
}

/* Are elf's units split DWARF skeletons (their DIEs in .dwo files)?
 * By the first unit: DWARF 5's DW_UT_skeleton, or GNU's split DWARF 4,
 * the only DWARF before 5 with a .debug_addr. */
static int split_dwarf(Elf *elf, const Elf_Data *info)
{
	const unsigned char *p = info->d_buf;
	size_t at = 4, version;

	if (info->d_size < 12)
		return 0;
	if (p[0] == 0xff && p[1] == 0xff && p[2] == 0xff && p[3] == 0xff)
		at = 12;        /* 64-bit DWARF */
	if (info->d_size < at + 3)
		return 0;
	version = elf_getident(elf, NULL)[EI_DATA] == ELFDATA2MSB ?
		  (size_t)p[at] << 8 | p[at + 1] : (size_t)p[at + 1] << 8 | p[at];
	return version >= 5 ? p[at + 2] == DW_UT_skeleton :
	       elf_section_data(elf, ".debug_addr") != NULL;
}

/*
 * May elf be read from one mapping by several workers: of this machine's
 * byte order (libelf converts nothing in place), with its own DWARF --
 * no separate debug file, no dwz file it refers to (.gnu_debugaltlink,
 * .debug_sup), no split units' .dwo files -- for libdwfl looks for
 * those by the file's folder, which an ELF read from memory does not
 * have?
 */
static int shareable(Elf *elf)
{
	static const union { uint16_t v; unsigned char b[2]; } order = { 1 };
	const char *ident = elf_getident(elf, NULL);
	const Elf_Data *info = elf_section_data(elf, ".debug_info");

	return ident && ident[EI_DATA] == (order.b[0] ? ELFDATA2LSB :
					   ELFDATA2MSB) &&
	       info && !split_dwarf(elf, info) &&
	       !elf_section_data(elf, ".gnu_debugaltlink") &&
	       !elf_section_data(elf, ".debug_sup");
}

/* *share (may be NULL): may the file be mapped once for several
 * workers (shareable())? */
static int truncated(int fd, size_t size, struct strbuf *why, int *share)
{
	Elf *elf;
	int r;

	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	r = elf_cut_short(elf, size, why) || relocs_misdirected(elf, why);
	if (share)
		*share = !r && shareable(elf);
	if (elf)
		elf_end(elf);
	return r;
}

/*
 * A static archive's bytes, which libdwfl is given instead of a file
 * descriptor (dwfl_report_offline_memory).  Reported by its path
 * (dwfl_report_offline), an archive's descriptor is closed by libdwfl
 * once per member (elfutils 0.188, libdwfl/offline.c): process_elf()
 * closes a module's descriptor as soon as the module is reported ("don't
 * keep the file descriptor around"), and every member of an archive is
 * reported with the archive's one descriptor, so the first member's
 * close is libdwfl's own and each later one -- and process_archive()'s
 * own at the end -- closes that number again.  While a second -j worker
 * runs, the number is by then another thread's file (a source, the
 * other worker's archive), closed under it: "Bad file descriptor".  The
 * descriptor cannot be lent per member (libdwfl takes one for the whole
 * archive), and a lock would have to keep every other thread from
 * opening anything while an archive is reported.  Given memory, libdwfl
 * holds no descriptor at all: process_archive() passes -1 along, which
 * libelf reads as "no file" and libdwfl never closes (free_file()
 * checks for -1; process_archive()'s close(-1) closes nothing), and the
 * image stays ours, unmapped after dwfl_end().  The mapping is private
 * and writable, as libelf's own (ELF_C_READ_MMAP_PRIVATE): libdwfl
 * relocates the members' debug sections in place.
 */
struct archive_image {
	char *data;
	size_t size;
	int mapped; /* else read into memory (a file mmap refuses) */
};

static int archive_image_read(int fd, size_t size, struct archive_image *a)
{
	size_t got = 0;

	a->size = size;
	a->data = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
	a->mapped = a->data != MAP_FAILED;
	if (a->mapped)
		return 0;
	/* as libelf does when it cannot map a file: read it */
	a->data = xmalloc(size);
	while (got < size) {
		ssize_t n = pread(fd, a->data + got, size - got, (off_t)got);

		if (n <= 0) {
			if (n < 0 && errno == EINTR)
				continue;
			if (!n)
				errno = EIO; /* shorter than it said */
			free(a->data);
			a->data = NULL;
			return -1;
		}
		got += (size_t)n;
	}
	return 0;
}

static void archive_image_release(struct archive_image *a)
{
	if (a->mapped)
		munmap(a->data, a->size);
	else
		free(a->data);
	a->data = NULL;
}

/* An archive member that is ELF but cut short (its name, and why). */
struct damaged_member {
	char *name;
	char *why;
};

struct damaged_list {
	struct damaged_member *items;
	size_t nr, alloc;
};

static void add_damaged(struct damaged_list *out, const char *name,
			size_t len, struct strbuf *why)
{
	ALLOC_GROW(out->items, out->nr + 1, out->alloc);
	out->items[out->nr].name = xstrndup(name, len);
	out->items[out->nr++].why = strbuf_detach(why);
}

/* A member's name: "name/" (GNU), "/N" (at N in the long names), "name"
 * (BSD without a slash); *len its length. */
static const char *member_name(const char *hdr, const char *longnames,
			       size_t nlong, size_t *len)
{
	size_t n = 16;

	if (hdr[0] == '/' && hdr[1] >= '0' && hdr[1] <= '9' && longnames) {
		size_t at = strtoul(hdr + 1, NULL, 10);
		const char *end;

		if (at >= nlong)
			return NULL;
		end = memchr(longnames + at, '/', nlong - at);
		*len = end ? (size_t)(end - longnames - at) : nlong - at;
		return longnames + at;
	}
	while (n && (hdr[n - 1] == ' ' || hdr[n - 1] == '/'))
		n--;
	*len = n;
	return hdr;
}

/*
 * The archive's members that begin as ELF but end before their section
 * headers or contents (or where the archive itself ends): libdwfl
 * reports such a member as an ELF without sections ("no code"), or
 * refuses the whole archive, or skips it, and the archive would pass as
 * checked without it.  The ar headers are walked here (libelf stops at
 * a member it cannot begin); each ELF member is checked through
 * elf_memory() on the archive's image (struct archive_image).
 */
static void damaged_members(char *map, size_t size,
			    struct damaged_list *out)
{
	const char *longnames = NULL;
	size_t nlong = 0, off = 8;

	elf_version(EV_CURRENT);
	while (off + 60 <= size) {
		const char *hdr = map + off, *name;
		char sz[11];
		size_t msize, have, len = 0;
		struct strbuf why = STRBUF_INIT;

		memcpy(sz, hdr + 48, 10);
		sz[10] = '\0';
		msize = strtoull(sz, NULL, 10);
		if (hdr[58] != '`' || hdr[59] != '\n')
			break; /* not an ar header: libdwfl will say */
		off += 60;
		have = size - off < msize ? size - off : msize;
		if (!memcmp(hdr, "//              ", 16)) {
			longnames = map + off;
			nlong = have;
		} else if (hdr[0] != '/' || (hdr[1] >= '0' && hdr[1] <= '9')) {
			name = member_name(hdr, longnames, nlong, &len);
			if (have >= 4 && !memcmp(map + off, "\177ELF", 4)) {
				Elf *m = elf_memory(map + off, have);

				if (have < msize)
					strbuf_addf(&why, "the archive ends inside "
						    "it (%zu of its %zu bytes)",
						    have, msize);
				else
					(void)(elf_cut_short(m, have, &why) ||
					       relocs_misdirected(m, &why));
				if (m)
					elf_end(m);
			}
			if (why.len)
				add_damaged(out, name ? name : "?", name ? len : 1,
					    &why);
		}
		strbuf_release(&why);
		off += msize + (msize & 1);
	}
}

static void damaged_list_free(struct damaged_list *l)
{
	for (size_t i = 0; i < l->nr; i++) {
		free(l->items[i].name);
		free(l->items[i].why);
	}
	free(l->items);
}

static int is_damaged(const struct damaged_list *l, const char *member)
{
	for (size_t i = 0; i < l->nr; i++)
		if (!strcmp(l->items[i].name, member))
			return 1;
	return 0;
}

/* Does elf have an executable section with contents? */
static int has_code(Elf *elf)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR) &&
		    sh.sh_type == SHT_PROGBITS && sh.sh_size)
			return 1;
	}
	return 0;
}

/*
 * Does elf hold GCC's intermediate language (sections .gnu.lto_*), to
 * be compiled when it is linked?  Without -ffat-lto-objects that is
 * all an object built with -flto has: its sites have no code yet.
 */
static int has_gcc_lto(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (name && !strncmp(name, ".gnu.lto_", 9))
			return 1;
	}
	return 0;
}

struct each_ctx {
	const char *path;
	int archive;
	const struct damaged_list *damaged;
	elf_machine_rules_fn *rules;
	int (*fn)(struct elf_image *img, void *ctx);
	void *ctx;
	int count, stop;
	struct strbuf *why;
	struct shared_map *map;
};

static int one_module(Dwfl_Module *mod, void **userdata, const char *name,
		      Dwarf_Addr start, void *arg)
{
	struct each_ctx *c = arg;
	struct elf_image img;
	GElf_Ehdr ehdr;

	(void)userdata;
	(void)start;
	memset(&img, 0, sizeof(img));
	img.mod = mod;
	img.elf = dwfl_module_getelf(mod, &img.bias);
	if (!img.elf || !gelf_getehdr(img.elf, &ehdr)) {
		strbuf_addf(c->why, "%s: %s", name, dwfl_errmsg(-1));
		c->stop = -1;
		return DWARF_CB_ABORT;
	}
	if (c->archive) { /* libdwfl names members "archive:member" */
		size_t n = strlen(c->path);

		if (!strncmp(name, c->path, n) && name[n] == ':')
			name += n + 1;
		if (is_damaged(c->damaged, name))
			return DWARF_CB_OK; /* handed to fn already */
		img.name = xasprintf("%s(%s)", c->path, name);
	} else {
		img.name = xstrdup(c->path);
	}
	img.info.name = img.name;
	img.info.machine = ehdr.e_machine;
	img.rules = c->rules ? c->rules(ehdr.e_machine) : NULL;
	img.info.is64 = ehdr.e_ident[EI_CLASS] == ELFCLASS64;
	img.info.big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
	img.info.relocatable = ehdr.e_type == ET_REL;
	img.info.has_code = has_code(img.elf);
	img.info.lto_only = !img.info.has_code && has_gcc_lto(img.elf);
	img.map = c->map;
	c->count++;
	c->stop = c->fn(&img, c->ctx);
	free(img.name);
	free(img.relocs);
	free(img.maps);
	sym_index_free(&img.syms);
	sym_index_free(&img.data_syms);
	global_index_free(&img.globals);
	return c->stop ? DWARF_CB_ABORT : DWARF_CB_OK;
}

/* Hand fn the archive's damaged members, each an image saying why. */
static int each_damaged(struct each_ctx *c)
{
	for (size_t i = 0; i < c->damaged->nr && !c->stop; i++) {
		struct elf_image img;

		memset(&img, 0, sizeof(img));
		img.name = xasprintf("%s(%s)", c->path, c->damaged->items[i].name);
		img.info.name = img.name;
		img.info.damaged = c->damaged->items[i].why;
		c->count++;
		c->stop = c->fn(&img, c->ctx);
		free(img.name);
	}
	return c->stop;
}

int elf_images_each(const char *path, elf_machine_rules_fn *rules,
		    int (*fn)(struct elf_image *img, void *ctx), void *ctx,
		    struct strbuf *why)
{
	return elf_images_each_shared(path, 1, rules, fn, ctx, why);
}

int elf_images_each_shared(const char *path, size_t sharers,
			   elf_machine_rules_fn *rules,
			   int (*fn)(struct elf_image *img, void *ctx),
			   void *ctx, struct strbuf *why)
{
	struct each_ctx c;
	struct damaged_list damaged = { NULL, 0, 0 };
	struct archive_image ar = { NULL, 0, 0 };
	struct shared_map *map = NULL;
	size_t size = 0;
	int relocatable, kind, share = 0;
	/* a FIFO or a device is refused here, before libdwfl opens the
	 * path for a read that would block */
	int fd = open_regular(path);
	Dwfl *dwfl;

	if (fd < 0) {
		strbuf_addf(why, "cannot read: %s", file_strerror(errno));
		return -1;
	}
	kind = sniff(fd, &size, &relocatable);
	if (kind < 0) {
		strbuf_addf(why, "cannot read: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!kind) {
		strbuf_addstr(why, "not an ELF file or a static archive");
		close(fd);
		return -1;
	}
	if (kind == 'b') {
		strbuf_addstr(why, "LLVM bitcode (built with -flto): its "
			      "code is made when it is linked; scan the "
			      "linked program, or build without -flto");
		close(fd);
		return -1;
	}
	if (kind == 'a' && size <= 8) {
		close(fd);
		return 0; /* "!<arch>\n" and nothing else: an empty archive */
	}
	if (kind == 'e' && truncated(fd, size, why,
				     sharers > 1 && !relocatable ? &share : NULL)) {
		close(fd);
		return -1;
	}
	if (kind == 'a') {
		if (archive_image_read(fd, size, &ar)) {
			strbuf_addf(why, "cannot read: %s", strerror(errno));
			close(fd);
			return -1;
		}
		damaged_members(ar.data, size, &damaged);
	}
	if (share)
		map = shared_map_get(fd, size);
	close(fd);
	memset(&c, 0, sizeof(c));
	c.path = path;
	c.archive = kind == 'a';
	c.damaged = &damaged;
	c.rules = rules;
	c.fn = fn;
	c.ctx = ctx;
	c.why = why;
	c.map = map;
	dwfl = dwfl_begin(&offline_callbacks);
	if (!dwfl) {
		strbuf_addf(why, "libdwfl: %s", dwfl_errmsg(-1));
		damaged_list_free(&damaged);
		if (ar.data)
			archive_image_release(&ar);
		shared_map_put(map);
		return -1;
	}
	dwfl_report_begin(dwfl);
	/* an ELF file: libdwfl opens it and closes its descriptor once,
	 * when the module is reported -- or, read by several workers at
	 * once, the bytes of the one mapping they share (struct
	 * shared_map); an archive: its bytes, never a descriptor (struct
	 * archive_image) */
	if (!(kind == 'a' ?
	      dwfl_report_offline_memory(dwfl, path, path, ar.data, size) :
	      map ? dwfl_report_offline_memory(dwfl, path, path,
					       shared_map_data(map), size) :
	      dwfl_report_offline(dwfl, path, path, -1))) {
		int err = dwfl_errno();

		dwfl_report_end(dwfl, NULL, NULL);
		dwfl_end(dwfl);
		if (ar.data)
			archive_image_release(&ar);
		shared_map_put(map);
		/* an archive whose members are all non-ELF reports nothing;
		 * one that libdwfl refuses for a member cut short: the
		 * members said, each */
		if (kind == 'a' && (!err || damaged.nr)) {
			each_damaged(&c);
			damaged_list_free(&damaged);
			return c.stop ? c.stop : c.count;
		}
		strbuf_addf(why, "%s", kind == 'e' && size < 64 ?
			    "truncated ELF header" : dwfl_errmsg(err));
		damaged_list_free(&damaged);
		return -1;
	}
	dwfl_report_end(dwfl, NULL, NULL);
	/* a relocatable object, or an archive of them: relocated in place */
	if (kind == 'a' || relocatable)
		populate_private_mappings(path, POPULATE_MAX);
	if (!each_damaged(&c))
		dwfl_getmodules(dwfl, one_module, &c, 0);
	dwfl_end(dwfl);
	if (ar.data)
		archive_image_release(&ar);
	shared_map_put(map);
	damaged_list_free(&damaged);
	if (c.stop)
		return c.stop;
	return c.count;
}

static const char *cu_string(Dwarf_Die *cu, int name)
{
	Dwarf_Attribute a;

	return dwarf_formstring(dwarf_attr(cu, name, &a));
}

/* The debug sections scan reads (not .debug_frame, .debug_loc*,
 * .debug_aranges: never read here). */
static int read_debug_section(const char *name)
{
	static const char *const read[] = {
		".debug_info", ".debug_abbrev", ".debug_line",
		".debug_line_str", ".debug_str", ".debug_str_offsets",
		".debug_addr", ".debug_ranges", ".debug_rnglists",
		".debug_types",
	};

	for (size_t i = 0; i < ARRAY_SIZE(read); i++)
		if (name && !strcmp(name, read[i]))
			return 1;
	return 0;
}

/* How many of relocation section scn's entries are not TLS offsets. */
static size_t non_tls_relocs(struct elf_image *img, Elf_Scn *scn,
			     const GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = elf_reloc_entries(img->elf, sh);
	size_t count = 0;

	if (!data)
		return n ? n : 1; /* unreadable: each one counts */
	for (size_t i = 0; i < n; i++) {
		GElf_Rela rela;
		GElf_Rel rel;
		GElf_Xword info;

		if (sh->sh_type == SHT_RELA) {
			if (!gelf_getrela(data, (int)i, &rela)) {
				count++;
				continue;
			}
			info = rela.r_info;
		} else {
			if (!gelf_getrel(data, (int)i, &rel)) {
				count++;
				continue;
			}
			info = rel.r_info;
		}
		/* gelf_getrel[a] gives an ELF32 r_info in GElf's layout;
		 * a thread-local variable's offset in its module's TLS
		 * block (x86-64's DTPOFF32, ppc64's DTPREL64 ...) is only
		 * ever the DW_OP_const*u operand before a
		 * DW_OP_form_tls_address in a __thread variable's
		 * DW_AT_location, and i386's GOT-relative offset (GOTOFF)
		 * only the DW_OP_addr operand added to a spilled GOT
		 * pointer in a DW_AT_call_value of gcc -m32 -fPIC (LMDB's
		 * mdb.o has four); libdwfl leaves both unapplied (no simple
		 * type for them): they touch no line table, unit or file
		 * name, or code address, so they are no reason to leave the
		 * object unchecked (liburcu's objects all have one) */
		/* R_*_NONE (0 on every machine): nothing to apply (a
		 * ULEB128 pair dwarf-uleb128.c applied is made one) */
		if (GELF_R_TYPE(info) && (!img->rules || !img->rules->expr_offset ||
		    !img->rules->expr_offset((unsigned)GELF_R_TYPE(info))))
			count++;
	}
	return count;
}

/*
 * After libdwfl relocated a relocatable object's DWARF: the relocations
 * of the debug sections it could not apply, but for offsets inside
 * DWARF expressions (elf_machine_rules.expr_offset).  libdwfl drops each one it
 * applies, keeps the others (a symbol index past the symbol table, a
 * damaged .symtab, a type it does not know) and says nothing; the DWARF
 * then holds unrelocated offsets -- file names, strings, addresses
 * that are wrong -- and its units would read as having no source.
 */
/*
 * The string sections libdw takes names from must end in a NUL: libdw
 * 0.188 reads a string with strlen() and runs past the section's end
 * when its last string is not terminated.  The scan-reader fuzzer found
 * it (a .debug_line_str whose type was damaged to SHT_REL, which libelf
 * copies into a buffer of exactly its size: a heap over-read under
 * ASan); a section merely cut short reads the next section's bytes as
 * the name.  Such DWARF is damaged: said, not read.
 */
static int unterminated_strings(Dwarf *dw, struct strbuf *why)
{
	Elf *elf = dwarf_getelf(dw);
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (!elf || elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *name;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || (strcmp(name, ".debug_str") &&
			      strcmp(name, ".debug_line_str")))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || !d->d_size || !d->d_buf ||
		    ((const char *)d->d_buf)[d->d_size - 1] == '\0')
			continue;
		strbuf_addf(why, "cannot read its DWARF: its %s section does "
			    "not end in a NUL (cut short or damaged): the last "
			    "of its strings would run past its end", name);
		return 1;
	}
	return 0;
}

static int unapplied_debug_relocs(struct elf_image *img, struct strbuf *why)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx, total = 0, sections = 0;
	const char *first = NULL;

	if (!img->info.relocatable || elf_getshdrstrndx(img->elf, &shstrndx))
		return 0;
	while ((scn = elf_nextscn(img->elf, scn))) {
		GElf_Shdr sh, tsh;
		Elf_Scn *tscn;
		const char *tname;
		size_t n;

		if (!gelf_getshdr(scn, &sh) || !sh.sh_size ||
		    (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
			continue;
		tscn = elf_getscn(img->elf, sh.sh_info);
		tname = tscn && gelf_getshdr(tscn, &tsh) ?
			elf_strptr(img->elf, shstrndx, tsh.sh_name) : NULL;
		if (!read_debug_section(tname))
			continue;
		n = non_tls_relocs(img, scn, &sh);
		if (!n)
			continue;
		total += n;
		sections++;
		if (!first)
			first = tname;
	}
	if (!total)
		return 0;
	strbuf_addf(why, "cannot read its DWARF: %zu relocation%s of %s%s "
		    "could not be applied (a symbol index past the symbol "
		    "table, a damaged .symtab, or a relocation type elfutils "
		    "does not know): its units' file names and addresses "
		    "would be wrong", total, total == 1 ? "" : "s", first,
		    sections > 1 ? " and other debug sections" : "");
	return 1;
}

/* The first section of elf named name (or, name NULL, with code) as
 * libelf holds it: an address in its mapping of the file. */
static const void *section_bytes(Elf *elf, const char *name)
{
	const Elf_Data *d = elf_section_data(elf, name);

	return d ? d->d_buf : NULL;
}

/* The sections of a linked file that the walk reads once, unit by unit
 * in the file's order -- each unit's DIEs, abbreviations, line program,
 * ranges and locations, the code of its functions: their pages are
 * given back behind it.  The others are read by every unit --
 * .debug_str and .debug_line_str for names, the ELF header and section
 * table for libelf's lookups, the symbol tables -- and were read again
 * after each drop of the whole mapping: on Debian's 6.1 vmlinux 7,249
 * faults on 652 pages of .debug_str, 1,565 on the 19 of
 * .debug_line_str, 1,089 on the 6 at the file's ends; the run's faults
 * 34,687 -> 24,532 with them kept, for 5.6 MB more at its peak. */
static const char *const streamed_sections[] = {
	".debug_info", ".debug_abbrev", ".debug_line", ".debug_loclists",
	".debug_rnglists", ".debug_loc", ".debug_ranges", ".text",
};

static void add_drop(struct elf_image *img, uintptr_t lo, uintptr_t hi)
{
	if (lo < hi && img->ndrop < DROP_RANGES) {
		img->drop_lo[img->ndrop] = lo;
		img->drop_hi[img->ndrop++] = hi;
	}
}

/* The pages of mapping [lo, hi) that the streamed sections of elf cover
 * whole (a page shared with the section next to it is kept).  Test
 * hook: RWONCE_TEST_SCAN_DROPS says which sections, and how many pages
 * of each, on stderr. */
static void add_streamed(struct elf_image *img, Elf *elf, uintptr_t lo,
			 uintptr_t hi)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	int say = getenv("RWONCE_TEST_SCAN_DROPS") != NULL;

	for (size_t i = 0; i < ARRAY_SIZE(streamed_sections); i++) {
		const Elf_Data *d = elf_section_data(elf, streamed_sections[i]);
		uintptr_t b, e;

		if (!d || (uintptr_t)d->d_buf < lo ||
		    (uintptr_t)d->d_buf + d->d_size > hi)
			continue; /* not read in place: libelf's own copy */
		b = ((uintptr_t)d->d_buf + page - 1) & ~(page - 1);
		e = ((uintptr_t)d->d_buf + d->d_size) & ~(page - 1);
		add_drop(img, b, e);
		if (say)
			fprintf(stderr, "rwonce: test: %s: pages given back: "
				"%s, %zu\n", img->info.name,
				streamed_sections[i],
				(size_t)(e > b ? (e - b) / page : 0));
	}
}

/* Note the file mappings of a linked file's DWARF and code (not a
 * relocatable object's: libdwfl relocated it in a private, written copy,
 * which must stay).  Nothing writes to a linked file's mapping (only
 * libdwfl's relocation of an ET_REL does): checked once here, not at
 * each drop (reading /proc/self/smaps each time cost 0.2 s of system
 * time on the 590 MB vmlinux). */
static void find_droppable(struct elf_image *img, Dwarf *dw)
{
	Elf *delf = dwarf_getelf(dw);
	const void *at[2];
	uintptr_t first = 0;

	img->ndrop = 0;
	if (img->info.relocatable)
		return;
	at[0] = section_bytes(delf, ".debug_line");
	at[1] = delf == img->elf ? NULL : section_bytes(img->elf, NULL);
	for (size_t i = 0; i < 2; i++) {
		uintptr_t lo, hi;

		if (!at[i] || !file_mapping_of(at[i], &lo, &hi) ||
		    (i && first == lo) || !file_mapping_clean(lo))
			continue;
		if (!i) {
			first = lo;
			add_streamed(img, delf, lo, hi);
		} else {
			add_drop(img, lo, hi); /* a separate file's code */
		}
	}
}

/* The pages read so far go back to the page cache (dwarf-populate.h). */
static void drop_pages_now(struct elf_image *img)
{
	img->since_drop = 0;
	img->drops++;
	for (size_t i = 0; i < img->ndrop; i++)
		(void)madvise((void *)img->drop_lo[i],
			      img->drop_hi[i] - img->drop_lo[i],
			      MADV_DONTNEED);
}

/* ... after every DROP_EVERY units. */
static void drop_pages(struct elf_image *img)
{
	if (img->ndrop && ++img->since_drop >= img->drop_every)
		drop_pages_now(img);
}

/*
 * The line tables are read through a second libdw handle on the same
 * ELF, ended and begun again every LINES_WINDOW rows: libdw keeps every
 * line table it decoded (about 56 bytes a row) until its handle ends,
 * and the module's handle lives as long as the file is open -- on the
 * 590 MB vmlinux, 4.2 million rows, 200 MB of the 450 MB peak, and each
 * worker of -j kept its own units'.  The rows and file names a unit is
 * handed live as long as the unit (dwarf-lines.h); the DIEs are still
 * read through the module's handle, which never reads a line table
 * (file names come from struct unit_priv's files).
 */
#define LINES_WINDOW ((size_t)1 << 18)

struct lines_handle {
	Dwarf *dw;      /* NULL until the first unit */
	size_t rows;    /* rows read through it */
	size_t window;  /* LINES_WINDOW, or the test hook's */
	size_t begun;   /* handles begun (the test hook says it) */
	size_t step, steps; /* WALK_STEP (the hook's: 2), steps walked */
	/* the DIE offsets of the file's units so far (taken or not) */
	Dwarf_Off *offs;
	size_t noffs, alloc_offs;
};

/*
 * A new handle finds a unit by reading the header of every unit before
 * it (libdw's __libdw_findcu), a page of .debug_info each and the pages
 * around it that the kernel maps with it: 90 MB of the vmlinux's file
 * mapped at once near its end.  Walked here in steps of 64 units, the
 * pages given back after each.
 */
#define WALK_STEP 64

static void lines_walk(struct lines_handle *h, struct elf_image *img)
{
	if (!img->ndrop)
		return; /* a relocatable object's: kept anyway */
	for (size_t k = h->step; k + 1 < h->noffs; k += h->step) {
		Dwarf_Die d;

		(void)dwarf_offdie(h->dw, h->offs[k], &d);
		drop_pages_now(img);
		h->steps++;
	}
}

/* The unit cu of the module's handle dw in the line-table handle, begun
 * (again) when none is open or the window is full. */
static int lines_unit(struct lines_handle *h, struct elf_image *img,
		      Dwarf *dw, Dwarf_Die *cu, Dwarf_Die *out)
{
	if (h->dw && h->rows >= h->window) {
		dwarf_end(h->dw);
		h->dw = NULL;
	}
	if (!h->dw) {
		h->dw = dwarf_begin_elf(dwarf_getelf(dw), DWARF_C_READ, NULL);
		if (!h->dw)
			return -1;
		/* a dwz file's strings (DW_FORM_GNU_strp_alt: comp_dir) */
		if (dwarf_getalt(dw))
			dwarf_setalt(h->dw, dwarf_getalt(dw));
		h->rows = 0;
		h->begun++;
		lines_walk(h, img);
	}
	return dwarf_offdie(h->dw, dwarf_dieoffset(cu), out) ? 0 : -1;
}

/*
 * A unit's file table from its line table's header alone (files_only:
 * discover.c's pass), the line program not decoded: handed to fn with no
 * rows.  1 when handed (fn's answer in *r), 0 for a unit with no rows
 * (skipped, as libdw's empty table is), -1 when it is libdw's to read
 * (dwarf-files.c).
 */
static int header_unit(struct elf_image *img, Dwarf *dw, Dwarf_Die *cu,
		       Dwarf_Addr bias, int (*fn)(struct line_unit *u, void *ctx),
		       void *ctx, int *r)
{
	struct line_unit u;
	struct unit_priv p;
	char *names;
	int empty = 0;

	memset(&u, 0, sizeof(u));
	memset(&p, 0, sizeof(p));
	u.comp_dir = cu_string(cu, DW_AT_comp_dir);
	if (unit_files_from_header(dw, cu, u.comp_dir, &u.files, &u.nfiles,
				   &names, &empty, NULL))
		return -1;
	if (!empty) {
		p.cu = *cu;
		p.bias = bias;
		p.files = u.files;
		p.nfiles = u.nfiles;
		u.name = cu_string(cu, DW_AT_name);
		u.assembly = dwarf_srclang(cu) == DW_LANG_Mips_Assembler;
		u.img = img;
		u.priv = &p;
		*r = fn(&u, ctx);
		free(p.by_name);
	}
	free(u.files);
	free(names);
	return !empty;
}

/* The test hook's comparison of the header's file table with libdw's. */
struct files_check {
	int ok;                 /* the header was read */
	struct unit_file *files;
	size_t nfiles;
	char *names;
	int empty;
	size_t read, left, differ; /* units: read from the header, left to
				      libdw, read otherwise than libdw */
};

static void check_start(struct files_check *c, Dwarf *dw, Dwarf_Die *cu)
{
	free(c->files);
	free(c->names);
	c->ok = !unit_files_from_header(dw, cu, cu_string(cu, DW_AT_comp_dir),
					&c->files, &c->nfiles, &c->names,
					&c->empty, NULL);
}

static void check_end(struct files_check *c, struct elf_image *img,
		      Dwarf_Die *cu, const struct unit_file *files, size_t n)
{
	const char *unit = cu_string(cu, DW_AT_name);
	size_t i = 0;

	size_t differ = c->differ;

	if (!c->ok) {
		c->left++;
		return;
	}
	c->read++;
	if (c->empty != !files && ++c->differ)
		fprintf(stderr, "rwonce: test: %s: unit '%s': header says %s, "
			"libdw %zu rows\n", img->info.name, unit ? unit : "",
			c->empty ? "empty" : "rows", files ? n : 0);
	if (!files || c->empty)
		return;
	if (n != c->nfiles && ++c->differ)
		fprintf(stderr, "rwonce: test: %s: unit '%s': %zu files, libdw "
			"%zu\n", img->info.name, unit ? unit : "", c->nfiles, n);
	for (; i < n && i < c->nfiles; i++)
		if (strcmp(files[i].name, c->files[i].name) ||
		    files[i].has_md5 != c->files[i].has_md5 ||
		    (files[i].has_md5 && memcmp(files[i].md5, c->files[i].md5,
						16))) {
			c->differ += c->differ == differ;
			fprintf(stderr, "rwonce: test: %s: unit '%s': file %zu "
				"'%s', libdw '%s'\n", img->info.name,
				unit ? unit : "", i, c->files[i].name,
				files[i].name);
		}
}

/*
 * A unit's file table and rows read from .debug_line here (dwarf-program.c
 * says why), not through libdw's line-table handle: 0 with *files and
 * *names (the caller frees them) and the rows in *rows, *n; -1 when it
 * is libdw's to read.
 */
static int program_unit(Dwarf *dw, Dwarf_Die *cu, Dwarf_Addr bias,
			struct unit_file **files, size_t *nfiles, char **names,
			struct line_row **rows, size_t *alloc, size_t *n,
			enum rows_order *order)
{
	struct line_header lh;
	int empty = 0;

	if (unit_files_from_header(dw, cu, cu_string(cu, DW_AT_comp_dir),
				   files, nfiles, names, &empty, &lh))
		return -1;
	if (unit_rows_decode(&lh, *files, *nfiles, bias, rows, alloc, n,
			     order)) {
		/* the unit goes to libdw; the caller frees names after it */
		free(*files);
		free(*names);
		*files = NULL;
		*names = NULL;
		*nfiles = 0;
		return -1;
	}
	return 0;
}

/* The n rows of libdw's table lines, into *rows. */
static void rows_from_libdw(Dwarf_Lines *lines, size_t n, Dwarf_Addr bias,
			    struct line_row **rows, size_t *alloc)
{
	ALLOC_GROW(*rows, n, *alloc);
	for (size_t i = 0; i < n; i++) {
		Dwarf_Line *ln = dwarf_onesrcline(lines, i);
		struct line_row *row = &(*rows)[i];
		Dwarf_Addr a = 0;
		int line = 0, col = 0;
		bool end = 0;

		dwarf_lineaddr(ln, &a);
		dwarf_lineno(ln, &line);
		dwarf_linecol(ln, &col);
		dwarf_lineendsequence(ln, &end);
		row->addr = a + bias;
		row->file = dwarf_linesrc(ln, NULL, NULL);
		if (!row->file)
			row->file = "";
		row->line = line > 0 ? (unsigned)line : 0;
		row->col = col > 0 ? (unsigned)col : 0;
		row->end_sequence = end;
		row->empty = 0;
	}
}

/* The test hook's comparison of the rows decoded here with libdw's. */
struct rows_check {
	size_t read, left, differ; /* units: decoded here, left to libdw,
				      decoded otherwise than libdw */
	size_t order[ROWS_MERGED + 1]; /* decoded here, by how put in order */
};

static void rows_check_unit(struct rows_check *c, struct elf_image *img,
			    struct lines_handle *lh, Dwarf *dw, Dwarf_Die *cu,
			    Dwarf_Addr bias, const struct line_row *rows, size_t n,
			    const struct unit_file *files, size_t nfiles)
{
	const char *unit = cu_string(cu, DW_AT_name);
	Dwarf_Lines *lines;
	Dwarf_Files *df;
	Dwarf_Die lcu;
	size_t ln = 0, nf = 0, bad = 0;

	c->read++;
	if (lines_unit(lh, img, dw, cu, &lcu) ||
	    dwarf_getsrclines(&lcu, &lines, &ln) ||
	    dwarf_getsrcfiles(&lcu, &df, &nf)) {
		ln = nf = 0;
		bad = 1;
	}
	if (!bad && (ln != n || (n && nf != nfiles)))
		bad = 1;
	for (size_t i = 0; !bad && i < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		const char *f = dwarf_linesrc(l, NULL, NULL);
		Dwarf_Addr a = 0;
		int line = 0, col = 0;
		bool end = 0;

		dwarf_lineaddr(l, &a);
		dwarf_lineno(l, &line);
		dwarf_linecol(l, &col);
		dwarf_lineendsequence(l, &end);
		if (rows[i].addr != a + bias || strcmp(rows[i].file, f ? f : "") ||
		    rows[i].line != (line > 0 ? (unsigned)line : 0) ||
		    rows[i].col != (col > 0 ? (unsigned)col : 0) ||
		    rows[i].end_sequence != end)
			bad = 1;
	}
	for (size_t i = 0; !bad && n && i < nf; i++)
		if (strcmp(files[i].name, dwarf_filesrc(df, i, NULL, NULL)))
			bad = 1;
	lh->rows += ln;
	if (bad && ++c->differ)
		fprintf(stderr, "rwonce: test: %s: unit '%s': %zu rows decoded, "
			"libdw %zu: not the same\n", img->info.name,
			unit ? unit : "", n, ln);
}

static int units_each(struct elf_image *img, int (*take)(void *ctx),
		      int (*fn)(struct line_unit *u, void *ctx), void *ctx,
		      int files_only, struct strbuf *why)
{
	Dwarf_Addr bias;
	Dwarf *dw;
	Dwarf_Die *cu = NULL;
	struct line_row *rows = NULL;
	size_t alloc = 0;
	int units = 0, nextcu_err = 0;
	struct lines_handle lh = { NULL, 0, LINES_WINDOW, 0, WALK_STEP, 0,
				   NULL, 0, 0 };
	const char *hook = getenv("RWONCE_TEST_SCAN_LINES_WINDOW");
	/* Test hook: the header's file tables (files_only) are read by
	 * libdw too, and any difference said on stderr */
	int check_files = !!getenv("RWONCE_TEST_SCAN_FILES_CHECK");
	struct files_check chk;
	/* Test hook: the rows decoded here are read by libdw too, and any
	 * difference said on stderr */
	int check_rows = !!getenv("RWONCE_TEST_SCAN_LINES_CHECK");
	struct rows_check rchk = { 0, 0, 0, { 0, 0, 0 } };
	enum rows_order order = ROWS_IN_ORDER;
	/* Test hook: how many units' children were walked, said on stderr
	 * (at most once per unit: unit_children) */
	int count_walks = !!getenv("RWONCE_TEST_SCAN_WALKS");
	/* Test hook: every DIE's abbreviation found by libdw, none kept by
	 * code (unit_die_tag) */
	int no_abbrevs = !!getenv("RWONCE_TEST_SCAN_NO_ABBREV_CACHE");
	size_t walks = 0;
	/* Test hook: the scope walks' levels from the kept kids checked
	 * against libdw's, or ("off") all from libdw (dwarf-scopes.c) */
	const char *scopes_env = getenv("RWONCE_TEST_SCAN_SCOPES");
	struct scopes_hook scopes_hook = { 0, 0, 0, 0 };
	/* Test hook: a row buffer over that many rows is given back after
	 * its unit (instead of ROWS_KEPT), and what was kept between units
	 * is said on stderr at the end */
	const char *held_hook = getenv("RWONCE_TEST_SCAN_ROWS_KEPT");
	size_t rows_kept = held_hook && atoi(held_hook) > 0 ?
		(size_t)atoi(held_hook) : ROWS_KEPT;
	size_t rows_given_back = 0, rows_held = 0;

	/* Test hook: a window of that many rows (1: a new handle for every
	 * unit), a new handle's walk in steps of 2 units, and a linked
	 * file's pages given back after every unit and step -- nothing may
	 * keep a unit's rows or names longer, and the output must not
	 * change; what was done is said on stderr at the end.  Every line
	 * table is then libdw's to read (its handles are what is tested). */
	memset(&chk, 0, sizeof(chk));
	/* (a mapping several workers share too: each one's drop gives back
	 * the others' pages, which costs a fault each when read again, but
	 * dropping every 8 x workers units of one's own kept twice the
	 * file's pages at -j 4: 23-29 MiB against 15-17) */
	img->drop_every = DROP_EVERY;
	if (hook && atoi(hook) > 0) {
		lh.window = (size_t)atoi(hook);
		lh.step = 2;
		img->drop_every = 1;
	}

	if (img->info.damaged) {
		strbuf_addstr(why, img->info.damaged);
		return -1;
	}
	dw = dwfl_module_getdwarf(img->mod, &bias);

	/* The relocations of a MIPS object's DWARF need libdw's MIPS backend,
	 * which elfutils 0.188 (Debian 12) does not have: it leaves them
	 * unapplied, and the line tables and DIEs read as garbage (a
	 * function named 'unsigned int').  Linked files need none. */
	if (img->rules && img->rules->no_reloc_backend &&
	    img->info.relocatable) {
		strbuf_addf(why, "a %s relocatable object cannot be read: "
			    "elfutils %s has no %s backend to apply the "
			    "relocations of its DWARF; scan the linked program "
			    "or library", img->rules->no_reloc_backend,
			    dwfl_version(NULL), img->rules->no_reloc_backend);
		return -1;
	}
	if (!dw) {
		int err = dwfl_errno();

		/* no .debug_* sections at all: not an error, just nothing */
		if (err == 0 || strcasestr(dwfl_errmsg(err), "no DWARF"))
			return 0;
		strbuf_addf(why, "cannot read its DWARF: %s", dwfl_errmsg(err));
		return -1;
	}
	if (img->info.relocatable)
		apply_uleb128_pairs(img->elf, img->rules);
	if (unapplied_debug_relocs(img, why) || unterminated_strings(dw, why))
		return -1;
	find_droppable(img, dw);
	for (;;) {
		Dwarf_Lines *lines;
		size_t n = 0, nfiles = 0;
		struct line_unit u;
		struct unit_priv p;
		Dwarf_Die lcu;
		struct unit_file *files = NULL;
		char *names = NULL;
		int r, stop = 0, ours;

		(void)dwfl_errno(); /* cleared: an error now is nextcu's */
		cu = dwfl_module_nextcu(img->mod, cu, &bias);
		if (!cu) {
			nextcu_err = dwfl_errno();
			break;
		}

		ALLOC_GROW(lh.offs, lh.noffs + 1, lh.alloc_offs);
		lh.offs[lh.noffs++] = dwarf_dieoffset(cu);
		if (take && !take(ctx))
			continue; /* another worker's */
		if (files_only && check_files)
			check_start(&chk, dw, cu);
		else if (files_only &&
		    (r = header_unit(img, dw, cu, bias, fn, ctx, &stop)) >= 0) {
			units += r;
			drop_pages(img);
			if (r && stop) {
				free(rows);
				free(lh.offs);
				if (lh.dw)
					dwarf_end(lh.dw);
				return stop;
			}
			continue;
		}
		/* a unit without code (types only) has no line table */
		if (!dwarf_hasattr(cu, DW_AT_stmt_list))
			continue;
		ours = !files_only && !hook &&
		       !program_unit(dw, cu, bias, &files, &nfiles, &names,
				     &rows, &alloc, &n, &order);
		if (check_rows && !files_only && !hook && !ours)
			rchk.left++;
		if (ours && check_rows) {
			rchk.order[order]++;
			rows_check_unit(&rchk, img, &lh, dw, cu, bias, rows, n,
					files, nfiles);
		}
		if (ours && !n) {
			free(files);
			free(names);
			continue;
		}
		if (!ours && (lines_unit(&lh, img, dw, cu, &lcu) ||
		    dwarf_getsrclines(&lcu, &lines, &n))) {
			/* one that names a table it cannot read is damaged,
			 * not empty */
			strbuf_addf(why, "cannot read the line table of its unit "
				    "'%s': %s", cu_string(cu, DW_AT_name) ?
				    cu_string(cu, DW_AT_name) : "(no name)",
				    dwarf_errmsg(-1));
			free(rows);
			free(lh.offs);
			if (lh.dw)
				dwarf_end(lh.dw);
			/* only this worker took the unit (see the .h) */
			return take ? UNITS_TROUBLE_TAKEN : -1;
		}
		if (!ours && !n) {
			if (files_only && check_files)
				check_end(&chk, img, cu, NULL, 0);
			continue;
		}
		if (!ours) {
			lh.rows += n;
			rows_from_libdw(lines, n, bias, &rows, &alloc);
		}
		memset(&u, 0, sizeof(u));
		memset(&p, 0, sizeof(p));
		p.cu = *cu;
		p.lcu = lcu;
		p.bias = bias;
		p.walks = &walks;
		if (scopes_env) {
			scopes_hook.off = !strcmp(scopes_env, "off");
			p.scopes_hook = &scopes_hook;
		}
		p.globals = &img->globals;
		p.mod = img->mod;
		p.abbrevs_off = no_abbrevs;
		u.name = cu_string(cu, DW_AT_name);
		u.comp_dir = cu_string(cu, DW_AT_comp_dir);
		u.assembly = dwarf_srclang(cu) == DW_LANG_Mips_Assembler;
		if (ours) {
			u.files = p.files = files;
			u.nfiles = p.nfiles = nfiles;
		} else {
			unit_files_load(&p, dw, &u.files, &u.nfiles);
		}
		if (files_only && check_files)
			check_end(&chk, img, cu, u.files, u.nfiles);
		u.rows = rows;
		u.nr = n;
		u.img = img;
		u.priv = &p;
		units++;
		r = fn(&u, ctx);
		free(p.fns);
		free(p.top);
		free(p.names.items);
		free(p.names.slots);
		free(p.vars.items);
		free(p.vars.slots);
		free(p.chain);
		free(p.files);
		free(names);
		free(p.by_name);
		unit_kids_free(&p);
		if (alloc > rows_kept) {
			free(rows);
			rows = NULL;
			alloc = 0;
			rows_given_back++;
		}
		if (alloc > rows_held)
			rows_held = alloc;
		drop_pages(img);
		if (r) {
			free(rows);
			free(lh.offs);
			dwarf_end(lh.dw);
			return r;
		}
	}
	free(rows);
	free(lh.offs);
	free(chk.files);
	free(chk.names);
	if (lh.dw)
		dwarf_end(lh.dw);
	if (files_only && check_files)
		fprintf(stderr, "rwonce: test: %s: file tables of %zu unit%s "
			"read from the header, %zu left to libdw, %zu read "
			"otherwise than libdw\n", img->info.name, chk.read,
			chk.read == 1 ? "" : "s", chk.left, chk.differ);
	if (count_walks && !files_only)
		fprintf(stderr, "rwonce: test: %s: %d unit%s read, the children "
			"of %zu walked\n", img->info.name, units,
			units == 1 ? "" : "s", walks);
	if (scopes_env && !files_only)
		fprintf(stderr, "rwonce: test: %s: scope levels: %zu from the "
			"kept blocks and inlined copies (%zu of them not what "
			"libdw's walk gives), %zu from libdw\n", img->info.name,
			scopes_hook.kept, scopes_hook.differ,
			scopes_hook.libdw);
	if (check_rows && !files_only)
		fprintf(stderr, "rwonce: test: %s: line tables of %zu unit%s "
			"decoded here, %zu left to libdw, %zu decoded otherwise "
			"than libdw\n", img->info.name, rchk.read,
			rchk.read == 1 ? "" : "s", rchk.left, rchk.differ);
	if (check_rows && !files_only && rchk.read)
		fprintf(stderr, "rwonce: test: %s: rows of %zu unit%s in the "
			"order of the program, %zu put in order by moving "
			"sequences, %zu by merging them\n", img->info.name,
			rchk.order[ROWS_IN_ORDER],
			rchk.order[ROWS_IN_ORDER] == 1 ? "" : "s",
			rchk.order[ROWS_BY_RUNS], rchk.order[ROWS_MERGED]);
	if (held_hook && !files_only)
		fprintf(stderr, "rwonce: test: %s: row buffers given back after "
			"%zu unit%s; at most %zu rows kept between units\n",
			img->info.name, rows_given_back,
			rows_given_back == 1 ? "" : "s", rows_held);
	if (hook)
		fprintf(stderr, "rwonce: test: %s: %d unit%s read, line tables "
			"through %zu handle%s (%zu walk step%s), pages given "
			"back %zu time%s\n", img->info.name, units,
			units == 1 ? "" : "s", lh.begun,
			lh.begun == 1 ? "" : "s", lh.steps,
			lh.steps == 1 ? "" : "s", img->drops,
			img->drops == 1 ? "" : "s");
	/* the units stopped at one whose header cannot be read (an abbrev
	 * offset past its section ...): not the end of the DWARF */
	if (nextcu_err) {
		strbuf_addf(why, "cannot read its DWARF: a unit's header: %s",
			    dwfl_errmsg(nextcu_err));
		return -1;
	}
	return units;
}

int elf_image_has_dwarf(struct elf_image *img)
{
	Dwarf_Addr bias;

	return !img->info.damaged && dwfl_module_getdwarf(img->mod, &bias);
}

int elf_image_units_each(struct elf_image *img,
			 int (*fn)(struct line_unit *u, void *ctx), void *ctx,
			 struct strbuf *why)
{
	return units_each(img, NULL, fn, ctx, 0, why);
}

int elf_image_units_each_taken(struct elf_image *img, int (*take)(void *ctx),
			       int (*fn)(struct line_unit *u, void *ctx),
			       void *ctx, struct strbuf *why)
{
	return units_each(img, take, fn, ctx, 0, why);
}

int elf_image_unit_files_each_taken(struct elf_image *img,
				    int (*take)(void *ctx),
				    int (*fn)(struct line_unit *u, void *ctx),
				    void *ctx, struct strbuf *why)
{
	return units_each(img, take, fn, ctx, 1, why);
}

static const char *die_name(Dwarf_Die *die)
{
	Dwarf_Attribute a;
	const char *s = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name,
							      &a));

	return s ? s : "(no name in the DWARF)";
}

static unsigned die_udata(Dwarf_Die *die, int name)
{
	Dwarf_Attribute a;
	Dwarf_Word w = 0;

	if (!dwarf_attr(die, name, &a) || dwarf_formudata(&a, &w))
		return 0;
	return (unsigned)w;
}

static int cmp_fn(const void *a, const void *b)
{
	const struct fn_range *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* The address ranges of the unit's functions (its DIE's direct children,
 * and those in namespaces), for finding the one that holds a pc. */
static void load_fns(struct unit_priv *p, Dwarf_Die *parent, int top);

/* One child of the unit's DIE or of a namespace, for load_fns(). */
static void load_fn(struct unit_priv *p, Dwarf_Die *c, int tag, int top)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;

	if (tag == DW_TAG_namespace) {
		load_fns(p, c, 0);
		return;
	}
	if (tag != DW_TAG_subprogram)
		return;
	if (top) {
		ALLOC_GROW(p->top, p->ntop + 1, p->alloc_top);
		p->top[p->ntop++] = dwarf_dieoffset(c);
	}
	/* (a declaration of a function the unit calls has no range) */
	while (unit_die_ranged(p, c) &&
	       (off = dwarf_ranges(c, off, &base, &lo, &hi)) > 0) {
		ALLOC_GROW(p->fns, p->nfns + 1, p->alloc_fns);
		p->fns[p->nfns].lo = lo;
		p->fns[p->nfns].hi = hi;
		p->fns[p->nfns].die = *c;
		p->fns[p->nfns].top = top;
		p->nfns++;
	}
}

static void load_fns(struct unit_priv *p, Dwarf_Die *parent, int top)
{
	Dwarf_Die c;

	if (top) { /* the unit's own children: walked once (unit_children) */
		size_t n;
		const struct unit_child *kids = unit_children(p, &n);

		for (size_t k = 0; k < n; k++) {
			c = kids[k].die;
			load_fn(p, &c, kids[k].tag, 1);
		}
		return;
	}
	if (dwarf_child(parent, &c))
		return;
	do
		load_fn(p, &c, unit_die_tag(p, &c), 0);
	while (!dwarf_siblingof(&c, &c));
}

static int cmp_off(const void *a, const void *b)
{
	const Dwarf_Off *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

void unit_fns_load(struct unit_priv *p)
{
	if (p->fns_loaded)
		return;
	p->fns_loaded = 1;
	load_fns(p, &p->cu, 1);
	if (p->nfns)
		sane_qsort(p->fns, p->nfns, sizeof(*p->fns), cmp_fn);
	for (size_t i = 1; i < p->nfns; i++)
		if (p->fns[i - 1].hi > p->fns[i].lo)
			p->fns_overlap = 1;
	if (p->ntop)
		sane_qsort(p->top, p->ntop, sizeof(*p->top), cmp_off);
}

const struct fn_range *unit_function_at(const struct unit_priv *p,
					Dwarf_Addr pc)
{
	size_t lo = 0, hi = p->nfns;

	while (lo < hi) { /* the last range starting at or before pc */
		size_t mid = lo + (hi - lo) / 2;

		if (p->fns[mid].lo <= pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo && pc < p->fns[lo - 1].hi ? &p->fns[lo - 1] : NULL;
}

/*
 * Narrow *until to where the ranges of a child stop holding pc (when they
 * do) or start holding code after pc (when they do not).
 */
static void narrow_until(const struct scope_kid *k, Dwarf_Addr pc,
			 Dwarf_Addr *until)
{
	for (size_t r = 0; r < k->nranges; r++) {
		Dwarf_Addr lo = k->ranges[r][0], hi = k->ranges[r][1];

		if (lo <= pc && pc < hi && hi < *until)
			*until = hi;
		else if (lo > pc && lo < *until)
			*until = lo;
	}
}

static int holds(const struct scope_kid *k, Dwarf_Addr pc)
{
	for (size_t r = 0; r < k->nranges; r++)
		if (k->ranges[r][0] <= pc && pc < k->ranges[r][1])
			return 1;
	return 0;
}

/* The child of die whose ranges hold pc (a block, an inlined copy); the
 * others narrow *until where they begin. */
static int child_at(struct unit_priv *p, Dwarf_Die *die, Dwarf_Addr pc,
		    Dwarf_Die *out, Dwarf_Addr *until)
{
	size_t n;
	const struct scope_kid *k = unit_scope_kids(p, die, &n, NULL);
	int found = -1;

	for (size_t i = 0; i < n; i++) {
		narrow_until(&k[i], pc, until);
		if (found && holds(&k[i], pc)) {
			*out = k[i].die;
			found = 0;
		}
	}
	return found;
}

/*
 * The concrete chain: the function that holds pc, then the inlined copies
 * nested in it, walked down from the unit.  (dwarf_getscopes continues
 * an inlined copy with its abstract origin's scopes, not its caller's.)
 */
size_t line_unit_inline_chain(struct line_unit *u, uint64_t addr,
			      struct inline_frame *out, size_t max,
			      uint64_t *until)
{
	struct unit_priv *p = u->priv;
	Dwarf_Addr pc = addr - p->bias;
	size_t n = 0;
	const struct fn_range *fn;
	Dwarf_Die frames[64], die, next;
	Dwarf_Addr end = (Dwarf_Addr)-1;

	*until = UINT64_MAX;
	unit_fns_load(p);
	/* The chain is the same up to *until (where a range that holds pc
	 * ends or one that does not begins, at every level walked), as long
	 * as no two functions overlap. */
	if (!p->fns_overlap && max == p->chain_max && addr >= p->chain_lo &&
	    addr < p->chain_until) {
		if (p->nchain) /* p->chain is NULL before the first */
			memcpy(out, p->chain, p->nchain * sizeof(*out));
		*until = p->chain_until;
		return p->nchain;
	}
	fn = unit_function_at(p, pc);
	if (!fn)
		return 0;
	die = fn->die;
	frames[n++] = die;
	end = fn->hi;
	while (n < ARRAY_SIZE(frames) && !child_at(p, &die, pc, &next, &end)) {
		if (dwarf_tag(&next) == DW_TAG_inlined_subroutine)
			frames[n++] = next;
		die = next;
	}
	*until = end + p->bias;
	/* innermost first */
	for (size_t k = 0; k < n && k < max; k++) {
		Dwarf_Die *f = &frames[n - 1 - k];

		memset(&out[k], 0, sizeof(out[k]));
		out[k].die = dwarf_dieoffset(f);
		out[k].function = die_name(f);
		if (dwarf_tag(f) == DW_TAG_inlined_subroutine) {
			unsigned fi = die_udata(f, DW_AT_call_file);

			out[k].call_file = fi < p->nfiles ?
				p->files[fi].name : NULL;
			out[k].call_line = die_udata(f, DW_AT_call_line);
			out[k].call_col = die_udata(f, DW_AT_call_column);
		}
	}
	n = n < max ? n : max;
	if (p->chain_max < max) {
		free(p->chain);
		p->chain = xcalloc(max, sizeof(*p->chain));
	}
	p->chain_max = max;
	if (n)
		memcpy(p->chain, out, n * sizeof(*out));
	p->nchain = n;
	p->chain_lo = addr;
	p->chain_until = *until;
	return n;
}

int elf_image_code(struct elf_image *img, uint64_t addr,
		   const unsigned char **bytes, size_t *avail)
{
	Dwarf_Addr off = addr, bias;
	Elf_Scn *scn = dwfl_module_address_section(img->mod, &off, &bias);
	GElf_Shdr sh;
	Elf_Data *d;

	if (!scn || !gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS)
		return -1;
	d = elf_getdata(scn, NULL);
	if (!d || !d->d_buf || off >= d->d_size)
		return -1;
	*bytes = (const unsigned char *)d->d_buf + off;
	*avail = d->d_size - off;
	return 0;
}

/* Where libdwfl laid out section ndx of a relocatable object. */
static uint64_t section_addr(struct elf_image *img, size_t ndx)
{
	Elf_Scn *scn = elf_getscn(img->elf, ndx);
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh))
		return 0;
	return sh.sh_addr + img->bias;
}

/* FNV-1a of a name, top bit set: an undefined symbol's stand-in address. */
static uint64_t name_key(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; s && *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h | (1ull << 63);
}

static int cmp_reloc(const void *a, const void *b)
{
	const struct code_reloc *x = a, *y = b;

	return x->where < y->where ? -1 : x->where > y->where;
}

static int reloc_at(struct elf_image *img, uint64_t addr, size_t len,
		    size_t *at);

/*
 * RISC-V: "auipc a0, %pcrel_hi(sym)" then "ld a1, %pcrel_lo(.L1)(a0)",
 * .L1 being the auipc: the low part's relocation names the auipc, whose
 * own relocation holds the symbol (and the offset).  Give the low part
 * that target too, so each instruction's relocation says the address.
 */
static void resolve_pcrel_lo(struct elf_image *img)
{
	for (size_t i = 0; i < img->nr_relocs; i++) {
		size_t hi;

		if (!img->relocs[i].pcrel_lo)
			continue;
		if (reloc_at(img, img->relocs[i].target, 4, &hi) &&
		    !img->relocs[hi].pcrel_lo)
			img->relocs[i].target = img->relocs[hi].target;
		img->relocs[i].pcrel_lo = 0;
	}
}

/* The name of section ndx (a section symbol's, for listings). */
static const char *section_name(struct elf_image *img, size_t ndx)
{
	Elf_Scn *scn = elf_getscn(img->elf, ndx);
	size_t shstrndx;
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh) ||
	    elf_getshdrstrndx(img->elf, &shstrndx))
		return NULL;
	return elf_strptr(img->elf, shstrndx, sh.sh_name);
}

static void load_relocs(struct elf_image *img)
{
	Elf_Scn *scn = NULL;

	img->relocs_loaded = 1;
	while ((scn = elf_nextscn(img->elf, scn))) {
		GElf_Shdr sh, target, symsh;
		Elf_Scn *tscn, *symscn;
		Elf_Data *d, *syms;
		uint64_t base;

		if (!gelf_getshdr(scn, &sh) ||
		    (sh.sh_type != SHT_RELA && sh.sh_type != SHT_REL))
			continue;
		tscn = elf_getscn(img->elf, sh.sh_info);
		symscn = elf_getscn(img->elf, sh.sh_link);
		if (!tscn || !gelf_getshdr(tscn, &target) ||
		    !(target.sh_flags & SHF_EXECINSTR) || !symscn ||
		    !gelf_getshdr(symscn, &symsh))
			continue;
		d = elf_getdata(scn, NULL);
		syms = elf_getdata(symscn, NULL);
		if (!d || !syms)
			continue;
		base = section_addr(img, sh.sh_info);
		for (size_t i = 0, n = elf_reloc_entries(img->elf, &sh); i < n;
		     i++) {
			GElf_Rela r;
			GElf_Sym sym;
			uint64_t value;
			const char *name;
			int section;

			if (sh.sh_type == SHT_RELA) {
				if (!gelf_getrela(d, (int)i, &r))
					continue;
			} else {
				GElf_Rel rel;

				if (!gelf_getrel(d, (int)i, &rel))
					continue;
				r.r_offset = rel.r_offset;
				r.r_info = rel.r_info;
				r.r_addend = 0; /* in the code bytes: same for both */
			}
			/* RISC-V's relaxation markers, an auipc's %got
			 * hi20: no address the instruction uses */
			if (img->rules && img->rules->not_an_address &&
			    img->rules->not_an_address(
					(unsigned)GELF_R_TYPE(r.r_info)))
				continue;
			if (!gelf_getsym(syms, (int)GELF_R_SYM(r.r_info), &sym))
				continue;
			name = elf_strptr(img->elf, symsh.sh_link, sym.st_name);
			section = GELF_ST_TYPE(sym.st_info) == STT_SECTION;
			if (section)
				name = section_name(img, sym.st_shndx);
			if (sym.st_shndx == SHN_UNDEF || sym.st_shndx >= SHN_LORESERVE)
				value = name_key(name);
			else
				value = section_addr(img, sym.st_shndx) + sym.st_value;
			ALLOC_GROW(img->relocs, img->nr_relocs + 1, img->alloc_relocs);
			img->relocs[img->nr_relocs].where = base + r.r_offset;
			img->relocs[img->nr_relocs].target =
				value + (uint64_t)r.r_addend;
			img->relocs[img->nr_relocs].name = name;
			img->relocs[img->nr_relocs].sym = value;
			img->relocs[img->nr_relocs].section = section;
			img->relocs[img->nr_relocs].pcrel_lo =
				img->rules && img->rules->pcrel_lo &&
				img->rules->pcrel_lo(
					(unsigned)GELF_R_TYPE(r.r_info));
			img->nr_relocs++;
		}
	}
	if (img->nr_relocs)
		sane_qsort(img->relocs, img->nr_relocs, sizeof(*img->relocs), cmp_reloc);
	resolve_pcrel_lo(img);
}

/* The first relocation in [addr, addr + len): its index in *at. */
static int reloc_at(struct elf_image *img, uint64_t addr, size_t len,
		    size_t *at)
{
	size_t lo = 0, hi = img->nr_relocs;

	while (lo < hi) { /* first relocation at or after addr */
		size_t mid = lo + (hi - lo) / 2;

		if (img->relocs[mid].where < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	*at = lo;
	return lo < img->nr_relocs && img->relocs[lo].where < addr + len;
}

int elf_image_reloc_symbol(struct elf_image *img, uint64_t addr, size_t len,
			   uint64_t *where, uint64_t *target,
			   const char **name, uint64_t *sym, int *section)
{
	size_t at;

	if (!img->info.relocatable)
		return 0;
	if (!img->relocs_loaded)
		load_relocs(img);
	if (!reloc_at(img, addr, len, &at))
		return 0;
	*where = img->relocs[at].where;
	*target = img->relocs[at].target;
	*name = img->relocs[at].name;
	*sym = img->relocs[at].sym;
	*section = img->relocs[at].section;
	return 1;
}

int elf_image_reloc_in(struct elf_image *img, uint64_t addr, size_t len,
		       uint64_t *where, uint64_t *target)
{
	const char *name;
	uint64_t sym;
	int section;

	return elf_image_reloc_symbol(img, addr, len, where, target, &name,
				      &sym, &section);
}

static int cmp_map(const void *a, const void *b)
{
	const struct mapping_sym *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load_maps(struct elf_image *img)
{
	int n = dwfl_module_getsymtab(img->mod);

	img->maps_loaded = 1;
	for (int i = 1; i < n; i++) {
		GElf_Sym sym;
		GElf_Addr addr;
		const char *name = dwfl_module_getsym_info(img->mod, i, &sym,
							   &addr, NULL, NULL,
							   NULL);
		char kind = 0;

		if (!name)
			continue;
		if (name[0] == '$' && strchr("atd", name[1]) &&
		    (!name[2] || name[2] == '.'))
			kind = name[1];
		else if (GELF_ST_TYPE(sym.st_info) == STT_FUNC)
			kind = sym.st_value & 1 ? 'T' : 'A'; /* weaker */
		if (!kind)
			continue;
		ALLOC_GROW(img->maps, img->nr_maps + 1, img->alloc_maps);
		img->maps[img->nr_maps].addr = addr & ~(GElf_Addr)1;
		img->maps[img->nr_maps].kind = kind;
		img->nr_maps++;
	}
	if (img->nr_maps)
		sane_qsort(img->maps, img->nr_maps, sizeof(*img->maps), cmp_map);
}

int elf_image_is_thumb(struct elf_image *img, uint64_t addr)
{
	int thumb = 0, have_mapping = 0;

	if (!img->rules || !img->rules->thumb)
		return 0;
	if (!img->maps_loaded)
		load_maps(img);
	/* the last mapping symbol at or before addr decides; a function
	 * symbol's low bit only where there are no mapping symbols */
	for (size_t i = 0; i < img->nr_maps && img->maps[i].addr <= addr; i++) {
		char k = img->maps[i].kind;

		if (k == 'a' || k == 't' || k == 'd') {
			have_mapping = 1;
			thumb = k == 't';
		} else if (!have_mapping) {
			thumb = k == 'T';
		}
	}
	return thumb;
}

/* The symbol index for img's lookups (data: of the data objects): the
 * one the workers of its mapping share, or its own. */
static struct sym_index *image_syms(struct elf_image *img, int data)
{
	struct sym_index *x = img->map ?
		shared_map_syms(img->map, data, img->mod) : NULL;

	if (x)
		return x;
	x = data ? &img->data_syms : &img->syms;
	x->data = data;
	return x;
}

const char *elf_image_symbol_at(struct elf_image *img, uint64_t addr,
				uint64_t *off)
{
	uint64_t o, size;
	const char *name = sym_index_lookup(image_syms(img, 0), img->mod, addr,
					    &o, &size);

	if (off)
		*off = o;
	return name;
}

const char *elf_image_symbol_span(struct elf_image *img, uint64_t addr,
				  uint64_t *off, uint64_t *size)
{
	return sym_index_lookup(image_syms(img, 0), img->mod, addr, off, size);
}

const char *elf_image_data_symbol_at(struct elf_image *img, uint64_t addr,
				     uint64_t *off)
{
	uint64_t size;

	return sym_index_lookup(image_syms(img, 1), img->mod, addr, off, &size);
}

size_t elf_image_symbol_starts(struct elf_image *img,
			       int (*want)(const char *name), uint64_t **out)
{
	return sym_index_starts(image_syms(img, 0), img->mod, want, out);
}

uint64_t elf_image_file_address(struct elf_image *img, uint64_t addr)
{
	Dwarf_Addr off = addr, bias;

	/* a linked ET_DYN (arm64's relocatable vmlinux, a shared object):
	 * libdwfl's offline layout puts it at a bias (0x10000), which the
	 * file's own addresses do not have */
	if (!img->info.relocatable)
		return addr - img->bias;
	if (!dwfl_module_address_section(img->mod, &off, &bias))
		return addr;
	return off;
}
