/* Private to src/elf/: what dwarf-lines.c keeps for a unit, and
 * dwarf-types.c reads. */
#ifndef RWONCE_ELF_DWARF_INTERNAL_H
#define RWONCE_ELF_DWARF_INTERNAL_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <stdint.h>

#include "elf/dwarf-lines.h"

struct member_macros;

/* A top-level function's address range (for the concrete inline chain). */
struct fn_range {
	Dwarf_Addr lo, hi;
	Dwarf_Die die;
	int top; /* a child of the unit's DIE (not in a namespace) */
};

/* A block or inlined copy among a DIE's children, with its ranges
 * (dwarf-children.c). */
struct scope_kid {
	Dwarf_Die die;
	Dwarf_Addr (*ranges)[2]; /* [lo, hi) as dwarf_ranges gives them */
	size_t nranges;
};

struct kids_node; /* dwarf-children.c */

/* A variable of the unit's scope, by name (dwarf-types.c). */
/* A child of the unit's DIE, with its tag (dwarf-children.c). */
struct unit_child {
	Dwarf_Die die;
	int tag;
};

/* A named child of the unit (dwarf-types.c: unit_names). */
struct unit_name {
	const char *name;
	int tag;
	Dwarf_Die die;
	size_t next; /* the next child of that name + 1; 0: none */
};

/* A slot of the unit's names table: the first and last children of
 * one name (each an index + 1 into the names; first 0: an empty slot). */
struct unit_name_slot {
	const char *name;
	size_t hash;
	size_t first, last;
};

/* A names table: named children in order, and the names hashed (mask + 1
 * slots); loaded once built. */
struct unit_names {
	struct unit_name *items;
	size_t n;
	struct unit_name_slot *slots;
	size_t mask;
	int loaded;
};

/*
 * The external variables of every unit of one file, by name
 * (dwarf-globals.c): clang writes no DIE for an extern the unit only
 * declares (HAProxy's THREAD_LOCAL tg, th_ctx in every file that uses
 * them), gcc one in each.  Built on first need, and only for a name the
 * file's symbol table defines as a global object or thread-local:
 * a kernel scan that never asks walks no unit for it.
 */
struct global_var {
	const char *name;
	Dwarf_Die die;
	Dwarf_Off cu; /* its unit's DIE offset */
};
struct global_index {
	int syms_loaded, loaded;
	struct strset *syms; /* the defined global objects' and TLS names */
	struct global_var *v; /* sorted by name, then unit */
	size_t n, alloc;
};
/* May mod's units have an entry named name: does its symbol table
 * define it as a global object or thread-local?  (The units are not
 * walked to say.) */
int global_index_may_have(struct global_index *g, Dwfl_Module *mod,
			  const char *name);
/* The entries named name, *n of them (none: NULL), of mod's units. */
const struct global_var *global_index_find(struct global_index *g,
					   Dwfl_Module *mod, const char *name,
					   size_t *n);
void global_index_free(struct global_index *g);

/* Test hook RWONCE_TEST_SCAN_SCOPES ("check" or "off"): the levels of
 * the scope walks (dwarf-scopes.c) taken from the kept kids and from
 * libdw, and with "check" those of the kids libdw's walk answers
 * otherwise; "off": every level from libdw. */
struct scopes_hook {
	int off;
	size_t kept, libdw, differ;
};

struct unit_priv {
	Dwarf_Die cu;
	/* the file's index of other units' externs, or NULL */
	struct global_index *globals;
	Dwfl_Module *mod;
	/* the same unit in the line-table handle (dwarf-lines.c: units_each):
	 * its line table and file table are read there, never through cu */
	Dwarf_Die lcu;
	Dwarf_Addr bias; /* libdwfl address = DWARF address + bias */
	struct fn_range *fns; /* sorted by lo; built on first need */
	size_t nfns, alloc_fns;
	int fns_loaded;
	int fns_overlap; /* two of the ranges overlap: no binary search */
	/* the offsets of the subprogram DIEs that are the unit's children,
	 * with code or not (abstract origins of inlined copies), sorted */
	Dwarf_Off *top;
	size_t ntop, alloc_top;
	/* the unit's named children of every tag (functions, types,
	 * variables, parameters, declarations) in order, each name's
	 * chained, and the names hashed; built on first need
	 * (dwarf-types.c: unit_names) */
	struct unit_names names;
	/* the same of its variables and parameters alone (a name no scope
	 * of a function has: a global), built on first need */
	struct unit_names vars;
	/* the last inline chain and the addresses it holds for: rows in a
	 * line table come in address order, many in one inlined copy */
	struct inline_frame *chain;
	size_t nchain, chain_max;
	uint64_t chain_lo, chain_until; /* empty when equal */
	struct kids_node **kids; /* by DIE offset, built on first need */
	/* the unit's own children in order: one walk, on first need, for
	 * the function table, the functions said to attribute.c and the
	 * names index (a kernel unit's children are tens of thousands of
	 * types and declarations, and each walk was 2-3% of a scan) */
	struct unit_child *children;
	size_t nchildren;
	int children_loaded;
	size_t *walks; /* the image's count of such walks (test hook) */
	struct scopes_hook *scopes_hook; /* NULL unless asked */
	/* the file table (dwarf-files.c), and by name pointer on first need */
	struct unit_file *files;
	size_t nfiles;
	struct unit_file **by_name;
	/* the abbreviations of the unit's one-byte codes, as libdw found
	 * them, for unit_die_tag() */
	struct Dwarf_CU *abbrevs_cu;
	Dwarf_Abbrev *abbrevs[128];
	/* of the same codes: the pc attributes their abbreviation has
	 * (dwarf-children.c: pc_attrs; 0: not asked yet) */
	unsigned char pc_attrs[128];
	int abbrevs_off; /* test hook: none kept */
	/* the member-path macros of the sources' headers (the run's, not
	 * owned; line_unit_use_member_macros), or NULL */
	const struct member_macros *members;
};

