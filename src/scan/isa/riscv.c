/*
 * RISC-V (EM_RISCV) for scan, decoded by LLVM's C disassembler
 * (riscv-llvm.c: capstone 4.0.2 has no RISC-V): its text fills the
 * instruction record, the operands are read back from it, widths and
 * branches come from the mnemonics.  In an object, %lo / %pcrel_lo
 * relocations give an access its whole address, and a branch to a label
 * carries a relocation (for the linker's relaxation).
 */
#include "scan/isa/isa.h"
#include "scan/isa/riscv-llvm.h"
#include "lib/util.h"

#include <elf.h>
#include <stdlib.h>
#include <string.h>

/* The psABI's ULEB128 label differences (glibc 2.36's elf.h lacks them). */
#ifndef R_RISCV_SET_ULEB128
#define R_RISCV_SET_ULEB128 60
#endif
#ifndef R_RISCV_SUB_ULEB128
#define R_RISCV_SUB_ULEB128 61
#endif

/* LLVM's decoder, the record its text is read into (address, size,
 * mnemonic, operands; no capstone details), and the operands. */
struct riscv_state {
	struct riscv_disasm *rv;
	cs_insn insn;
	cs_detail detail;
	struct riscv_operands ops;
};

static struct riscv_operands *ops_of(const struct insn_ctx *c)
{
	return &((struct riscv_state *)c->d->priv)->ops;
}

/* Registers are whole (no sub-registers). */
static int riscv_open(struct disasm *d, const struct elf_image_info *info,
		      struct strbuf *why)
{
	struct riscv_disasm *rv = riscv_disasm_open(info->is64, why);
	struct riscv_state *s;

	if (!rv)
		return -1;
	s = xcalloc(1, sizeof(*s));
	s->rv = rv;
	s->insn.detail = &s->detail;
	d->priv = s;
	d->insn = &s->insn;
	return 0;
}

static void riscv_close(struct disasm *d)
{
	struct riscv_state *s = d->priv;

	riscv_disasm_close(s->rv);
	free(s);
}

static int riscv_next(struct insn_ctx *c, const unsigned char **code,
		      size_t *left, uint64_t *pc, cs_insn *in)
{
	struct riscv_state *s = c->d->priv;
	size_t n = riscv_decode(s->rv, *code, *left, *pc, in->mnemonic,
				sizeof(in->mnemonic), in->op_str,
				sizeof(in->op_str));

	if (!n)
		return 0;
	in->address = *pc;
	in->size = (uint16_t)n;
	riscv_operands(in->op_str, &s->ops);
	*code += n;
	*left -= n;
	*pc += n;
	return 1;
}

static const char *riscv_name(const struct insn_ctx *c, unsigned reg)
{
	(void)c;
	return riscv_reg_name(reg);
}

static unsigned riscv_stack_reg(const struct disasm *d)
{
	(void)d;
	return RISCV_REG_SP;
}

/* The one memory operand, "disp(base)", width and direction from the
 * mnemonic.  In an object, a relocation on it (%lo(sym), %pcrel_lo:
 * resolved to its auipc's symbol) is the whole address. */
static void riscv_accesses(struct insn_ctx *c)
{
	const struct riscv_operands *o = ops_of(c);
	enum access_kind kind;
	unsigned width = riscv_access(c->in->mnemonic, &kind);
	uint64_t where, target;

	if (!width)
		return;
	for (int i = 0; i < o->nr; i++) {
		const struct riscv_operand *op = &o->op[i];

		if (op->type != RV_OP_MEM)
			continue;
		if (isa_relocated(c, &where, &target))
			isa_add(c, kind, width, BASE_ABSOLUTE, 0,
				(int64_t)target + op->imm);
		else
			isa_add(c, kind, width, op->reg, 0, op->imm);
		return;
	}
}

/*
 * A branch, jump, call or return, with where it leads.  In an object a
 * branch to a label carries a relocation (for the linker's relaxation)
 * whose target is the label; one to another function's symbol is a tail
 * call: out of the function.
 */
static void riscv_branch(struct insn_ctx *c)
{
	const struct riscv_operands *o = ops_of(c);
	enum riscv_branch k = riscv_branch_kind(c->in->mnemonic, o);
	const struct riscv_operand *last;
	const unsigned char *bytes;
	uint64_t where, target;
	struct mem_access *a;
	size_t avail;

	if (k == RV_NOT_BRANCH)
		return;
	last = o->nr ? &o->op[o->nr - 1] : NULL;
	a = isa_add(c, ACC_NONE, 0, 0, 0, 0);
	a->branch = 1;
	a->call = k == RV_CALL;
	a->falls = k == RV_COND || k == RV_CALL;
	if (k == RV_JUMP_REG && last) {
		/* through a register auipc set (tail sym): a tail call, not a
		 * jump table */
		struct reg_value *r = last->type != RV_OP_IMM ?
			isa_reg_find(c, last->reg) : NULL;

		a->wild = !(r && r->absolute);
	}
	if ((k != RV_COND && k != RV_JUMP) || !last || last->type != RV_OP_IMM)
		return;
	if (isa_relocated(c, &where, &target))
		a->target = !elf_image_code(c->img, target, &bytes, &avail) ?
			target : 0;
	else
		a->target = c->in->address + (uint64_t)last->imm;
	if (a->target)
		isa_note_jump(c, a->target);
}

