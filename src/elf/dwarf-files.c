/*
 * A unit's file table, with the MD5 of each file where the compiler
 * recorded one (dwarf-lines.h: struct unit_file).
 *
 * DWARF 5 lets a line table's header give each file's MD5 (DW_LNCT_MD5,
 * DW_FORM_data16); clang writes them (-gdwarf-5, its default), gcc 12
 * does not.  libdw 0.188 reads the file names (dwarf_getsrcfiles,
 * dwarf_filesrc) but keeps no MD5 and has no call that returns one, so
 * the header is read here: its fixed fields, then the directory and file
 * entry formats, skipping every form but the file entries' MD5.  Only the
 * header is read, never the line program; nothing in it that is read
 * needs a relocation.
 */
#include "elf/dwarf-internal.h"
#include "elf/dwarf-lines.h"
#include "lib/strbuf.h"
#include "lib/util.h"

#include <dwarf.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

/* A cursor over the header's bytes. */
struct cursor {
	const unsigned char *p, *end;
	int big_endian, bad;
};

static uint64_t fixed(struct cursor *c, size_t n)
{
	uint64_t v = 0;

	if ((size_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)c->p[c->big_endian ? n - 1 - i : i] << (8 * i);
	c->p += n;
	return v;
}

static uint64_t uleb(struct cursor *c)
{
	uint64_t v = 0;
	unsigned shift = 0;

	while (c->p < c->end) {
		unsigned char b = *c->p++;

		if (shift < 64)
			v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80))
			return v;
	}
	c->bad = 1;
	return 0;
}

static void skip(struct cursor *c, uint64_t n)
{
	if ((uint64_t)(c->end - c->p) < n) {
		c->bad = 1;
		c->p = c->end;
		return;
	}
	c->p += n;
}

/* Skip one value of form; 0, or -1 for a form a line table header
 * cannot hold (the header is then not read). */
static int skip_form(struct cursor *c, uint64_t form, size_t offset_size)
{
	switch (form) {
	case DW_FORM_string:
		while (c->p < c->end && *c->p)
			c->p++;
		skip(c, 1);
		return 0;
	case DW_FORM_line_strp:
	case DW_FORM_strp:
	case DW_FORM_sec_offset:
		skip(c, offset_size);
		return 0;
	case DW_FORM_strx:
	case DW_FORM_udata:
	case DW_FORM_sdata:
		uleb(c); /* an sleb has the same length */
		return 0;
	case DW_FORM_strx1:
	case DW_FORM_data1:
		skip(c, 1);
		return 0;
	case DW_FORM_strx2:
	case DW_FORM_data2:
		skip(c, 2);
		return 0;
	case DW_FORM_strx3:
		skip(c, 3);
		return 0;
	case DW_FORM_strx4:
	case DW_FORM_data4:
		skip(c, 4);
		return 0;
	case DW_FORM_data8:
		skip(c, 8);
		return 0;
	case DW_FORM_data16:
		skip(c, 16);
		return 0;
	case DW_FORM_block:
		skip(c, uleb(c));
		return 0;
	}
	return -1;
}

#define MAX_FORMATS 16

struct entry_format {
	uint64_t content[MAX_FORMATS], form[MAX_FORMATS];
	unsigned n;
};

static int read_format(struct cursor *c, struct entry_format *f)
{
	f->n = (unsigned)fixed(c, 1);
	if (f->n > MAX_FORMATS)
		return -1;
	for (unsigned i = 0; i < f->n; i++) {
		f->content[i] = uleb(c);
		f->form[i] = uleb(c);
	}
	return c->bad ? -1 : 0;
}

/* The data of elf's first section named name (name NULL: the first
 * with code), or NULL: none, empty, or still compressed (libdw did not
 * need it decompressed: not ours to undo).  A named section in a
 * section group (SHF_GROUP) is not the one: libdw 0.188 leaves every
 * DWARF section of a group out of the file's DWARF (check_section()),
 * so a .debug_line_str flagged so is, to libdw, no section, and a line
 * table that names its strings cannot be read.  Reading it here anyway
 * would count as read a unit libdw cannot read (the scan-reader
 * fuzzer's property; a damaged flag word found it). */
