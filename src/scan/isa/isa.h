/*
 * One instruction set for scan's disassembly (disasm.c): what differs
 * between x86, AArch64, ARM, POWER, s390x, MIPS and RISC-V -- which
 * decoder, the width and base of each memory operand, registers formed
 * from another plus a constant (write-back and update forms too), which
 * instructions branch and where to, the stack and frame registers, the
 * length of an instruction the decoder does not know.  Each lives in its
 * own src/scan/isa/<arch>.c behind struct isa_ops; isa.c chooses one by
 * the ELF machine, from the table of targets (src/targets/targets.def).
 *
 * This header is private to src/scan/disasm.c and src/scan/isa/: the
 * decoding state an isa file reads and the common helpers it calls.
 */
#ifndef RWONCE_SCAN_ISA_H
#define RWONCE_SCAN_ISA_H

#include <capstone/capstone.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "elf/dwarf-lines.h"
#include "lib/strbuf.h"
#include "scan/disasm.h"
#include "scan/insn-memo.h"

#define MAX_REGS 512

struct isa_ops;

struct disasm {
	const struct isa_ops *ops;
	csh cs, thumb; /* thumb: ARM's second handle, for Thumb code; 0
			  elsewhere */
	unsigned machine;
	int is64;
	cs_insn *insn;  /* the record decode() fills */
	void *priv;     /* the isa's own decoder state (RISC-V: LLVM's) */
	uint16_t parent[MAX_REGS]; /* eax, ax, al -> rax; w3 -> x3 */
	struct insn_memo *memo; /* capstone's answers by the bytes (cs's;
				   NULL: none) */
	/* where the image's code symbols named as a copy function start
	 * (note_copy_call()), found on first need: a branch to anywhere
	 * else asks no symbol lookup */
	struct elf_image *copy_img;
	uint64_t *copy_starts;
	size_t ncopy_starts;
};

/*
 * What a register is known to hold: an address (set by lea, larl,
 * adrp+add, movw+movt from a symbol) -- accesses through it get that
 * address -- or another register's value plus a constant (a move, an
 * add or subtract of a constant: add x8, x19, #0x359; lea 8(%rdi), %rax;
 * la; addi; daddiu) -- accesses through it are through that register,
 * as it was then, at the folded displacement.
 */
struct reg_value {
	unsigned reg;
	int absolute;        /* addr is an address */
	uint64_t addr;       /* the address, or the constant added */
	unsigned base;       /* else: the register it was formed from ... */
	unsigned base_gen;   /* ... at this many writes to it */
	uint64_t set_pc;     /* where it was formed */
};

/* A forward jump seen, until the decoding reaches its destination: a
 * value formed after the jump does not hold where the jump lands, and a
 * register a load gave its value before the jump still holds it there
 * (the pointer loaded on one path, used after the paths join). */
struct pending_jump {
	uint64_t from, to;
	struct {
		unsigned reg;
		size_t load;    /* 1 + its index in out */
	} loads[4];
	unsigned nloads;
};

struct insn_ctx {
	struct disasm *d;
	csh cs;
	struct elf_image *img;
	const cs_insn *in;
	struct mem_access_list *out;
	unsigned stack_reg;
	struct reg_value regs[16];
	size_t nregs;
	struct pending_jump jumps[32];
	size_t njumps;
	unsigned gen[MAX_REGS]; /* writes seen to each (full) register */
	unsigned flags_gen;     /* ARM: writes seen to the condition flags */
	/* per register: 1 + the index in out of the load that gave it its
	 * value (0: none), and the register's write count then */
	size_t loaded_by[MAX_REGS];
	unsigned loaded_gen[MAX_REGS];
	/* the same, for a value a load gave on the path of a jump to here
	 * (reach_jumps): the register may hold either */
	size_t joined_by[MAX_REGS];
	unsigned joined_gen[MAX_REGS];
	unsigned recent[8];     /* registers loads wrote last, a ring */
	unsigned nrecent;
	/* ARM, POWER: registers set to a constant (movw r3, #1130; li r10,
	 * 4), for an index register ([r4, r3]; lwzx r9, r8, r10) or a
	 * write-back by one: valid while the register's write count is the
	 * one noted */
	struct reg_constant {
		unsigned reg, gen;
		uint64_t value;
		uint64_t set_pc;
	} consts[8];
	size_t nconsts;
};

