/*
 * AArch64 (EM_AARCH64) for scan: capstone 4.0.2 gives no operand sizes
 * here, so the width comes from the mnemonic's suffix or the data
 * register (w0 x0 b0 h0 s0 d0 q0); pairs (ldp, stp ...) are one access
 * per register.
 */
#include "scan/isa/isa.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static int arm64_open(struct disasm *d, const struct elf_image_info *info,
		      struct strbuf *why)
{
	return isa_capstone_open(d, CS_ARCH_ARM64, info->big_endian ?
				 CS_MODE_BIG_ENDIAN : CS_MODE_LITTLE_ENDIAN,
				 0, why);
}

/* w3 -> x3, wzr -> xzr, wsp -> sp */
static void arm64_parent_name(const char *n, char *out, size_t size)
{
	snprintf(out, size, "%s", n);
	if (!strcmp(n, "wsp"))
		snprintf(out, size, "sp");
	else if (n[0] == 'w')
		snprintf(out, size, "x%s", n + 1);
}

static unsigned arm64_stack_reg(const struct disasm *d)
{
	(void)d;
	return ARM64_REG_SP;
}

static int arm64_frame_pointer(const struct disasm *d, unsigned reg)
{
	(void)d;
	return reg == ARM64_REG_X29;
}

/* The width of a register by its name (w0 x0 b0 h0 s0 d0 q0). */
static unsigned reg_width(csh cs, unsigned reg)
{
	const char *n = cs_reg_name(cs, reg);

	if (!n)
		return 0;
	switch (n[0]) {
	case 'w': return 4;
	case 'x': return 8;
	case 'b': return 1;
	case 'h': return 2;
	case 's': return n[1] == 'p' ? 8 : 4;
	case 'd': return 8;
	case 'q': return 16;
	}
	return 0;
}

static void arm64_accesses(struct insn_ctx *c)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	const char *m = c->in->mnemonic;
	size_t n = strlen(m);
	enum access_kind kind;
	unsigned width = 0, nregs = 1, data = 0;
	int exclusive_store;

	if (isa_starts(m, "prfm") || isa_starts(m, "prfum") || !n)
		return;
	if (isa_starts(m, "ld") && !isa_starts(m, "ldadd") &&
	    !isa_starts(m, "ldclr") && !isa_starts(m, "ldeor") &&
	    !isa_starts(m, "ldset") && !isa_starts(m, "ldsmax") &&
	    !isa_starts(m, "ldsmin") && !isa_starts(m, "ldumax") &&
	    !isa_starts(m, "ldumin"))
		kind = ACC_LOAD;
	else if (isa_starts(m, "st"))
		kind = ACC_STORE;
	else if (isa_starts(m, "ld") || isa_starts(m, "cas") ||
		 isa_starts(m, "swp"))
		kind = ACC_RMW;
	else
		return;
	/* stxr w1, x0, [x2]: the first register is the status */
	exclusive_store = kind == ACC_STORE && (strstr(m, "xr") || strstr(m, "xp"));
	if (exclusive_store)
		data = 1;
	if (strstr(m, "p") && (isa_starts(m, "ldp") || isa_starts(m, "stp") ||
			       isa_starts(m, "ldnp") || isa_starts(m, "stnp") ||
			       isa_starts(m, "ldxp") || isa_starts(m, "stxp") ||
			       isa_starts(m, "ldaxp") || isa_starts(m, "stlxp") ||
			       isa_starts(m, "ldpsw")))
		nregs = 2;
	if (m[n - 1] == 'b')
		width = 1;
	else if (m[n - 1] == 'h')
		width = 2;
	else if (m[n - 1] == 'w' && isa_starts(m, "ld") && strstr(m, "sw"))
		width = 4;
	else if (data < a->op_count && a->operands[data].type == ARM64_OP_REG)
		width = reg_width(c->cs, a->operands[data].reg);
	for (int i = 0; i < a->op_count; i++) {
		const cs_arm64_op *op = &a->operands[i];
		uint64_t where, target, base = op->mem.base;
		int64_t disp = op->mem.disp;

		if (op->type != ARM64_OP_MEM)
			continue;
		if (isa_relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE; /* ldr w0, [x8, :lo12:sym] */
			disp += (int64_t)target;
		}
		for (unsigned r = 0; r < nregs; r++)
			isa_add(c, kind, width, base, op->mem.index,
				disp + (int64_t)(r * width));
		return;
	}
}

static uint64_t arm64_branch_immediate(const struct insn_ctx *c)
{
	const cs_arm64 *a = &c->in->detail->arm64;

	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM64_OP_IMM)
			return (uint64_t)a->operands[i].imm;
	return 0;
}

