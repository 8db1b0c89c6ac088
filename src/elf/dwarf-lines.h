/*
 * An ELF's machine code as its DWARF describes it: line tables, inline
 * chains, the code bytes and (in relocatable objects) the relocations that
 * apply to them.  Read with elfutils' libdwfl, which applies the
 * relocations of .debug_* sections in ET_REL objects (plain
 * dwarf_begin_elf does not) and opens static archives member by member.
 *
 * Addresses are libdwfl's: in a relocatable object each section is laid
 * out at its own address, so that two functions never share one; in a
 * linked file they are the file's own addresses.
 *
 * Used by `rwonce scan`; nothing here knows about sites or verdicts.
 */
#ifndef RWONCE_ELF_DWARF_LINES_H
#define RWONCE_ELF_DWARF_LINES_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

/* One ELF: a file, or one member of a static archive. */
struct elf_image;

struct elf_image_info {
	const char *name;  /* the path, or "archive.a(member.o)" */
	unsigned machine;  /* ELF e_machine (<elf.h>) */
	int is64;          /* ELFCLASS64 */
	int big_endian;
	int relocatable;   /* ET_REL: code carries relocations */
	int has_code;      /* an executable section with contents: without
			      one (data only) there is nothing to check */
	int lto_only;      /* no code, and GCC's intermediate language
			      (-flto without -ffat-lto-objects): its code
			      is made at link time, so it is not checked */
	const char *damaged; /* an archive member that cannot be read (cut
			      short): why; the image has nothing else, and
			      elf_image_units_each() fails on it */
};

/*
 * What an ELF machine's relocations and symbols mean to this reader,
 * which knows no machine: given by its user for each image's e_machine
 * (scan: its isa, src/scan/isa/), or NULL.  Any member may be NULL.
 */
struct elf_machine_rules {
	/* a debug section's relocation type that is only ever an offset
	 * inside a DWARF expression, from a base the expression itself
	 * gives: a thread-local variable's offset in its module's TLS
	 * block (x86-64's DTPOFF32), i386's GOT-relative offset (GOTOFF)
	 * of a call-site value; left unapplied by libdwfl, and harmless
	 * (dwarf-lines.c) */
	int (*expr_offset)(unsigned type);
	/* a code relocation type that is no address the instruction uses
	 * (RISC-V's relaxation markers, an auipc's %got hi20) */
	int (*not_an_address)(unsigned type);
	/* a code relocation type whose target is the place of another
	 * relocation, which names the symbol (RISC-V's %pcrel_lo) */
	int (*pcrel_lo)(unsigned type);
	/* the machine, named, when elfutils has no backend to relocate a
	 * relocatable object's DWARF ("MIPS"): such an object is refused */
	const char *no_reloc_backend;
	/* mapping symbols ($a, $t, $d) tell Thumb code from ARM code */
	int thumb;
	/* a debug section's ULEB128 written as the difference of two
	 * labels, a pair of relocations at one place: the first adds
	 * S + A, the second subtracts S + A (RISC-V's SET_ULEB128 and
	 * SUB_ULEB128, which linker relaxation needs and elfutils 0.188
	 * does not apply: dwarf-uleb128.c applies them); 0: none */
	unsigned uleb128_set, uleb128_sub;
};
typedef const struct elf_machine_rules *elf_machine_rules_fn(unsigned machine);

/*
 * Call fn for every ELF in the file at path (one, or each member of an
 * archive), read with the rules for its machine (rules may be NULL).  Returns the number of ELFs handed to fn, or -1 with the
 * reason in *why when the file is not ELF, not a regular file (a FIFO is
 * never opened for a blocking read), not readable or damaged.  An
 * archive without members gives 0.  An archive member cut short is
 * handed to fn too, with info.damaged saying why.  fn returns 0 to go
 * on, non-zero to stop (then that value is returned).
 */
int elf_images_each(const char *path, elf_machine_rules_fn *rules,
		    int (*fn)(struct elf_image *img, void *ctx), void *ctx,
		    struct strbuf *why);

/*
 * The same for one of `sharers` workers that read the units of one file
 * at once (elf_image_units_each_taken): a linked file of this machine's
 * byte order with DWARF of its own is then mapped once, read-only, for
 * all of them, so that the pages they read are resident once and not
 * once per worker; every other file as elf_images_each() reads it.
 */
