/*
 * The memory accesses of machine code, through capstone's operand details:
 * for each instruction, which memory it touches (base register or an
 * absolute address, displacement), how many bytes, load or store.
 *
 * capstone 4.0.2 (Debian 12) gives operand sizes only on x86; on the
 * other targets the width comes from the mnemonic and the data register.
 * Pair and multiple transfers (ldp, ldrd, ldm, lm ...) are one access per
 * register: each register is its own single-copy-atomic access.
 * riscv64 is not in capstone 4.0.2: LLVM's disassembler decodes it
 * (isa/riscv-llvm.h), behind the same interface.
 */
#ifndef RWONCE_SCAN_DISASM_H
#define RWONCE_SCAN_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "elf/dwarf-lines.h"
#include "lib/strbuf.h"

enum access_kind {
	ACC_NONE = 0,  /* no memory access (kept for branches and calls) */
	ACC_LOAD = 1,
	ACC_STORE = 2,
	ACC_RMW = 3,   /* both: cmpxchg, csg, ldadd, add to memory ... */
};

/* The base of an address that is not a register. */
#define BASE_ABSOLUTE UINT64_MAX /* disp is the address (pc-relative,
				    absolute, or a relocation's target) */

struct mem_access {
	uint64_t pc;
	char text[96];       /* "movl 4(%rdi), %eax"; through a formed
				register: "ldrh w8, [x8] (x8 = x19 + 0x359)" */
	enum access_kind kind;
	unsigned size;       /* bytes; 0 when unknown */
	uint64_t base;       /* register number, or BASE_ABSOLUTE */
	uint64_t index;      /* index register, 0 if none */
	unsigned base_gen, index_gen; /* how many times the register had been
				  written in the decoded stretch: one base
				  register with two values is two bases */
	int64_t disp;
	int branch;          /* a jump, call or return */
	int call;            /* a call: what it touches is not seen here */
	const char *copy;    /* a call of (or tail jump to) a copy function,
				"memcpy", "memmove" ...: what a volatile
				aggregate copy becomes when the compiler
				gives it to a function (verdict.c) */
	/* for a branch: where it goes, for the paths between accesses */
	uint64_t target;     /* a direct jump's destination; 0: unknown or
				out of the function (a tail call) */
	int falls;           /* execution may go on with the next
				instruction (conditional, a call) */
	int wild;            /* an indirect jump (a jump table): any later
				instruction may be next */
	int gap;             /* no instruction: the code between two
				ranges far apart, not decoded (judge.c);
				what paths cross it cannot be told */
	/* ARM: a conditionally executed instruction (ldrne; in Thumb-2
	 * inside an IT block) -- two accesses under opposite conditions of
	 * the same flags never both execute */
	unsigned cond;       /* capstone's arm_cc; 0 or ARM's "al": always */
	unsigned flags_gen;  /* writes to the condition flags before it */
	int stack;           /* through the stack pointer: a spill or a local */
	int frame;           /* an address in the frame: through the stack
				pointer, or a register formed from it (a
				local object's address) -- what the address
				is, whatever the addressing mode (verdict.c) */
	int undecoded;       /* a marker of bytes the decoder could not
				decode, skipped: how many (at least 1) --
				one instruction's, or without LLVM on x86
				the rest of the stretch (judge.c counts it
				for every instance whose rows it covers) */
	int object_shown;    /* 1: a placed use's load shown to be its
				object's (judge.c: drop_other_members()),
				the one the verdict cites; -1: an access
				through the value it read, dropped */
	int before;          /* its line-table row's column lies before the
				site's text: the site's only when no access
				lies inside it (judge.c) */
	int assignment;      /* ... lies in the rest of the site's
				assignment: a store of the site, or the load
				of a compound assignment (verdict.c) */
	int folded;          /* ... lies on another column of the site's
				statement (an operator): the site's only as
				a load folded into another instruction, when
				nothing else is (verdict.c) */
	int feeds_address;   /* a load whose value a later access of the
				decoded stretch uses as its base register: a
				pointer on the way to an object (verdict.c) */
	uint64_t fed_by_pc;  /* where the load that gave its base or index
				register its value is; 0: none seen */
	uint64_t fed_base_pc;/* ... its base register's: `movq (%rdx,%rax,8)`
				is read through the pointer in rdx, whatever
				loaded the index rax (judge.c) */
	unsigned reg;        /* the base register the instruction names
				(full), and its displacement, before a
				formed register is followed: what the
				DWARF's location of a pointer is matched
				against (judge.c); 0: none */
	int64_t reg_disp;
	unsigned scale;      /* x86: the index register's factor; 0 unknown */
	enum folded_address {
		FOLDED_NOT_ASKED,    /* not a folded load, or not checked */
		FOLDED_OBJECT,       /* through the register the DWARF puts
					the object's pointer in there, at the
					object's offset */
		FOLDED_OTHER_REG,    /* the pointer is in another register */
		FOLDED_OTHER_OFFSET, /* ... at another offset: another member */
		FOLDED_NOT_KNOWN,    /* where the pointer is, not told */
	} folded_address;
};

struct mem_access_list {
	struct mem_access *items;
	size_t nr, alloc;
};

struct disasm;

/*
 * A disassembler for the image's machine, or NULL with the reason in *why
 * ("unsupported machine (ELF e_machine 4660)", libLLVM not loadable).
 */
struct disasm *disasm_open(const struct elf_image_info *info,
			   struct strbuf *why);
void disasm_close(struct disasm *d);

/* The register the DWARF's number n names, as mem_access.reg numbers
 * it; 0 when the machine's numbering is not known here. */
unsigned disasm_dwarf_reg(const struct disasm *d, unsigned n);
/* Its name ("rdi", "x1"), or "?". */
const char *disasm_reg_name(const struct disasm *d, unsigned reg);

/* What the ELF reader needs to know of machine's relocations and
 * symbols (src/elf/dwarf-lines.h), from its isa; NULL for a machine
 * scan does not read.  For elf_images_each(). */
const struct elf_machine_rules *disasm_elf_rules(unsigned machine);

/*
 * Decode [addr, addr + len) of img and append one entry per memory
 * operand (and one ACC_NONE entry per branch or call) to out.  Returns
 * the number of bytes that could not be decoded (0 when all were).
 */
size_t disasm_range(struct disasm *d, struct elf_image *img, uint64_t addr,
		    size_t len, struct mem_access_list *out);
/* The same, and in starts (len + 1 bits, zeroed by the caller) a bit set
 * at each offset from addr where an instruction (or a skipped stretch)
 * begins, and at the offset where decoding stopped: decode-cache.c
 * serves a shorter stretch from a longer one only up to such a point. */
size_t disasm_range_marked(struct disasm *d, struct elf_image *img,
			   uint64_t addr, size_t len,
			   struct mem_access_list *out, unsigned char *starts);

/*
 * Every instruction in [addr, addr + len) as "ADDR\tMARK\tTEXT\n"
 * lines (ADDR: the file address, hexadecimal; MARK "*" at the nmarked
 * addresses of marked[], else empty): the listing a report shows beside
 * the source.  Bytes that cannot be decoded are one "(not decoded)" line.
 */
void disasm_listing(struct disasm *d, struct elf_image *img, uint64_t addr,
		    size_t len, const uint64_t *marked, size_t nmarked,
		    struct strbuf *out);

#endif