static void arm64_paths(struct insn_ctx *c, struct mem_access *a)
{
	const char *m = c->in->mnemonic;

	/* conditional branches, and the calls capstone 4.0.2 puts in no
	 * call group (bl, blr): execution goes on after a call returns */
	if (isa_starts(m, "b.") || isa_starts(m, "cb") || isa_starts(m, "tb") ||
	    !strcmp(m, "bl") || !strcmp(m, "blr"))
		return;
	a->falls = 0;
	a->wild = isa_starts(m, "br");
}

/* mov xD, xN; add/sub xD, xN, #imm (lsl #12 too). */
static int arm64_derived(const struct insn_ctx *c, unsigned *dst,
			 unsigned *src, int64_t *off)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	const char *m = c->in->mnemonic;
	const cs_arm64_op *imm = &a->operands[2];

	if (a->op_count < 2 || a->operands[0].type != ARM64_OP_REG ||
	    a->operands[1].type != ARM64_OP_REG ||
	    reg_width(c->cs, a->operands[0].reg) != 8 ||
	    reg_width(c->cs, a->operands[1].reg) != 8)
		return 0;
	*dst = a->operands[0].reg;
	*src = a->operands[1].reg;
	if (!strcmp(m, "mov") && a->op_count == 2) {
		*off = 0;
		return 1;
	}
	if ((strcmp(m, "add") && strcmp(m, "sub")) || a->op_count != 3 ||
	    imm->type != ARM64_OP_IMM ||
	    (imm->shift.type && imm->shift.type != ARM64_SFT_LSL))
		return 0;
	*off = imm->imm << (imm->shift.type ? imm->shift.value : 0);
	if (m[0] == 's')
		*off = -*off;
	return 1;
}

/* add x8, x8, :lo12:sym reads the x8 it writes: the address adrp left. */
static void arm64_track_before(const struct insn_ctx *c, int rel,
			       struct isa_track *t)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	struct reg_value *r;

	(void)rel;
	if (a->op_count != 3 || a->operands[1].type != ARM64_OP_REG)
		return;
	r = isa_reg_find((struct insn_ctx *)c, a->operands[1].reg);
	if (r && r->absolute) {
		t->old = r->addr;
		t->had = 1;
	}
}

/* adrp xD, sym; add xD, xD, :lo12:sym: xD holds sym's address. */
static void arm64_track_after(struct insn_ctx *c, int rel, uint64_t where,
			      uint64_t target, const struct isa_track *t)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	const char *m = c->in->mnemonic;

	(void)where;
	if (a->op_count < 2 || a->operands[0].type != ARM64_OP_REG)
		return;
	if (!strcmp(m, "adrp") && a->operands[1].type == ARM64_OP_IMM)
		isa_reg_set(c, a->operands[0].reg, rel ? target :
			    (uint64_t)a->operands[1].imm);
	else if (!strcmp(m, "add") && a->op_count == 3 && t->had &&
		 a->operands[2].type == ARM64_OP_IMM)
		isa_reg_set(c, a->operands[0].reg, rel ? target :
			    t->old + (uint64_t)a->operands[2].imm);
}

static int arm64_expr_offset(unsigned type)
{
	return type == R_AARCH64_TLS_DTPREL;
}

static size_t arm64_insn_length(const struct insn_ctx *c,
				const unsigned char *code, size_t left)
{
	(void)c, (void)code, (void)left;
	return 4;
}

/* AAPCS64: what a call may change (x0-x18, the link register) */
static const unsigned arm64_call_clobbered[] = {
	ARM64_REG_X0, ARM64_REG_X1, ARM64_REG_X2, ARM64_REG_X3,
	ARM64_REG_X4, ARM64_REG_X5, ARM64_REG_X6, ARM64_REG_X7,
	ARM64_REG_X8, ARM64_REG_X9, ARM64_REG_X10, ARM64_REG_X11,
	ARM64_REG_X12, ARM64_REG_X13, ARM64_REG_X14, ARM64_REG_X15,
	ARM64_REG_X16, ARM64_REG_X17, ARM64_REG_X18, ARM64_REG_X30, 0
};

/* AAPCS64's DWARF register numbers: x0..x30, then sp. */
static unsigned arm64_dwarf_reg(unsigned n)
{
	return n < 29 ? ARM64_REG_X0 + n : n == 29 ? ARM64_REG_X29 :
	       n == 30 ? ARM64_REG_X30 : n == 31 ? ARM64_REG_SP : 0;
}

const struct isa_ops isa_arm64 = {
	.name = "arm64",
	.decoder = "capstone",
	.open = arm64_open,
	.parent_name = arm64_parent_name,
	.stack_reg = arm64_stack_reg,
	.frame_pointer = arm64_frame_pointer,
	.dwarf_reg = arm64_dwarf_reg,
	.accesses = arm64_accesses,
	.branch_immediate = arm64_branch_immediate,
	.paths = arm64_paths,
	.derived = arm64_derived,
	.call_clobbered = arm64_call_clobbered,
	.track_before = arm64_track_before,
	.track_after = arm64_track_after,
	.insn_length = arm64_insn_length,
	.elf = { .expr_offset = arm64_expr_offset },
};
