/*
 * POWER (EM_PPC64, EM_PPC) for scan: widths and direction from the
 * D-form and X-form mnemonics (capstone 4.0.2 gives no operand sizes);
 * the update forms (lbzu, ldu, stwu and the *ux forms) write the address
 * back to rA; an index register holding a constant (li) folds into the
 * displacement; branches by mnemonic, since capstone 4 puts blr, bctr and
 * b in no jump or return group; ppc64's traceback table after a
 * function's code is no instruction.
 */
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static int ppc_open(struct disasm *d, const struct elf_image_info *info,
		    struct strbuf *why)
{
	return isa_capstone_open(d, CS_ARCH_PPC, (info->big_endian ?
				 CS_MODE_BIG_ENDIAN : CS_MODE_LITTLE_ENDIAN) |
				 (info->is64 ? CS_MODE_64 : CS_MODE_32), 0, why);
}

static unsigned ppc_stack_reg(const struct disasm *d)
{
	(void)d;
	return PPC_REG_R1;
}

/* D-form and X-form loads and stores; ppc_lookup() finds the update
 * and indexed forms (lwzu, lwzx, lwzux) by their base name. */
static const struct mnemonic_width ppc_table[] = {
	{ "lbz", 1, ACC_LOAD }, { "lhz", 2, ACC_LOAD }, { "lha", 2, ACC_LOAD },
	{ "lwz", 4, ACC_LOAD }, { "lwa", 4, ACC_LOAD }, { "ld", 8, ACC_LOAD },
	{ "lfs", 4, ACC_LOAD }, { "lfd", 8, ACC_LOAD }, { "lwarx", 4, ACC_LOAD },
	{ "ldarx", 8, ACC_LOAD }, { "lbarx", 1, ACC_LOAD }, { "lharx", 2, ACC_LOAD },
	{ "stb", 1, ACC_STORE }, { "sth", 2, ACC_STORE }, { "stw", 4, ACC_STORE },
	{ "std", 8, ACC_STORE }, { "stfs", 4, ACC_STORE }, { "stfd", 8, ACC_STORE },
	{ "stwcx.", 4, ACC_STORE }, { "stdcx.", 8, ACC_STORE },
	{ "stbcx.", 1, ACC_STORE }, { "sthcx.", 2, ACC_STORE },
	/* byte-reversed: indexed only */
	{ "lhbrx", 2, ACC_LOAD }, { "lwbrx", 4, ACC_LOAD }, { "ldbrx", 8, ACC_LOAD },
	{ "sthbrx", 2, ACC_STORE }, { "stwbrx", 4, ACC_STORE },
	{ "stdbrx", 8, ACC_STORE },
};

/*
 * The table's entry for an instruction, found by its base name (lwzux:
 * lwz); *update says whether it is an update form (lwzu, lwzux, stdu,
 * lhau, lwaux: the address is written back to rA).
 */
static const struct mnemonic_width *ppc_lookup(const char *m, int *update)
{
	char name[32];
	const struct mnemonic_width *w;
	size_t n;

	*update = 0;
	snprintf(name, sizeof(name), "%s", m);
	if ((w = isa_width_lookup(ppc_table, ARRAY_SIZE(ppc_table), name)))
		return w;
	n = strlen(name);
	if (n > 1 && name[n - 1] == 'x') /* indexed */
		name[--n] = '\0';
	if ((w = isa_width_lookup(ppc_table, ARRAY_SIZE(ppc_table), name)))
		return w;
	if (n < 2 || name[n - 1] != 'u')
		return NULL;
	name[--n] = '\0';
	*update = 1;
	return isa_width_lookup(ppc_table, ARRAY_SIZE(ppc_table), name);
}

/*
 * Where a load or store's address comes from -- D-form: rA plus a
 * displacement (one memory operand, *mem); X-form (lwzx r9, r8, r10;
 * ldarx; stdcx.): (rA|0) + rB, three register operands, capstone's r0 in
 * the rA place being the literal 0.  0 when it is neither.
 */
static int ppc_address(const struct insn_ctx *c, const cs_ppc_op **mem,
		       unsigned *ra, unsigned *rb)
{
	const cs_ppc *p = &c->in->detail->ppc;

	*mem = NULL;
	*ra = *rb = 0;
	if (p->op_count == 2 && p->operands[1].type == PPC_OP_MEM) {
		*mem = &p->operands[1];
		*ra = p->operands[1].mem.base;
		return 1;
	}
	if (p->op_count != 3 || p->operands[1].type != PPC_OP_REG ||
	    p->operands[2].type != PPC_OP_REG)
		return 0;
	*ra = p->operands[1].reg == PPC_REG_R0 ? 0 : p->operands[1].reg;
	*rb = p->operands[2].reg;
	return 1;
}