int elf_images_each_shared(const char *path, size_t sharers,
			   elf_machine_rules_fn *rules,
			   int (*fn)(struct elf_image *img, void *ctx),
			   void *ctx, struct strbuf *why);

const struct elf_image_info *elf_image_info(const struct elf_image *img);

/* One row of a line table. */
struct line_row {
	uint64_t addr;
	const char *file; /* as the table names it (see line_unit.comp_dir) */
	unsigned line;
	unsigned col;     /* 0: none (DWARF 4 tables from some compilers) */
	int end_sequence; /* the first address after a sequence */
	/* a row at the address its own sequence ends at: no code is its
	 * (gcc's last .loc of a .text before the cold part).  libdw's
	 * order puts it after the end; only the program's order tells,
	 * so a table libdw decodes for us (dwarf-lines.c) leaves it 0 */
	int empty;
};

/* A file of a unit's file table. */
struct unit_file {
	const char *name;     /* as the rows name it: the same pointer */
	/* The directory and name strings name was joined from, where they
	 * lie in the file's own sections (or a constant): another unit of
	 * the same image whose file has the same two pointers names the
	 * same file -- what a consumer may key on for as long as the
	 * image is open, without comparing the names.  NULL when the table
	 * was read by libdw. */
	const char *raw_dir, *raw_name;
	size_t index;
	int has_md5;          /* DWARF 5 DW_LNCT_MD5 (clang writes it) */
	unsigned char md5[16];
};

/* One compilation unit with a line table. */
struct line_unit {
	const char *name;     /* DW_AT_name of the unit */
	const char *comp_dir; /* DW_AT_comp_dir, or NULL */
	struct line_row *rows;/* the table's order: by address per sequence */
	size_t nr;
	struct elf_image *img;
	int assembly;         /* DW_AT_language is assembler (gas, or clang
				 on a .S): its rows name no C source */
	struct unit_file *files; /* its file table, in order */
	size_t nfiles;
	void *priv;
};

/*
 * Type a site's object with the member-path macros of the sources'
 * headers too (cfront/member-macros.h: #define sk_state
 * __sk_common.skc_state): where a record has no member of a name, the
 * paths the name stands for.  m is the run's, not copied; NULL: none.
 */
struct member_macros;
void line_unit_use_member_macros(struct line_unit *u,
				 const struct member_macros *m);

/* The entry of the unit's file table whose name is the pointer name (a
 * row's file), or NULL. */
const struct unit_file *line_unit_file(struct line_unit *u, const char *name);

/* A function defined in the unit (a top-level DW_TAG_subprogram that is
 * not a declaration): where it is declared, and whether it has code. */
struct unit_function {
	const char *decl_file;  /* a name of the unit's file table */
	unsigned decl_line;
	int has_code;           /* its own address ranges */
	int abstract;           /* DW_AT_inline: the abstract origin of
				   inlined (and out-of-line) copies */
	int line0;              /* a row of line 0 lies in its ranges:
				   code a compiler made of several lines
				   (three stores merged into one), whose
				   line the table does not say */
};

/* Call fn for each function defined in the unit whose declaration's
 * file want(decl_file, ctx) says yes to (want NULL: every one); want is
 * asked before the function's other attributes are read. */
void line_unit_functions(struct line_unit *u,
			 int (*want)(const char *decl_file, void *ctx),
			 void (*fn)(const struct unit_function *f, void *ctx),
			 void *ctx);

/*
 * Call fn for every compilation unit of img that has a line table.
 * Returns the number of such units (0: no line tables, built without
 * -g), or -1 with *why when the DWARF cannot be read.
 */
int elf_image_units_each(struct elf_image *img,
			 int (*fn)(struct line_unit *u, void *ctx), void *ctx,
			 struct strbuf *why);
/*
 * The same for one of several workers that share img's units, each with
 * its own elf_image (libdw's handles are not shared between threads):
 * take(ctx) is asked before each unit, in the file's order and before
 * its line table is read, and only the units it says yes to are read and
 * handed to fn.  Returns the number of those that have a line table;
 * -1 with *why for trouble every worker meets (the DWARF or a unit
 * header cannot be read: the first worker says it), or
 * UNITS_TROUBLE_TAKEN with *why for trouble in a unit this worker took
 * (its line table cannot be read): no other worker meets that one, so
 * this one must say it -- which worker takes a unit is a race.
 */