const Elf_Data *elf_section_data(Elf *elf, const char *name)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *sname;
		const Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !sh.sh_size)
			continue;
		if (name ? !(sname = elf_strptr(elf, shstrndx, sh.sh_name)) ||
			   strcmp(sname, name) || (sh.sh_flags & SHF_GROUP) :
			   !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		if (sh.sh_flags & SHF_COMPRESSED)
			return NULL;
		d = elf_getdata(scn, NULL);
		return d && d->d_size ? d : NULL;
	}
	return NULL;
}

/*
 * Counted as libelf and libdwfl count them: by the size of an
 * Elf32/Elf64 Rel or Rela, never by sh_entsize.  A damaged sh_entsize
 * (0, or 0x1000000000018 where 0x18 belongs) would make it no entry at
 * all, while libdwfl still reads the section and may leave its entries
 * unapplied: a count of none would call the DWARF relocated (the
 * scan-reader fuzzer's property found it).
 */
size_t elf_reloc_entries(Elf *elf, const GElf_Shdr *sh)
{
	size_t each = gelf_fsize(elf, sh->sh_type == SHT_RELA ? ELF_T_RELA :
				 ELF_T_REL, 1, EV_CURRENT);

	return each ? sh->sh_size / each : 0;
}

/*
 * Set c over the line table at offset off of .debug_line (data d), past
 * its unit length (32- or 64-bit DWARF: *offset_size), and read its
 * version.  0, or -1 when the table does not fit in d.
 */
static int line_header_begin(Elf *elf, const Elf_Data *d, uint64_t off,
			     struct cursor *c, size_t *offset_size,
			     unsigned *version)
{
	uint64_t len;

	if (!d || !d->d_buf || off >= d->d_size)
		return -1;
	c->p = (const unsigned char *)d->d_buf + off;
	c->end = (const unsigned char *)d->d_buf + d->d_size;
	c->big_endian = elf_getident(elf, NULL)[EI_DATA] == ELFDATA2MSB;
	c->bad = 0;
	*offset_size = 4;
	len = fixed(c, 4);
	if (len == 0xffffffff) {
		len = fixed(c, 8);
		*offset_size = 8;
	}
	if (c->bad || len > (uint64_t)(c->end - c->p))
		return -1;
	c->end = c->p + len;
	*version = (unsigned)fixed(c, 2);
	return c->bad ? -1 : 0;
}

/*
 * Set has_md5 and md5 of files[0..n) from the header of the line table at
 * offset off of .debug_line, when it is DWARF 5 with n file entries.
 */
static void read_md5s(Elf *elf, uint64_t off, struct unit_file *files,
		      size_t n)
{
	const Elf_Data *d = elf_section_data(elf, ".debug_line");
	struct entry_format dirs, names;
	struct cursor c;
	size_t offset_size = 4;
	uint64_t count;
	unsigned version, opcode_base;

	if (line_header_begin(elf, d, off, &c, &offset_size, &version) ||
	    version != 5)
		return; /* no MD5 before DWARF 5 */
	skip(&c, 2);                    /* address size, segment selector */
	skip(&c, offset_size);          /* header_length */
	skip(&c, 5);                    /* min_inst .. line_range */
	opcode_base = (unsigned)fixed(&c, 1);
	skip(&c, opcode_base ? opcode_base - 1 : 0);
	if (read_format(&c, &dirs))
		return;
	count = uleb(&c);
	for (uint64_t i = 0; i < count && !c.bad; i++)
		for (unsigned k = 0; k < dirs.n; k++)
			if (skip_form(&c, dirs.form[k], offset_size))
				return;
	if (read_format(&c, &names))
		return;
	count = uleb(&c);
	if (c.bad || count != n)
		return; /* not the table libdw read: say nothing */
	for (uint64_t i = 0; i < count; i++)
		for (unsigned k = 0; k < names.n; k++) {
			if (names.content[k] == DW_LNCT_MD5 &&
			    names.form[k] == DW_FORM_data16 &&
			    (size_t)(c.end - c.p) >= 16) {
				memcpy(files[i].md5, c.p, 16);
				files[i].has_md5 = 1;
			}
			if (skip_form(&c, names.form[k], offset_size) || c.bad) {
				for (size_t j = 0; j < n; j++)
					files[j].has_md5 = 0;
				return;
			}
		}
}