/*
 * dwarf_tag(die) for a DIE of p's unit, with the abbreviation found once
 * per code: libdw 0.188 looks a DIE's abbreviation up in a table behind
 * a read-write lock, once for every DIE a walk meets -- a kernel unit's
 * tens of thousands of children, 2-3% of a vmlinux scan in the lock
 * alone.  die->abbrev gets what libdw would have put there (the
 * Dwarf_Die fields are libdw.h's; DWARF_END_ABBREV is never kept).
 */
int unit_die_tag(struct unit_priv *p, Dwarf_Die *die);

/*
 * Has die (of p's unit, its tag read by unit_die_tag()) DW_AT_high_pc or
 * DW_AT_ranges of its own (what child_haspc() in dwarf-scopes.c asks
 * before dwarf_haspc())?  And could dwarf_ranges() give it a range at
 * all (unit_die_ranged): libdw 0.188 reads DW_AT_high_pc and DW_AT_low_pc
 * through DW_AT_abstract_origin and DW_AT_specification, DW_AT_ranges
 * of the DIE alone, and gives no range (0) to a DIE that is no unit's
 * and has none of the four.  Asked once per one-byte abbreviation code:
 * the abbreviation alone says, and most DIEs are of a few codes (a
 * function's variables, parameters and call sites; a unit's
 * declarations of the functions it calls).
 */
int unit_die_has_pc(struct unit_priv *p, Dwarf_Die *die);
int unit_die_ranged(struct unit_priv *p, Dwarf_Die *die);

/* elf's first section named name (NULL: with code), read and
 * uncompressed, or NULL (dwarf-files.c). */
const Elf_Data *elf_section_data(Elf *elf, const char *name);

/* How many entries relocation section sh of elf holds (dwarf-files.c). */
size_t elf_reloc_entries(Elf *elf, const GElf_Shdr *sh);

/* Read the unit's file table and its MD5s (dwarf-files.c) into
 * p->files, and *out. */
void unit_files_load(struct unit_priv *p, Dwarf *dw, struct unit_file **out,
		     size_t *nout);

/* What decoding a line program needs from its table's header. */
struct line_header {
	const unsigned char *program, *end; /* the program's bytes */
	unsigned version, address_size;
	int big_endian;
	unsigned min_inst_len, max_ops, default_is_stmt;
	int line_base;
	unsigned line_range, opcode_base;
	/* std_lengths[k]: the operands of standard opcode k, for k from 1
	 * to opcode_base - 1 */
	const unsigned char *std_lengths;
};

/*
 * The file table of unit cu (a DIE of dw) read from its line table's
 * header, without decoding the line program (dwarf-files.c says why):
 * *out with the names in *names (the caller frees both), *empty when the
 * program has no bytes (libdw would give no rows).  -1 when it is left
 * to libdw: a form or a layout this reader does not take.  With lh (not
 * NULL), also what decoding the program needs, and -1 too for a header
 * libdw would read otherwise than its bytes' end says.
 */
int unit_files_from_header(Dwarf *dw, Dwarf_Die *cu, const char *comp_dir,
			   struct unit_file **out, size_t *nout,
			   char **names, int *empty, struct line_header *lh);

/*
 * The rows of the line program lh describes, as libdw 0.188's
 * dwarf_getsrclines() gives them -- by address, an end of sequence
 * before a row at the same address, otherwise in the program's order;
 * the last one an end of sequence -- each row's file the name of
 * files[] (the pointer) or "" for an index past them, its address plus
 * bias (dwarf-program.c).  Into *rows (grown, *alloc its size), *n of
 * them.  -1 for a program libdw would refuse, or read with a rule not
 * written here (an opcode or value it checks, a file defined in the
 * program): left to libdw, which says what it says.  *order: how the
 * rows were put in libdw's order (counted by a test hook).
 */
enum rows_order {
	ROWS_IN_ORDER, /* as the program gave them */
	ROWS_BY_RUNS,  /* whole sequences moved */
	ROWS_MERGED,   /* sequences that interleave, merged row by row */
};
int unit_rows_decode(const struct line_header *lh,
		     const struct unit_file *files, size_t nfiles,
		     uint64_t bias, struct line_row **rows, size_t *alloc,
		     size_t *n, enum rows_order *order);