#define UNITS_TROUBLE_TAKEN (-2)
/* Does img have DWARF at all (in itself or a debug file found for it)? */
int elf_image_has_dwarf(struct elf_image *img);

int elf_image_units_each_taken(struct elf_image *img, int (*take)(void *ctx),
			       int (*fn)(struct line_unit *u, void *ctx),
			       void *ctx, struct strbuf *why);

/*
 * The same units, each with its name, folder, language and file table
 * but no rows (nr 0; line_unit_functions() and the DIE lookups are not
 * for these): the file table is read from the line table's header
 * without decoding the line program, which libdw 0.188 cannot do
 * (dwarf-files.c), where the header holds the usual forms -- libdw reads
 * the others.  For scan's discovery, which needs the names only.
 */
int elf_image_unit_files_each_taken(struct elf_image *img,
				    int (*take)(void *ctx),
				    int (*fn)(struct line_unit *u, void *ctx),
				    void *ctx, struct strbuf *why);

/* A function an address belongs to, innermost first. */
struct inline_frame {
	uint64_t die;          /* its DIE's offset: two inlined copies from
				  one line (a macro that uses its argument
				  twice) are two frames */
	const char *function;  /* its name, or "(no name in the DWARF)" */
	const char *call_file; /* for an inlined copy: where it was inlined */
	unsigned call_line, call_col;
};

/*
 * The chain of functions at addr: out[0] is the innermost (an inlined
 * copy, or the function itself), and for each inlined copy out[k]
 * call_* say where in out[k + 1] it was inlined.  The strings live as
 * long as the unit.  Returns the number of frames (at most max); *until
 * gets the first address after addr where the chain may differ.
 */
size_t line_unit_inline_chain(struct line_unit *u, uint64_t addr,
			      struct inline_frame *out, size_t max,
			      uint64_t *until);
/* (*until: the first address after addr where the chain may change -- a
 * line-table row can span code of several inlined copies.) */

/*
 * The type of the C lvalue expr ("x", "*p", "s->lock.tickets", "a[i]")
 * as the DWARF in scope at addr describes it: returns its size in bytes
 * and writes its name ("struct pair32") to tname[0..n) and, when
 * aggregate is not NULL, whether it is a struct or union (typedefs
 * followed: pte_t) to *aggregate; or returns 0 when the expression is not
 * that simple or a name is not in scope.  (dwarf-types.c)
 */
unsigned line_unit_expr_type(struct line_unit *u, uint64_t addr,
			     const char *expr, char *tname, size_t n,
			     int *aggregate);
/* When that type is a struct or union: the file (joined to the unit's
 * DW_AT_comp_dir when relative) and the line that declare it, from its
 * DW_AT_decl_file and DW_AT_decl_line.  1, or 0 when not known. */
int line_unit_expr_type_decl(struct line_unit *u, uint64_t addr,
			     const char *expr, char *file, size_t n,
			     unsigned *line);

/* The same, and f(...) of a function of the unit (no variable of that
 * name in scope) has the type f returns: rcu_dereference(
 * clear_flag(iter)->next), for a site where no macro can stand for f.
 * (dwarf-types.c) */
unsigned line_unit_expr_type_calls(struct line_unit *u, uint64_t addr,
				   const char *expr, char *tname, size_t n,
				   int *aggregate);

/*
 * line_unit_expr_type(), and a name the unit has nothing of (clang
 * writes no DIE for an extern a unit only declares) looked up among the
 * file's other units' externs, when it is a global object or
 * thread-local of the symbol table and every unit that has it gives it
 * one type (dwarf-globals.c builds that index on the first such name);
 * with spellings, as line_unit_expr_type_spelled() reads them.
 */
unsigned line_unit_expr_type_others(struct line_unit *u, uint64_t addr,
				    const char *expr, int spellings,
				    char *tname, size_t n, int *aggregate);

/*
 * line_unit_expr_type(), reading casts too -- (T *)E is T * whatever E
 * is, for a T the unit's DWARF defines (typedef, tag, base type, a
 * scalar's _Atomic(T)) -- and (p + N), p++: the object of a macro that
 * dereferences its argument as it is.  Not for a function's argument,
 * whose parameter's type decides (readl(p->membase + off) reads 4
 * bytes, not the char the sum points to).  (dwarf-types.c)
 */
unsigned line_unit_expr_type_spelled(struct line_unit *u, uint64_t addr,
				     const char *expr, char *tname, size_t n,
				     int *aggregate);