/*
 * A unit's file table from its line table's header alone, for scan's
 * discovery pass, which needs the names and nothing else.  libdw 0.188
 * cannot give it without decoding the unit's whole line program: its
 * dwarf_getsrcfiles() calls dwarf_getsrclines() (the header-only read
 * came with elfutils 0.191), so reading the file tables cost as much as
 * the scan's own pass over every row.  The names are joined as libdw
 * joins them: an absolute name as it is, else its directory, '/', the
 * name -- directory 0 of DWARF 2-4 being the unit's DW_AT_comp_dir (and
 * no directory when there is none), file 0 of DWARF 2-4 libdw's "???".
 * Only the forms compilers write for names are read here (a string in
 * the header, in .debug_line_str or .debug_str); anything else -- another
 * form, a header that does not add up, a section still compressed -- is
 * left to libdw (return -1), which then says what it says of it.
 */
struct header_names {
	const Elf_Data *line_str, *str;
	struct strbuf text;     /* the names, each ended by a NUL */
	size_t *at;             /* each file's offset in text */
	const char **raw;       /* each file's directory and name strings */
	size_t n, alloc, alloc_raw;
};

/* A string of form at the cursor: the header's own, or in a string
 * section.  NULL: not a form read here, or not a string. */
static const char *form_string(struct cursor *c, uint64_t form,
			       size_t offset_size,
			       const struct header_names *h)
{
	const Elf_Data *d;
	const char *s;
	uint64_t off;

	if (form == DW_FORM_string) {
		s = (const char *)c->p;
		if (!memchr(c->p, '\0', (size_t)(c->end - c->p)))
			return NULL;
		c->p += strlen(s) + 1;
		return s;
	}
	if (form == DW_FORM_line_strp)
		d = h->line_str;
	else if (form == DW_FORM_strp)
		d = h->str;
	else
		return NULL;
	off = fixed(c, offset_size);
	if (c->bad || !d || !d->d_buf || off >= d->d_size ||
	    !memchr((const char *)d->d_buf + off, '\0', d->d_size - off))
		return NULL;
	return (const char *)d->d_buf + off;
}

static int form_index(struct cursor *c, uint64_t form, uint64_t *v)
{
	switch (form) {
	case DW_FORM_data1: *v = fixed(c, 1); break;
	case DW_FORM_data2: *v = fixed(c, 2); break;
	case DW_FORM_udata: *v = uleb(c); break;
	default: return -1;
	}
	return c->bad ? -1 : 0;
}

static void add_name(struct header_names *h, const char *dir, size_t dirlen,
		     const char *name)
{
	ALLOC_GROW(h->at, h->n + 1, h->alloc);
	ALLOC_GROW(h->raw, 2 * (h->n + 1), h->alloc_raw);
	h->raw[2 * h->n] = dir;
	h->raw[2 * h->n + 1] = name;
	h->at[h->n++] = h->text.len;
	if (*name != '/' && dir) {
		strbuf_add(&h->text, dir, dirlen);
		strbuf_addch(&h->text, '/');
	}
	strbuf_addstr(&h->text, name);
	strbuf_addch(&h->text, '\0');
}

/* The directories of a DWARF 5 header: dirs[0..*n). */
static int read_dirs5(struct cursor *c, size_t offset_size,
		      const struct header_names *h, const char ***dirs,
		      size_t *n)
{
	struct entry_format f;
	uint64_t count;

	if (read_format(c, &f))
		return -1;
	count = uleb(c);
	if (c->bad || (!f.n && count) || count > (uint64_t)(c->end - c->p))
		return -1;
	*dirs = xcalloc(count ? count : 1, sizeof(**dirs));
	*n = count;
	for (uint64_t i = 0; i < count; i++)
		for (unsigned k = 0; k < f.n; k++) {
			if (f.content[k] == DW_LNCT_path) {
				(*dirs)[i] = form_string(c, f.form[k],
							 offset_size, h);
				if (!(*dirs)[i])
					return -1;
			} else if (skip_form(c, f.form[k], offset_size) ||
				   c->bad) {
				return -1;
			}
		}
	for (uint64_t i = 0; i < count; i++)
		if (!(*dirs)[i])
			return -1;
	return 0;
}