/* What an isa notes of an instruction before its register writes are
 * recorded (isa_ops.track_before), for isa_ops.track_after. */
struct isa_track {
	int had;             /* AArch64: the source register held ... */
	uint64_t old;        /* ... this address (adrp; add :lo12:) */
	int sets_constant;   /* ARM: the instruction leaves ... */
	uint64_t constant;   /* ... this constant in its first register */
};

struct isa_ops {
	const char *name;    /* "x86": its file is src/scan/isa/x86.c */
	const char *decoder; /* "capstone", "LLVM": "(not decoded by ...)" */

	/* The decoder for info's image: capstone's (isa_capstone_open()) or
	 * the isa's own; 0, or -1 with *why. */
	int (*open)(struct disasm *d, const struct elf_image_info *info,
		    struct strbuf *why);
	/* An own decoder's: close it; decode the next instruction into in,
	 * advancing *code, *left, *pc (0: not decoded).  NULL: capstone. */
	void (*close)(struct disasm *d);
	int (*decode)(struct insn_ctx *c, const unsigned char **code,
		      size_t *left, uint64_t *pc, cs_insn *in);
	const char *(*reg_name)(const struct insn_ctx *c, unsigned reg);
	/* the full register a sub-register's name belongs to (eax -> rax,
	 * w3 -> x3); NULL: each register is whole */
	void (*parent_name)(const char *n, char *out, size_t size);

	/* the stack pointer; is reg the frame pointer (mov %rsp, %rbp)? */
	unsigned (*stack_reg)(const struct disasm *d);
	int (*frame_pointer)(const struct disasm *d, unsigned reg);
	/* ARM: the instruction's condition (capstone's arm_cc); NULL: 0 */
	unsigned (*condition)(const struct insn_ctx *c);

	/* The register the psABI's DWARF number n names, as the decoder
	 * numbers it (the full register), or 0; NULL: none known.  For a
	 * pointer's location (judge.c: whose address a folded load is). */
	unsigned (*dwarf_reg)(unsigned n);

	/* Append the instruction's memory accesses (isa_add()). */
	void (*accesses)(struct insn_ctx *c);

	/* Branches.  branch: the whole of it, for an own decoder (the
	 * ACC_NONE entry, where it leads, note_jump).  Else, with
	 * capstone's groups: is_branch, more branches than capstone's jump,
	 * call and return groups know; branch_immediate, a direct
	 * branch's destination (0: unknown); paths, whether it falls
	 * through or is an indirect jump (a->falls is 1 and a->target set
	 * when called; NULL: every branch may fall through). */
	void (*branch)(struct insn_ctx *c);
	int (*is_branch)(const struct insn_ctx *c);
	uint64_t (*branch_immediate)(const struct insn_ctx *c);
	void (*paths)(struct insn_ctx *c, struct mem_access *a);

	/* Registers.  derived: does the instruction set *dst to *src plus
	 * *off (a move, an add of a constant, a write-back or update form)?
	 * writes: the registers it writes, for an isa whose capstone has no
	 * cs_regs_access() (or an own decoder); NULL: capstone's, with
	 * flags_written telling ARM's condition flags among them.
	 * track_before / track_after: around the writes, the addresses and
	 * constants the instruction puts in a register (rel: it carries a
	 * relocation at where, to target). */
	int (*derived)(const struct insn_ctx *c, unsigned *dst, unsigned *src,
		       int64_t *off);
	void (*writes)(struct insn_ctx *c);
	/* the registers a call may change (the ABI's caller-saved ones),
	 * ending with 0: a value formed in one before a call is gone
	 * after it (capstone lists only the stack pointer as a call's);
	 * NULL: not known for the isa */
	const unsigned *call_clobbered;
	/* is the instruction a call that the decoder puts in no call
	 * group (capstone 4: POWER's bl and bctrl, s390's brasl and
	 * basr, MIPS's jal and bal)?  NULL: capstone's group says */
	int (*is_call)(const struct insn_ctx *c);
	int (*flags_written)(const struct insn_ctx *c, unsigned reg);
	int (*updates_flags)(const struct insn_ctx *c);
	void (*track_before)(const struct insn_ctx *c, int rel,
			     struct isa_track *t);
	void (*track_after)(struct insn_ctx *c, int rel, uint64_t where,
			    uint64_t target, const struct isa_track *t);