/* The one access of a load or store, through rA and a displacement, or
 * rA and rB (rB folded into the displacement when it holds a known
 * constant: li r10, 4; lwzx r9, r8, r10 is 4(r8)). */
static void ppc_accesses(struct insn_ctx *c)
{
	const cs_ppc_op *mem;
	const struct mnemonic_width *w;
	struct mem_access *a;
	unsigned ra, rb;
	uint64_t base, index = 0, where, target, k;
	int64_t disp = 0;
	int update;

	w = ppc_lookup(c->in->mnemonic, &update);
	if (!w || !ppc_address(c, &mem, &ra, &rb))
		return;
	base = ra;
	if (mem) {
		disp = mem->mem.disp;
		if (isa_relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE;
			disp += (int64_t)target;
		}
	} else if (!ra) {
		base = rb;
	} else if (isa_reg_constant(c, rb, &k)) {
		disp = (int64_t)k;
	} else {
		index = rb;
	}
	a = isa_add(c, w->kind, w->size, base, index, disp);
	/* the evidence: the constant the index register held */
	if (!mem && ra && !index && isa_reg_name(c, rb)) {
		size_t n = strlen(a->text);

		snprintf(a->text + n, sizeof(a->text) - n, " (%s = %s0x%llx)",
			 isa_reg_name(c, rb), disp < 0 ? "-" : "",
			 (unsigned long long)(disp < 0 ? -disp : disp));
	}
}

/*
 * The register an update form writes its address back to (lbzu r9,
 * 16(r8), stdux r3, r4, r5: rA), when it is one -- rA is never r0 there,
 * nor, for a load, the register loaded (invalid forms).
 */
static int ppc_update_base(const struct insn_ctx *c, unsigned *ra)
{
	const cs_ppc *p = &c->in->detail->ppc;
	const struct mnemonic_width *w;
	const cs_ppc_op *mem;
	unsigned rb;
	int update;

	w = ppc_lookup(c->in->mnemonic, &update);
	if (!w || !update || !ppc_address(c, &mem, ra, &rb) || !*ra)
		return 0;
	if (w->kind == ACC_LOAD && p->operands[0].type == PPC_OP_REG &&
	    (unsigned)p->operands[0].reg == *ra)
		return 0;
	return 1;
}

/*
 * A branch, by its mnemonic: capstone 4 puts none of blr, bctr and b in
 * a jump or return group, so the code after a return was on one path
 * with the code before it (liburcu's read_unlock, duplicated by gcc into
 * both sides of an if, each ending in blr: a false "duplicated").  Every
 * branch mnemonic starts with 'b'; the others that do are bit and byte
 * operations.
 */
static int ppc_branch(const struct insn_ctx *c)
{
	const char *m = c->in->mnemonic;

	return m[0] == 'b' && !isa_starts(m, "bpermd") &&
	       !isa_starts(m, "brinc") && strcmp(m, "brd") &&
	       strcmp(m, "brw") && strcmp(m, "brh");
}

/* Unconditional: b, ba, blr, bctr (bl, bctrl ... return). */
static void ppc_paths(struct insn_ctx *c, struct mem_access *a)
{
	const char *m = c->in->mnemonic;

	if (!strcmp(m, "b") || !strcmp(m, "ba") || !strcmp(m, "blr") ||
	    !strcmp(m, "bctr")) {
		a->falls = 0;
		a->wild = !strcmp(m, "bctr");
	}
}

/* No cs_regs_access() here.  Update forms write the address back to rA:
 * what it holds then is no value the load gave.  Then the first
 * register operand of anything but a store, a compare or a branch. */
static void ppc_writes(struct insn_ctx *c)
{
	const cs_ppc *p = &c->in->detail->ppc;
	unsigned reg;

	if (ppc_update_base(c, &reg)) {
		isa_written(c, reg);
		c->loaded_by[isa_full_reg(c, reg)] = 0;
	}
	if (isa_writes_no_register(c->in->mnemonic))
		return;
	if (p->op_count && p->operands[0].type == PPC_OP_REG)
		isa_written(c, p->operands[0].reg);
}

/*
 * An update form -- lbzu r9, 16(r8) (D-form), lbzux r9, r8, r10 with r10
 * a known constant (X-form): rA now holds itself plus that, and the next
 * access through it (lbz r10, 1(r8)) is 17 bytes past the old r8.  Like
 * ARM's write-back (isa/arm.c).
 */