static int read_files5(struct cursor *c, size_t offset_size,
		       struct header_names *h, const char **dirs, size_t ndirs,
		       struct unit_file **md5s)
{
	struct entry_format f;
	uint64_t count;

	if (read_format(c, &f))
		return -1;
	count = uleb(c);
	if (c->bad || (!f.n && count) || count > (uint64_t)(c->end - c->p))
		return -1;
	*md5s = xcalloc(count ? count : 1, sizeof(**md5s));
	for (uint64_t i = 0; i < count; i++) {
		const char *name = NULL;
		uint64_t dir = UINT64_MAX;

		for (unsigned k = 0; k < f.n; k++) {
			if (f.content[k] == DW_LNCT_path) {
				if (!(name = form_string(c, f.form[k],
							 offset_size, h)))
					return -1;
			} else if (f.content[k] == DW_LNCT_directory_index) {
				if (form_index(c, f.form[k], &dir))
					return -1;
			} else {
				if (f.content[k] == DW_LNCT_MD5 &&
				    f.form[k] == DW_FORM_data16 &&
				    (size_t)(c->end - c->p) >= 16) {
					memcpy((*md5s)[i].md5, c->p, 16);
					(*md5s)[i].has_md5 = 1;
				}
				if (skip_form(c, f.form[k], offset_size) ||
				    c->bad)
					return -1;
			}
		}
		if (!name || dir >= ndirs)
			return -1;
		add_name(h, dirs[dir], strlen(dirs[dir]), name);
	}
	return 0;
}

/* DWARF 2-4: include_directories, then file_names, each list ended by
 * an empty string. */
static int read_files4(struct cursor *c, const char *comp_dir,
		       struct header_names *h)
{
	const char **dirs = NULL;
	size_t ndirs = 1, alloc = 0;
	int ret = -1;

	ALLOC_GROW(dirs, 1, alloc);
	dirs[0] = comp_dir;
	for (;;) {
		const char *s = form_string(c, DW_FORM_string, 4, h);

		if (!s)
			goto out;
		if (!*s)
			break;
		ALLOC_GROW(dirs, ndirs + 1, alloc);
		dirs[ndirs++] = s;
	}
	add_name(h, NULL, 0, "???");
	for (;;) {
		const char *name = form_string(c, DW_FORM_string, 4, h);
		uint64_t dir;

		if (!name)
			goto out;
		if (!*name)
			break;
		dir = uleb(c);
		uleb(c); /* the modification time */
		uleb(c); /* the length */
		if (c->bad || dir >= ndirs)
			goto out;
		add_name(h, dirs[dir], dirs[dir] ? strlen(dirs[dir]) : 0, name);
	}
	ret = 0;
out:
	free(dirs);
	return ret;
}