/* A call leaves only the callee-saved registers alone; else the first
 * operand, by the mnemonic. */
static void riscv_writes(struct insn_ctx *c)
{
	const struct riscv_operands *o = ops_of(c);
	const char *m = c->in->mnemonic;

	if (riscv_branch_kind(m, o) == RV_CALL) {
		for (unsigned r = 1; r < RISCV_NR_REGS; r++)
			if (!riscv_callee_saved(r))
				isa_written(c, r);
		return;
	}
	if (o->nr && o->op[0].type == RV_OP_REG &&
	    o->op[0].reg != RISCV_REG_ZERO && riscv_writes_first(m))
		isa_written(c, o->op[0].reg);
}

/* mv rD, rN; addi rD, rN, imm (c.mv, c.addi, c.addi16sp and c.addi4spn
 * print so too). */
static int riscv_derived(const struct insn_ctx *c, unsigned *dst,
			 unsigned *src, int64_t *off)
{
	const struct riscv_operands *o = ops_of(c);
	const char *m = c->in->mnemonic;

	if (o->nr < 2 || o->op[0].type != RV_OP_REG ||
	    o->op[1].type != RV_OP_REG || o->op[0].reg > 32 ||
	    o->op[1].reg > 32 || o->op[1].reg == RISCV_REG_ZERO)
		return 0;
	*dst = o->op[0].reg;
	*src = o->op[1].reg;
	*off = 0;
	if (!strcmp(m, "mv") && o->nr == 2)
		return 1;
	if (!strcmp(m, "addi") && o->nr == 3 && o->op[2].type == RV_OP_IMM) {
		*off = o->op[2].imm;
		return 1;
	}
	return 0;
}

/* lui rD, %hi(sym); auipc rD, %pcrel_hi(sym); addi rD, rN, %lo(sym) or
 * %pcrel_lo: the relocation's target in an object; in a linked file the
 * value itself (addi: derived). */
static void riscv_track_after(struct insn_ctx *c, int rel, uint64_t where,
			      uint64_t target, const struct isa_track *t)
{
	const struct riscv_operands *o = ops_of(c);
	const char *m = c->in->mnemonic;
	uint64_t hi;

	(void)where, (void)t;
	if (rel && ((!strcmp(m, "addi") && o->nr == 3) ||
		    (!strcmp(m, "mv") && o->nr == 2)) &&
	    o->op[0].type == RV_OP_REG) { /* mv: addi of %lo 0 */
		isa_reg_set(c, o->op[0].reg, target);
		return;
	}
	if (o->nr != 2 || o->op[0].type != RV_OP_REG ||
	    o->op[1].type != RV_OP_IMM)
		return;
	hi = (uint64_t)(int64_t)(int32_t)((uint32_t)o->op[1].imm << 12);
	if (!strcmp(m, "lui"))
		isa_reg_set(c, o->op[0].reg, rel ? target : hi);
	else if (!strcmp(m, "auipc") &&
		 (rel || !elf_image_info(c->img)->relocatable))
		isa_reg_set(c, o->op[0].reg, rel ? target :
			    c->in->address + hi);
}

static int riscv_expr_offset(unsigned type)
{
	return type == R_RISCV_TLS_DTPREL32 || type == R_RISCV_TLS_DTPREL64;
}

/* The linker-relaxation markers (R_RISCV_RELAX, R_RISCV_ALIGN: no
 * symbol, at the same place as the real one), and the %got / %tls hi20
 * of auipc, whose register gets the address of a GOT entry, not the
 * symbol's. */
static int riscv_not_an_address(unsigned type)
{
	return type == R_RISCV_RELAX || type == R_RISCV_ALIGN ||
	       type == R_RISCV_GOT_HI20 || type == R_RISCV_TLS_GOT_HI20 ||
	       type == R_RISCV_TLS_GD_HI20 || type == R_RISCV_TPREL_HI20;
}

/* auipc a0, %pcrel_hi(sym); ld a1, %pcrel_lo(.L1)(a0): the low part's
 * relocation names the auipc, whose own relocation holds the symbol. */
static int riscv_pcrel_lo(unsigned type)
{
	return type == R_RISCV_PCREL_LO12_I || type == R_RISCV_PCREL_LO12_S;
}

static size_t riscv_length(const struct insn_ctx *c,
			   const unsigned char *code, size_t left)
{
	(void)c, (void)left;
	return riscv_insn_length(code);
}

const struct isa_ops isa_riscv = {
	.name = "riscv",
	.decoder = "LLVM",
	.open = riscv_open,
	.close = riscv_close,
	.decode = riscv_next,
	.reg_name = riscv_name,
	.stack_reg = riscv_stack_reg,
	.accesses = riscv_accesses,
	.branch = riscv_branch,
	.writes = riscv_writes,
	.derived = riscv_derived,
	.track_after = riscv_track_after,
	.insn_length = riscv_length,
	.elf = {
		.expr_offset = riscv_expr_offset,
		.not_an_address = riscv_not_an_address,
		.pcrel_lo = riscv_pcrel_lo,
		.uleb128_set = R_RISCV_SET_ULEB128,
		.uleb128_sub = R_RISCV_SUB_ULEB128,
	},
};