/*
 * The DW_TAG_lexical_block and DW_TAG_inlined_subroutine children of die,
 * in order, each with its address ranges: read from the DWARF once per
 * unit, then walked at every address a line table row needs the inline
 * chain of.  *n gets their number.  *whole (when not NULL) says whether
 * they answer dwarf_haspc() for every child of die: no other child has
 * DW_AT_high_pc or DW_AT_ranges, none is a DW_TAG_imported_unit, and
 * no kid's ranges ended in an error -- then the first child holding an
 * address is the first kid whose ranges hold it.
 */
const struct scope_kid *unit_scope_kids(struct unit_priv *p, Dwarf_Die *die,
					size_t *n, int *whole);
void unit_kids_free(struct unit_priv *p);

/* The children of the unit's DIE, in order (*n of them), walked once per
 * unit; freed by unit_kids_free(). */
const struct unit_child *unit_children(struct unit_priv *p, size_t *n);

/* Is type (a type DIE) volatile-qualified at its top level, through
 * typedefs, const, restrict and _Atomic -- or, an array (*array set when
 * array is not NULL), its elements?  (dwarf-volatile.c) */
int dwarf_type_volatile(Dwarf_Die *type, int *array);

/* Load p->fns and p->top, once. */
void unit_fns_load(struct unit_priv *p);

/* The function range of p->fns (loaded) that holds pc, or NULL. */
const struct fn_range *unit_function_at(const struct unit_priv *p,
					Dwarf_Addr pc);

/*
 * What dwarf_getscopes(&p->cu, pc, scopes) gives -- the scopes at pc,
 * innermost first -- found from the function table instead of a walk of
 * every DIE of the unit, which made typing one operand cost as much as
 * reading the unit.  Falls back to dwarf_getscopes where the shortcut
 * could differ.  (dwarf-scopes.c)
 */
int unit_scopes(struct unit_priv *p, Dwarf_Addr pc, Dwarf_Die **scopes);

/*
 * The scopes the call of an inlined copy sees: of the copy of `function`
 * called at call_line that holds pc (the innermost such), the scopes
 * around it out to the function or inlined copy that holds the call,
 * then the unit -- what unit_scopes() gives at the call itself.  The
 * count, or 0 when no such copy holds pc.  (dwarf-scopes.c)
 */
int unit_call_scopes(struct unit_priv *p, Dwarf_Addr pc, const char *function,
		     unsigned call_line, Dwarf_Die **scopes);

/*
 * The symbols of an ELF's code, sorted, for the symbol at an address
 * (dwarf-symbols.c): libdwfl walks the whole symbol table at each call.
 */
struct sym_entry;
struct sym_index {
	int loaded;
	int data;        /* the data objects' symbols, not the code's */
	struct sym_entry *e;
	size_t n;
	uint64_t *reach; /* the furthest end of the symbols up to each */
};

/* The symbol holding addr (or a sizeless label before it): its name,
 * *off from its start and *size its st_size; NULL, 0, 0 without one. */
const char *sym_index_lookup(struct sym_index *x, Dwfl_Module *mod,
			     uint64_t addr, uint64_t *off, uint64_t *size);
void sym_index_free(struct sym_index *x);
/* Build x (x->data says which symbols) from mod's symbol table. */
void sym_index_load(struct sym_index *x, Dwfl_Module *mod);
/* The addresses where a symbol of x whose name want() takes starts,
 * sorted, each once, in *out (malloc'd); their number. */
size_t sym_index_starts(struct sym_index *x, Dwfl_Module *mod,
			int (*want)(const char *name), uint64_t **out);
/* Are all of x's names in [lo, lo + size)? */
int sym_index_names_within(const struct sym_index *x, const char *lo,
			   size_t size);

/*
 * One read-only mapping of a linked file for the workers that share its
 * units (dwarf-shared-map.c): found by the file's device and inode, or
 * made; each get has its put, the last put unmaps it.  NULL when it
 * cannot be made (the caller maps the file its own way).
 */
struct shared_map;
struct shared_map *shared_map_get(int fd, size_t size);
char *shared_map_data(const struct shared_map *m);
void shared_map_put(struct shared_map *m);
/*
 * The index of the code's symbols (data: the data objects') that the
 * workers of m share, built from the first one's module mod: one copy,
 * not one per worker.  NULL when its names are not all in m's mapping
 * (a worker's own copy of a string table would die with its handles):
 * then each worker keeps its own.
 */
struct sym_index *shared_map_syms(struct shared_map *m, int data,
				  Dwfl_Module *mod);

struct elf_image;
/* A relocatable object's debug-section ULEB128 pairs that libdwfl left
 * unapplied (elf_machine_rules.uleb128_set), applied in place and made
 * R_*_NONE: dwarf-uleb128.c.  Call after dwfl_module_getdwarf(), before
 * anything reads the sections. */
void apply_uleb128_pairs(Elf *elf, const struct elf_machine_rules *rules);

#endif