int unit_files_from_header(Dwarf *dw, Dwarf_Die *cu, const char *comp_dir,
			   struct unit_file **out, size_t *nout,
			   char **names, int *empty, struct line_header *lh)
{
	Elf *elf = dwarf_getelf(dw);
	const Elf_Data *d = elf_section_data(elf, ".debug_line");
	struct header_names h = { NULL, NULL, STRBUF_INIT, NULL, NULL, 0, 0, 0 };
	struct unit_file *md5s = NULL;
	const char **dirs = NULL;
	size_t ndirs = 0, offset_size = 4;
	struct cursor c;
	Dwarf_Attribute a;
	Dwarf_Word off;
	uint64_t header_len;
	const unsigned char *program, *unit_end;
	const unsigned char *std_lengths;
	unsigned version, opcode_base, min_inst_len, max_ops = 1;
	unsigned default_is_stmt, line_range;
	int line_base;
	uint8_t address_size = 0, cu_offset_size;
	Dwarf_Die cudie;
	int ret = -1;

	*out = NULL;
	*nout = 0;
	*names = NULL;
	if (!d || !d->d_buf || !dwarf_attr(cu, DW_AT_stmt_list, &a) ||
	    dwarf_formudata(&a, &off) || off >= d->d_size ||
	    !dwarf_diecu(cu, &cudie, &address_size, &cu_offset_size))
		return -1;
	h.line_str = elf_section_data(elf, ".debug_line_str");
	h.str = elf_section_data(elf, ".debug_str");
	if (line_header_begin(elf, d, off, &c, &offset_size, &version) ||
	    version < 2 || version > 5)
		return -1;
	unit_end = c.end;
	if (version >= 5 && (fixed(&c, 1) != address_size || fixed(&c, 1)))
		return -1;
	header_len = fixed(&c, offset_size);
	if (c.bad || header_len > (uint64_t)(c.end - c.p))
		return -1;
	program = c.p + header_len;
	c.end = program;            /* the header's end */
	min_inst_len = (unsigned)fixed(&c, 1);
	if (version >= 4 && !(max_ops = (unsigned)fixed(&c, 1)))
		return -1;          /* maximum_operations_per_instruction */
	default_is_stmt = (unsigned)fixed(&c, 1);
	line_base = (signed char)fixed(&c, 1);
	line_range = (unsigned)fixed(&c, 1);
	opcode_base = (unsigned)fixed(&c, 1);
	std_lengths = c.p - 1;
	skip(&c, opcode_base ? opcode_base - 1 : 0);
	if (c.bad)
		return -1;
	if (version < 5) {
		if (read_files4(&c, comp_dir, &h))
			goto out;
	} else if (read_dirs5(&c, offset_size, &h, &dirs, &ndirs) ||
		   read_files5(&c, offset_size, &h, dirs, ndirs, &md5s)) {
		goto out;
	}
	/* For the rows: libdw's own checks -- the header ends where its
	 * length says (a CUBIN's extra word left to libdw), and a DWARF 5
	 * table without files has libdw's "???" as file 0. */
	if (lh && (c.p != program || (version >= 5 && !h.n)))
		goto out;
	if (lh) {
		lh->program = program;
		lh->end = unit_end;
		lh->version = version;
		lh->address_size = address_size;
		lh->big_endian = c.big_endian;
		lh->min_inst_len = min_inst_len;
		lh->max_ops = max_ops;
		lh->default_is_stmt = default_is_stmt;
		lh->line_base = line_base;
		lh->line_range = line_range;
		lh->opcode_base = opcode_base;
		lh->std_lengths = std_lengths;
	}
	*empty = program == unit_end;
	*out = xcalloc(h.n ? h.n : 1, sizeof(**out));
	*names = strbuf_detach(&h.text);
	for (size_t i = 0; i < h.n; i++) {
		(*out)[i].name = *names + h.at[i];
		(*out)[i].raw_dir = h.raw[2 * i];
		(*out)[i].raw_name = h.raw[2 * i + 1];
		(*out)[i].index = i;
		if (md5s && md5s[i].has_md5) {
			memcpy((*out)[i].md5, md5s[i].md5, 16);
			(*out)[i].has_md5 = 1;
		}
	}
	*nout = h.n;
	ret = 0;
out:
	strbuf_release(&h.text);
	free(h.at);
	free(h.raw);
	free(dirs);
	free(md5s);
	return ret;
}

void unit_files_load(struct unit_priv *p, Dwarf *dw, struct unit_file **out,
		     size_t *nout)
{
	Dwarf_Files *df;
	Dwarf_Attribute a;
	Dwarf_Word off;
	size_t n;
	struct unit_file *files;
	Elf *elf = dwarf_getelf(dw);

	*out = NULL;
	*nout = 0;
	if (dwarf_getsrcfiles(&p->lcu, &df, &n) || !n)
		return;
	files = xcalloc(n, sizeof(*files));
	for (size_t i = 0; i < n; i++) {
		files[i].name = dwarf_filesrc(df, i, NULL, NULL);
		files[i].index = i;
	}
	p->files = files;
	p->nfiles = n;
	if (elf && dwarf_attr(&p->lcu, DW_AT_stmt_list, &a) &&
	    !dwarf_formudata(&a, &off))
		read_md5s(elf, off, files, n);
	*out = files;
	*nout = n;
}

static int cmp_name_ptr(const void *a, const void *b)
{
	const struct unit_file *const *x = a, *const *y = b;
	uintptr_t u = (uintptr_t)(*x)->name, v = (uintptr_t)(*y)->name;

	return u < v ? -1 : u > v;
}