/*
 * The type of expr as the call of the inlined copy of `function` at
 * call_line that holds addr sees it: its names looked up in the scopes
 * around the copy (the caller's locals and parameters, then the unit's
 * globals), not in the copy's own -- the argument of a once-accessor's
 * call, ck_pr_store_ptr(&barrier->rounds, ...), whose parameter is a
 * void *.  As line_unit_expr_type(); 0 also when no such copy holds
 * addr.  With calls, f(...) of a function of the unit (no variable of
 * that name in scope) has the type f returns: ck_pr_store_ptr(
 * ck_rhs_entry_addr(map, slot), v), for a caller that knows no macro
 * of that name.  (dwarf-types.c)
 */
unsigned line_unit_call_expr_type(struct line_unit *u, uint64_t addr,
				  const char *function, unsigned call_line,
				  const char *expr, int calls, char *tname,
				  size_t n, int *aggregate);

/*
 * One reading of a site's object through the macros of the headers
 * (cfront/header-macros.h): its size as line_unit_expr_type() gives it
 * (with function, in the scopes of the call of its inlined copy, as
 * line_unit_call_expr_type()), but only when the type is read from a
 * variable of static storage of the unit (a global, a thread-local),
 * from what a function of the unit returns (#define current
 * get_current()), or, with spellings, from a cast ((*((struct list_head
 * __rcu **)(&(list)->next)))) -- a local's is not taken: else 0.
 * *foreign is set when a reading that did not type names, where a
 * variable is read or a function called, a name that neither the scopes
 * nor the unit know: not what the compiler compiled there.
 * (dwarf-types.c)
 */
unsigned line_unit_reading(struct line_unit *u, uint64_t addr,
			   const char *function, unsigned call_line,
			   const char *expr, int spellings, char *tname,
			   size_t n, int *aggregate, int *foreign);
/*
 * Does the reading expr name, as *foreign above counts names, one that
 * neither the scopes at addr, the unit, nor the object's symbol table
 * (defined or undefined) know?  A reading that calls a function the
 * object neither has nor calls was not compiled there (liburcu's
 * (*__tls_access_lttng_ust_urcu_reader())->ctr in a build whose
 * URCU_TLS(x) is (x)); one whose names are all there may have been --
 * clang writes no DIE for an extern a unit only declares, but its
 * symbol is in the table.  1 or 0; -1 for a file that is not a
 * relocatable object (a linked file's table is not the unit's).
 * (dwarf-types.c)
 */
int line_unit_reading_absent(struct line_unit *u, uint64_t addr,
			     const char *expr);

/*
 * Is the object of the lvalue expr volatile-qualified itself (through
 * typedefs, const and _Atomic; not what a pointer points to), as the
 * DWARF in scope at addr types it?  1 or 0; -1 when it cannot be typed
 * there.  (dwarf-types.c)
 */
int line_unit_expr_volatile(struct line_unit *u, uint64_t addr,
			    const char *expr);

/* A named variable, parameter or member of a unit's DWARF, for
 * line_unit_volatile_names(). */
struct volatile_name {
	const char *name;  /* the unit's string */
	int member;        /* a struct or union member */
	int shared;        /* a member, or a variable of static storage
			      (not a local nor a parameter) */
	int is_volatile;   /* its type is volatile-qualified, or an array's
			      elements are */
	int array;         /* it is an array */
	unsigned size;     /* its type's size; 0: not known */
};
/* Call fn for every variable, parameter and member the unit's DWARF
 * names, at every depth.  (dwarf-volatile.c) */
void line_unit_volatile_names(struct line_unit *u,
			      void (*fn)(const struct volatile_name *v,
					 void *ctx),
			      void *ctx);

/*
 * Where the object of the lvalue expr ("p->f", "p->f.g", "p->w[2]",
 * "p->w[i]", "*p", "*(p)") is at addr, as the DWARF in scope there says:
 * the register (its DWARF number) that holds the pointer p there -- p's
 * location at addr is that one register -- and the object's offset from
 * it (the members' constant DW_AT_data_member_location); for one
 * variable index, the register holding it and the element's size.  The pointer's name goes to
 * ptr[0..n) once its name is read.  0; -1 when its place at addr is not
 * one register (in memory, optimised out, no location there); -2 when
 * the lvalue is not of that form (two variable indexes, a call, p->q->f);
 * -3 when p is not a pointer in scope there.
 * (dwarf-types.c)
 */