static int ppc_update(const struct insn_ctx *c, unsigned *dst,
		      unsigned *src, int64_t *off)
{
	const cs_ppc_op *mem;
	unsigned ra, rb;
	uint64_t k;

	if (!ppc_update_base(c, &ra) || !ppc_address(c, &mem, &ra, &rb))
		return 0;
	if (mem)
		*off = mem->mem.disp;
	else if (isa_reg_constant(c, rb, &k))
		*off = (int64_t)k;
	else
		return 0;
	*dst = *src = ra;
	return 1;
}

/* An update form; mr rD, rN; addi/addis rD, rN, imm. */
static int ppc_derived(const struct insn_ctx *c, unsigned *dst,
		       unsigned *src, int64_t *off)
{
	const char *m = c->in->mnemonic;
	const cs_ppc *p = &c->in->detail->ppc;
	const cs_ppc_op *o = p->operands;
	int64_t imm = 0;
	int imm2 = 0;

	if (ppc_update(c, dst, src, off))
		return 1;
	if (p->op_count < 2)
		return 0;
	*dst = o[0].reg;
	*src = o[1].reg;
	/* SI, signed 16 bits: capstone 4.0.2 gives addi r4, r3, -4 as
	 * 0xfffc */
	if (p->op_count == 3 && o[2].type == PPC_OP_IMM) {
		imm2 = 1;
		imm = (int16_t)o[2].imm;
	}
	if (o[0].type != PPC_OP_REG || o[1].type != PPC_OP_REG)
		return 0;
	*off = 0;
	if (p->op_count == 2 && !strcmp(m, "mr"))
		return 1;
	if (!imm2)
		return 0;
	if (!strcmp(m, "addi")) {
		*off = imm;
		return 1;
	}
	if (!strcmp(m, "addis")) {
		*off = imm * 65536;
		return 1;
	}
	return 0;
}

/* li r10, 4: an index register's value (lwzux r9, r8, r10). */
static void ppc_track_after(struct insn_ctx *c, int rel, uint64_t where,
			    uint64_t target, const struct isa_track *t)
{
	const cs_ppc *p = &c->in->detail->ppc;

	(void)where, (void)target, (void)t;
	if (!rel && !strcmp(c->in->mnemonic, "li") && p->op_count == 2 &&
	    p->operands[0].type == PPC_OP_REG &&
	    p->operands[1].type == PPC_OP_IMM)
		isa_reg_constant_set(c, p->operands[0].reg, (uint64_t)
				     (int64_t)(int16_t)p->operands[1].imm);
}

static int ppc64_expr_offset(unsigned type)
{
	return type == R_PPC64_DTPREL64;
}

static int ppc_expr_offset(unsigned type)
{
	return type == R_PPC_DTPREL32;
}

static size_t ppc_insn_length(const struct insn_ctx *c,
			      const unsigned char *code, size_t left)
{
	(void)c, (void)code, (void)left;
	return 4;
}

/*
 * The traceback table of the 64-bit POWER ELF ABI (the ELFv2 one keeps
 * it; gcc and clang write it on ppc64le): it follows the end of every
 * function's code, starts with a word of zeroes -- an illegal
 * instruction, and never read-only data's first word -- and is
 * word-aligned.  Its fixed part is 8 bytes: version (0), language,
 * then flags; optional fields follow as the flags say (gcc's
 * -mtraceback=full: the parameter types, the offset back to the entry,
 * the name ...).  gcc writes ".long 0" and the 8 bytes by default,
 * clang ".long 0; .quad 0"; the symbol's size and the DWARF's range end
 * after it (after gcc's ".align 2" past the name), and so does the last
 * line-table row, which runs on over the table: those bytes are no
 * instruction of its site.
 *
 * Exact, not a guess: the zero word must begin a table whose fields,
 * read by their flags, end where the function's symbol ends (up to the
 * word's alignment) -- so an undecodable word inside code, a zero word
 * followed by more code included, stays "not decoded".  A table with
 * the vector or extension fields, which no Linux compiler writes, is
 * not read (its bytes stay not decoded).
 */
#define TB_FIXED 8
/* flags (bytes 2 to 5 of the fixed part, numbered from the version) */
#define TB2_HAS_TBOFF 0x20
#define TB2_HAS_CTL 0x08
#define TB3_INT_HNDL 0x80
#define TB3_NAME_PRESENT 0x40
#define TB3_USES_ALLOCA 0x20
#define TB5_HAS_EXT 0x80
#define TB5_HAS_VEC 0x40