const struct unit_file *line_unit_file(struct line_unit *u, const char *name)
{
	struct unit_priv *p = u->priv;
	size_t lo = 0, hi = p->nfiles;

	if (!p->by_name && p->nfiles) {
		p->by_name = xcalloc(p->nfiles, sizeof(*p->by_name));
		for (size_t i = 0; i < p->nfiles; i++)
			p->by_name[i] = &p->files[i];
		sane_qsort(p->by_name, p->nfiles, sizeof(*p->by_name), cmp_name_ptr);
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		uintptr_t m = (uintptr_t)p->by_name[mid]->name;

		if (m == (uintptr_t)name)
			return p->by_name[mid];
		if (m < (uintptr_t)name)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/*
 * What dwarf_decl_file(die) gives, from the unit's file table as read
 * through the line-table handle (dwarf-lines.c: the main handle never
 * reads a line table): libdw 0.188 takes file 0 for "none".  A
 * DW_AT_decl_file found in another unit (through DW_AT_specification or
 * an abstract origin there) is that unit's: asked of libdw.
 */
static const char *decl_file(struct unit_priv *p, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Word idx;

	/* file 0 is the unit's primary source in DWARF 5 (clang names
	 * every function of the .c so); libdw's placeholder in DWARF 4,
	 * which names no source a site is in */
	if (dwarf_formudata(dwarf_attr_integrate(die, DW_AT_decl_file, &a),
			    &idx))
		return NULL;
	if (a.cu != p->cu.cu)
		return dwarf_decl_file(die);
	return idx < p->nfiles ? p->files[idx].name : NULL;
}

static int cmp_addr(const void *a_, const void *b_)
{
	uint64_t a = *(const uint64_t *)a_, b = *(const uint64_t *)b_;

	return a < b ? -1 : a > b;
}

/* Is one of the sorted addresses at in [lo, hi)? */
static int any_in(const uint64_t *at, size_t n, uint64_t lo, uint64_t hi)
{
	size_t l = 0, r = n;

	while (l < r) {
		size_t m = l + (r - l) / 2;

		if (at[m] < lo)
			l = m + 1;
		else
			r = m;
	}
	return l < n && at[l] < hi;
}

/* Does a row of line 0 lie in die's address ranges (the DWARF's, at
 * bias from the rows')? */
static int ranges_hold(Dwarf_Die *die, Dwarf_Addr bias, const uint64_t *at,
		       size_t n)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0)
		if (any_in(at, n, lo + bias, hi + bias))
			return 1;
	return 0;
}

void line_unit_functions(struct line_unit *u,
			 int (*want)(const char *decl_file, void *ctx),
			 void (*fn)(const struct unit_function *f, void *ctx),
			 void *ctx)
{
	struct unit_priv *p = u->priv;
	Dwarf_Die c;
	uint64_t *line0 = NULL;
	size_t n0 = 0, nkids;
	const struct unit_child *kids = unit_children(p, &nkids);

	if (!nkids)
		return;
	/* the rows of line 0, by address: one pass, then a search per
	 * function */
	for (size_t k = 0; k < u->nr; k++)
		n0 += !u->rows[k].line && !u->rows[k].end_sequence;
	if (n0) {
		line0 = xmalloc(n0 * sizeof(*line0));
		n0 = 0;
		for (size_t k = 0; k < u->nr; k++)
			if (!u->rows[k].line && !u->rows[k].end_sequence)
				line0[n0++] = u->rows[k].addr;
		sane_qsort(line0, n0, sizeof(*line0), cmp_addr);
	}
	for (size_t k = 0; k < nkids; k++) {
		struct unit_function f;
		Dwarf_Addr base, lo, hi;
		int line = 0;

		c = kids[k].die;
		if (kids[k].tag != DW_TAG_subprogram ||
		    dwarf_hasattr(&c, DW_AT_declaration))
			continue;
		memset(&f, 0, sizeof(f));
		f.decl_file = decl_file(p, &c);
		if (!f.decl_file || dwarf_decl_line(&c, &line) || line <= 0)
			continue;
		if (want && !want(f.decl_file, ctx))
			continue;
		f.decl_line = (unsigned)line;
		f.abstract = dwarf_hasattr(&c, DW_AT_inline);
		f.has_code = dwarf_ranges(&c, 0, &base, &lo, &hi) > 0;
		f.line0 = f.has_code && n0 && ranges_hold(&c, p->bias, line0, n0);
		fn(&f, ctx);
	}
	free(line0);
}