struct object_place {
	unsigned reg;        /* DWARF register number of the pointer */
	int64_t offset;      /* the object's offset from it */
	int indexed;         /* p->w[i]: also i's register, ... */
	unsigned index_reg;
	unsigned scale;      /* ... times the element's size */
};
int line_unit_object_reg(struct line_unit *u, uint64_t addr, const char *expr,
			 struct object_place *pl, char *ptr, size_t n);

/*
 * The offset of the object of the lvalue expr ("g", "g.f", "g.w[2]")
 * from the start of the variable it names, as the DWARF in scope at addr
 * types it; the variable's name to name[0..n).  0, or -1 when the lvalue
 * is not of that form or the name is not in scope.  (dwarf-types.c)
 */
int line_unit_named_offset(struct line_unit *u, uint64_t addr,
			   const char *expr, char *name, size_t n,
			   int64_t *offset);

/*
 * What the first pointer parameter of the inlined copy of `function`
 * holding addr points to (a once-accessor's object, load_32(const
 * uint32_t *p): uint32_t): its size, name and aggregate-ness as
 * line_unit_expr_type() gives them; 0 when there is no such copy or
 * parameter.  (dwarf-types.c)
 */
unsigned line_unit_inline_pointee(struct line_unit *u, uint64_t addr,
				  const char *function, char *tname, size_t n,
				  int *aggregate);
/* The same for a member of what the parameter points to (jemalloc's
 * accessors reach a->repr): that member's type; 0 when the pointee has
 * no member of the name. */
unsigned line_unit_inline_pointee_member(struct line_unit *u, uint64_t addr,
					 const char *function,
					 const char *member_name, char *tname,
					 size_t n, int *aggregate);

/*
 * The code bytes from addr to the end of its section: *bytes and *avail.
 * Returns 0, or -1 when addr lies in no section with contents.
 */
int elf_image_code(struct elf_image *img, uint64_t addr,
		   const unsigned char **bytes, size_t *avail);

/*
 * A relocation of a relocatable object that patches bytes inside
 * [addr, addr + len): the symbol's address (or, for an undefined symbol,
 * a stable number made from its name) plus the addend, in *target; the
 * patched position in *where.  Returns 1 when there is one, 0 otherwise.
 */
int elf_image_reloc_in(struct elf_image *img, uint64_t addr, size_t len,
		       uint64_t *where, uint64_t *target);

/* The same, and the relocation's symbol: *name (a section symbol's: the
 * section's name, and *section set), *sym what it stands for in the
 * terms of *target (target - sym: the offset from it).  For listings:
 * movl lock+4(%rip). */
int elf_image_reloc_symbol(struct elf_image *img, uint64_t addr, size_t len,
			   uint64_t *where, uint64_t *target,
			   const char **name, uint64_t *sym, int *section);

/* ARM: does the code at addr use the Thumb instruction set (mapping
 * symbols $t/$a, or the low bit of the function symbol)? */
int elf_image_is_thumb(struct elf_image *img, uint64_t addr);

/* The name of the symbol (function) that contains addr, or NULL; *off
 * (if not NULL) gets addr's offset from its start. */
const char *elf_image_symbol_at(struct elf_image *img, uint64_t addr,
				uint64_t *off);

/* The same, and the symbol's size (st_size) in *size; both 0 without
 * a symbol.  (One lookup: each is a walk over the symbol table.) */
const char *elf_image_symbol_span(struct elf_image *img, uint64_t addr,
				  uint64_t *off, uint64_t *size);

/* Where the code's symbols whose names want() takes start, sorted,
 * each address once, in *out (to free); how many.  Every address at
 * which elf_image_symbol_at() can answer such a name with *off 0 is
 * among them: a caller that wants only those names asks it no more for
 * an address that is not. */
size_t elf_image_symbol_starts(struct elf_image *img,
			       int (*want)(const char *name), uint64_t **out);

/* The data object (STT_OBJECT, or a label in a section that is not
 * code) that holds addr, or NULL; *off: addr's offset in it. */
const char *elf_image_data_symbol_at(struct elf_image *img, uint64_t addr,
				     uint64_t *off);

/* addr as the file's tools print it: the offset in its section for a
 * relocatable object (objdump -d), the file's own address otherwise
 * (libdwfl's less the bias it gives an ET_DYN file). */
uint64_t elf_image_file_address(struct elf_image *img, uint64_t addr);

#endif