static uint32_t tb_word(const unsigned char *b, int big_endian)
{
	return big_endian ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
			    (uint32_t)b[2] << 8 | b[3] :
			    (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
			    (uint32_t)b[1] << 8 | b[0];
}

/* The table's length from its zero word at code (n bytes there), or 0
 * when the bytes are no table that the flags read to the end of. */
static size_t tb_length(const unsigned char *code, size_t n, int big_endian)
{
	const unsigned char *f = code + 4;
	size_t len = 4 + TB_FIXED;

	if (n < len || tb_word(code, big_endian) || f[0] != 0 ||
	    f[5] & (TB5_HAS_EXT | TB5_HAS_VEC))
		return 0;
	if (f[6] || f[7] >> 1) /* fixed or floating-point parameters */
		len += 4;  /* their types */
	if (f[2] & TB2_HAS_TBOFF)
		len += 4;  /* the offset back to the entry */
	if (f[3] & TB3_INT_HNDL)
		len += 4;  /* the interrupt handler's mask */
	if (f[2] & TB2_HAS_CTL) {
		if (n < len + 4)
			return 0;
		len += 4 + 4 * (size_t)tb_word(code + len, big_endian);
	}
	if (f[3] & TB3_NAME_PRESENT) {
		if (n < len + 2)
			return 0;
		len += 2 + (big_endian ? (size_t)code[len] << 8 | code[len + 1] :
			    (size_t)code[len + 1] << 8 | code[len]);
	}
	if (f[3] & TB3_USES_ALLOCA)
		len += 1;  /* the register alloca's frame is in */
	return len <= n ? len : 0;
}

static size_t ppc64_data_length(const struct insn_ctx *c,
				const unsigned char *code, size_t left,
				uint64_t pc, const char **what)
{
	uint64_t off, size, end;
	size_t len;

	*what = "traceback table";
	if (left < 4 || pc % 4 ||
	    !elf_image_symbol_span(c->img, pc, &off, &size) || off < 4 ||
	    off >= size)
		return 0;
	end = pc - off + size;
	if (end - pc > left)
		return 0;
	len = tb_length(code, (size_t)(end - pc),
			elf_image_info(c->img)->big_endian);
	/* up to the function's end, the last field padded to a word */
	if (!len || (len + 3) / 4 * 4 != end - pc)
		return 0;
	return (size_t)(end - pc);
}

/* A call: a branch that sets the link register and leaves the
 * function -- bl, bla, bctrl (through the count register), blrl;
 * a branch hint (+ or -) aside.  bcl 20,31 (32-bit PIC's "where am I")
 * and the conditional calls no compiler emits are not taken for one. */
static int ppc_is_call(const struct insn_ctx *c)
{
	const char *m = c->in->mnemonic;
	size_t n = strlen(m);

	if (n && (m[n - 1] == '+' || m[n - 1] == '-'))
		n--;
	return (n == 2 && !strncmp(m, "bl", 2)) ||
	       (n == 3 && !strncmp(m, "bla", 3)) ||
	       (n == 5 && !strncmp(m, "bctrl", 5)) ||
	       (n == 4 && !strncmp(m, "blrl", 4));
}

/* The 64-bit ELF ABI (ELFv1 and ELFv2) and the 32-bit SysV one: r0 and
 * r3-r12 are volatile, and the link and count registers; r1 (the
 * stack), r2 (the TOC, restored after a call by the instruction the
 * linker puts in the nop after it; 32-bit: the thread pointer), r13
 * and r14-r31 are kept. */
static const unsigned ppc_call_clobbered[] = {
	PPC_REG_R0, PPC_REG_R3, PPC_REG_R4, PPC_REG_R5, PPC_REG_R6,
	PPC_REG_R7, PPC_REG_R8, PPC_REG_R9, PPC_REG_R10, PPC_REG_R11,
	PPC_REG_R12, PPC_REG_LR, PPC_REG_CTR, 0
};

/* 64-bit and 32-bit POWER: the same but for the TLS relocations. */
#define PPC_OPS(isa)							\
	.name = #isa,							\
	.decoder = "capstone",						\
	.open = ppc_open,						\
	.stack_reg = ppc_stack_reg,					\
	.accesses = ppc_accesses,					\
	.is_branch = ppc_branch,					\
	.paths = ppc_paths,						\
	.writes = ppc_writes,						\
	.call_clobbered = ppc_call_clobbered,				\
	.is_call = ppc_is_call,						\
	.derived = ppc_derived,						\
	.track_after = ppc_track_after,					\
	.insn_length = ppc_insn_length,					\
	.elf = { .expr_offset = isa##_expr_offset }

const struct isa_ops isa_ppc64 = { PPC_OPS(ppc64),
				   .data_length = ppc64_data_length };
const struct isa_ops isa_ppc = { PPC_OPS(ppc) };