	/* The length of an instruction the decoder does not know (before
	 * clamping to what is left); NULL: 1 byte. */
	size_t (*insn_length)(const struct insn_ctx *c,
			      const unsigned char *code, size_t left);
	/* Bytes at pc, where the decoder failed, that are data the ABI
	 * puts after a function's code (POWER's traceback table), no
	 * instruction: how many, to be skipped unsaid, and *what they are
	 * for a listing; 0: not such data (the bytes stay "not decoded").
	 * NULL: the isa has none. */
	size_t (*data_length)(const struct insn_ctx *c,
			      const unsigned char *code, size_t left,
			      uint64_t pc, const char **what);

	/* The listing's text with its symbols (isa_listing_text() for the
	 * objdump way); reloc_address: the address a relocation at where
	 * with target gives (NULL: target). */
	void (*listing_text)(struct insn_ctx *c, char *text, size_t size);
	uint64_t (*reloc_address)(const struct insn_ctx *c, uint64_t where,
				  uint64_t target);

	/* The relocation filter and the rest the ELF reader needs of the
	 * machine (src/elf/dwarf-lines.h; disasm_elf_rules()). */
	struct elf_machine_rules elf;
};

/* The isa for an ELF machine (isa.c), or NULL. */
const struct isa_ops *isa_find(unsigned machine);

/* ---- what disasm.c gives the isa files ---- */

/* capstone for arch and mode, and a second handle in thumb_mode for
 * Thumb code (0: none). */
int isa_capstone_open(struct disasm *d, cs_arch arch, int mode,
		      int thumb_mode, struct strbuf *why);
/* Close what isa_capstone_open() opened: for an isa's own close(),
 * which has a decoder of its own beside capstone to close too. */
void isa_capstone_close(struct disasm *d);

/* Does s start with prefix?  (Inline: asked of every instruction's
 * mnemonic, a few times each; the first byte settles most.) */
static inline int isa_starts(const char *s, const char *prefix)
{
	return !prefix[0] ||
	       (s[0] == prefix[0] && !strncmp(s, prefix, strlen(prefix)));
}
const char *isa_reg_name(const struct insn_ctx *c, unsigned reg);
unsigned isa_full_reg(const struct insn_ctx *c, uint64_t reg);
struct reg_value *isa_reg_find(struct insn_ctx *c, unsigned reg);
/* reg now holds the address addr */
void isa_reg_set(struct insn_ctx *c, unsigned reg, uint64_t addr);
/* The constant reg holds (ARM, POWER), if one is known; after the
 * write: reg now holds value. */
int isa_reg_constant(const struct insn_ctx *c, unsigned reg,
		     uint64_t *value);
void isa_reg_constant_set(struct insn_ctx *c, unsigned reg, uint64_t value);
/* A register was written: its old value is gone. */
void isa_written(struct insn_ctx *c, unsigned reg);
/* The instruction's relocation inside it (a relocatable object). */
int isa_relocated(const struct insn_ctx *c, uint64_t *where,
		  uint64_t *target);
/* Append one access of the instruction (or a branch's ACC_NONE). */
struct mem_access *isa_add(struct insn_ctx *c, enum access_kind kind,
			   unsigned size, uint64_t base, uint64_t index,
			   int64_t disp);
/* A forward jump to to: values formed after it do not hold there. */
void isa_note_jump(struct insn_ctx *c, uint64_t to);
/* "mnemonic operands", cut to fit. */
void isa_insn_text(const cs_insn *in, char *out, size_t size);
/* The listing text, objdump's way: a relocation's symbol after it. */
void isa_listing_text(struct insn_ctx *c, char *text, size_t size);
/* The symbol at ea (the relocation's, or the image's), as "sym+off". */
int isa_symbol_at(struct insn_ctx *c, uint64_t ea, const char *rname,
		  uint64_t rsym, int rsection, char *buf, size_t size);

/* Width and direction by mnemonic, for the isas whose capstone gives no
 * operand sizes. */
struct mnemonic_width {
	const char *name;
	unsigned size;
	enum access_kind kind;
};
const struct mnemonic_width *isa_width_lookup(const struct mnemonic_width *t,
					      size_t n, const char *name);
/* s390x, MIPS, POWER: registers written without cs_regs_access():
 * stores, compares and branches write none, others their first
 * register operand (*reg, when first gives one). */
int isa_writes_no_register(const char *mnemonic);

#endif
