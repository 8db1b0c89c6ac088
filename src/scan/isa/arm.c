/*
 * 32-bit ARM (EM_ARM) for scan, ARM and Thumb-2 code (a second capstone
 * handle, chosen by the mapping symbols): widths from the ldr/str
 * mnemonics, ldm/stm one word per register, conditional execution
 * (ldrne; IT blocks) kept on each access, pre- and post-indexed
 * write-back, constants from movw/movt, returns through pc.
 */
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static int arm_open(struct disasm *d, const struct elf_image_info *info,
		    struct strbuf *why)
{
	int mode = (info->big_endian ? CS_MODE_BIG_ENDIAN :
		    CS_MODE_LITTLE_ENDIAN) | CS_MODE_ARM;

	return isa_capstone_open(d, CS_ARCH_ARM, mode, mode | CS_MODE_THUMB,
				 why);
}

static unsigned arm_stack_reg(const struct disasm *d)
{
	(void)d;
	return ARM_REG_SP;
}

static int arm_frame_pointer(const struct disasm *d, unsigned reg)
{
	(void)d;
	return reg == ARM_REG_R11 || reg == ARM_REG_R7;
}

static unsigned arm_condition(const struct insn_ctx *c)
{
	return c->in->detail->arm.cc;
}

static const char *const arm_conds[] = {
	"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi",
	"ls", "ge", "lt", "gt", "le", "al",
};

static int is_cond(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(arm_conds); i++)
		if (!strcmp(s, arm_conds[i]))
			return 1;
	return 0;
}

/*
 * The ldr/str family: the part after "ldr"/"str"/"ldrex"/"strex" (with
 * ".w"/".n" and a condition removed) gives the width; *pair for ldrd.
 */
static unsigned arm_width(const char *rest, int *pair)
{
	char r[16];
	size_t n;

	snprintf(r, sizeof(r), "%s", rest);
	n = strcspn(r, ".");
	r[n] = '\0';
	*pair = 0;
	if (!*r || is_cond(r) || (r[0] == 't' && (!r[1] || is_cond(r + 1))))
		return 4;
	if (r[0] == 's' && (r[1] == 'b' || r[1] == 'h'))
		return r[1] == 'b' ? 1 : 2;
	if (r[0] == 'b')
		return 1;
	if (r[0] == 'h')
		return 2;
	if (r[0] == 'd') {
		*pair = 1;
		return 4;
	}
	return 0;
}

/* The memory operand, with a negative offset when subtracted. */
static void arm_accesses(struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;
	enum access_kind kind;
	const char *rest;
	unsigned width;
	int pair = 0;

	if (isa_starts(m, "ldm") || isa_starts(m, "stm")) {
		/* ldm rN, {r2, r3}: one word per register, counting up */
		int down = strstr(m + 3, "da") || strstr(m + 3, "db");
		int before = strstr(m + 3, "ib") || strstr(m + 3, "db");
		int nregs = a->op_count - 1;

		if (a->op_count < 2 || a->operands[0].type != ARM_OP_REG)
			return;
		kind = m[0] == 'l' ? ACC_LOAD : ACC_STORE;
		for (int i = 0; i < nregs; i++) {
			int64_t off = down ? -(int64_t)(nregs - i) * 4 +
				(before ? 0 : 4) : (int64_t)i * 4 + (before ? 4 : 0);

			isa_add(c, kind, 4, (uint64_t)a->operands[0].reg, 0, off);
		}
		return;
	}
	if (isa_starts(m, "ldrex") || isa_starts(m, "strex")) {
		kind = m[0] == 'l' ? ACC_LOAD : ACC_STORE;
		rest = m + 5;
		width = !*rest || is_cond(rest) ? 4 : rest[0] == 'b' ? 1 :
			rest[0] == 'h' ? 2 : rest[0] == 'd' ? 8 : 0;
	} else if (isa_starts(m, "ldr") || isa_starts(m, "str")) {
		kind = m[0] == 'l' ? ACC_LOAD : ACC_STORE;
		width = arm_width(m + 3, &pair);
	} else if (isa_starts(m, "vldr") || isa_starts(m, "vstr")) {
		kind = m[1] == 'l' ? ACC_LOAD : ACC_STORE;
		width = a->op_count && a->operands[0].type == ARM_OP_REG &&
			cs_reg_name(c->cs, a->operands[0].reg) &&
			cs_reg_name(c->cs, a->operands[0].reg)[0] == 'd' ? 8 : 4;
	} else {
		return; /* pld, vld1 ...: not checked */
	}
	for (int i = 0; i < a->op_count; i++) {
		const cs_arm_op *op = &a->operands[i];
		int64_t disp = op->mem.disp;
		uint64_t index = (uint64_t)op->mem.index, k;

		if (op->type != ARM_OP_MEM)
			continue;
		if (op->mem.base == ARM_REG_PC && !op->mem.index)
			return; /* a literal-pool constant, not an object */
		if (op->subtracted && disp > 0)
			disp = -disp;
		/* [r4, r3] with r3 = 1130 (movw): [r4, #1130] */
		if (index && !op->shift.type && isa_reg_constant(c, index, &k)) {
			disp += op->mem.scale < 0 ? -(int64_t)k : (int64_t)k;
			index = 0;
		}
		isa_add(c, kind, width, (uint64_t)op->mem.base, index, disp);
		if (pair)
			isa_add(c, kind, width, (uint64_t)op->mem.base, index,
				disp + 4);
		return;
	}
}

/* pop {..., pc}, ldm sp!, {..., pc}, mov pc, lr -- a return or a jump
 * that capstone 4.0.2 does not put in a branch group. */
static int arm_writes_pc(const struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;

	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_REG &&
		    a->operands[i].reg == ARM_REG_PC &&
		    (isa_starts(c->in->mnemonic, "pop") ||
		     isa_starts(c->in->mnemonic, "ldm") ||
		     (i == 0 && !isa_starts(c->in->mnemonic, "str") &&
		      !isa_starts(c->in->mnemonic, "cmp") &&
		      !isa_starts(c->in->mnemonic, "push"))))
			return 1;
	return 0;
}

static uint64_t arm_branch_immediate(const struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;

	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_IMM)
			return (uint64_t)(uint32_t)a->operands[i].imm;
	return 0;
}

/* A return -- pop/ldm with pc, bx lr, mov pc, lr -- rather than an
 * indirect jump (bx r3, ldr pc, [pc, r2, lsl #2], tbb: a jump table). */
static int arm_return(const struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;

	if (isa_starts(m, "pop") || isa_starts(m, "ldm"))
		return 1;
	return (isa_starts(m, "bx") || isa_starts(m, "mov")) && a->op_count >= 1 &&
	       a->operands[a->op_count - 1].type == ARM_OP_REG &&
	       a->operands[a->op_count - 1].reg == ARM_REG_LR;
}

static void arm_paths(struct insn_ctx *c, struct mem_access *a)
{
	const char *m = c->in->mnemonic;
	unsigned cc = c->in->detail->arm.cc;

	if (cc != ARM_CC_AL && cc != ARM_CC_INVALID)
		return; /* conditional: may not be taken */
	if (isa_starts(m, "cbz") || isa_starts(m, "cbnz"))
		return;
	a->falls = 0;
	a->wild = !a->target && !arm_return(c) &&
		!(isa_starts(m, "b") && c->in->detail->arm.op_count &&
		  c->in->detail->arm.operands[0].type == ARM_OP_IMM);
}

/*
 * A load or store that writes its address back -- ldrb r7, [r1,
 * #1128]! (pre-indexed), ldr r0, [r1], #4 (post-indexed), ldrh r2, [r5,
 * r2]! with r2 a known constant: the base now holds itself plus that.
 */
static int arm_writeback(const struct insn_ctx *c, unsigned *dst,
			 unsigned *src, int64_t *off)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;
	const cs_arm_op *mem = NULL, *post = NULL;
	uint64_t k;

	if (!a->writeback || (!isa_starts(m, "ldr") && !isa_starts(m, "str")) ||
	    (a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID))
		return 0;
	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_MEM)
			mem = &a->operands[i];
		else if (mem)
			post = &a->operands[i];
	if (!mem || mem->mem.base == ARM_REG_PC)
		return 0;
	/* the loaded register is the base: the write-back loses */
	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_REG && &a->operands[i] != post &&
		    (unsigned)a->operands[i].reg == (unsigned)mem->mem.base)
			return 0;
	if (post && post->type == ARM_OP_IMM)
		*off = post->subtracted ? -(int64_t)post->imm : post->imm;
	else if (post && post->type == ARM_OP_REG && !post->shift.type &&
		 isa_reg_constant(c, post->reg, &k))
		*off = post->subtracted ? -(int64_t)k : (int64_t)k;
	else if (post)
		return 0;
	else if (mem->mem.index && !mem->shift.type &&
		 isa_reg_constant(c, mem->mem.index, &k))
		*off = mem->mem.scale < 0 ? -(int64_t)k : (int64_t)k;
	else if (mem->mem.index)
		return 0;
	else
		*off = mem->subtracted && mem->mem.disp > 0 ? -mem->mem.disp :
		       mem->mem.disp;
	*dst = *src = mem->mem.base;
	return 1;
}

/* mov rD, rN; add/sub rD, rN, #imm -- unconditional, not pc -- and the
 * write-back forms. */
static int arm_derived(const struct insn_ctx *c, unsigned *dst,
		       unsigned *src, int64_t *off)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;

	if (arm_writeback(c, dst, src, off))
		return 1;
	if ((a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID) ||
	    a->op_count < 2 || a->operands[0].type != ARM_OP_REG ||
	    a->operands[1].type != ARM_OP_REG ||
	    a->operands[0].reg == ARM_REG_PC || a->operands[1].reg == ARM_REG_PC)
		return 0;
	*dst = a->operands[0].reg;
	*src = a->operands[1].reg;
	if (a->op_count == 2 && (!strcmp(m, "mov") || !strcmp(m, "movs"))) {
		*off = 0;
		return 1;
	}
	if (a->op_count != 3 || a->operands[2].type != ARM_OP_IMM ||
	    a->operands[2].shift.type ||
	    (strcmp(m, "add") && strcmp(m, "adds") && strcmp(m, "add.w") &&
	     strcmp(m, "sub") && strcmp(m, "subs") && strcmp(m, "sub.w") &&
	     strcmp(m, "addw") && strcmp(m, "subw")))
		return 0;
	*off = a->operands[2].imm;
	if (m[0] == 's')
		*off = -*off;
	return 1;
}

static int arm_updates_flags(const struct insn_ctx *c)
{
	return c->in->detail->arm.update_flags;
}

static int arm_flags_written(const struct insn_ctx *c, unsigned reg)
{
	(void)c;
	return reg == ARM_REG_CPSR || reg == ARM_REG_APSR ||
	       reg == ARM_REG_APSR_NZCV;
}

/* The constant an unconditional mov/movw rD, #imm (or a movt rD, #imm
 * of a register holding one) leaves in rD: read before the write, movt
 * keeps the low half. */
static void arm_track_before(const struct insn_ctx *c, int rel,
			     struct isa_track *t)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;
	uint64_t old;

	if (rel || (a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID) ||
	    a->op_count != 2 || a->operands[0].type != ARM_OP_REG ||
	    a->operands[1].type != ARM_OP_IMM ||
	    a->operands[0].reg == ARM_REG_PC)
		return;
	if (!strcmp(m, "mov") || !strcmp(m, "movw") || !strcmp(m, "mov.w")) {
		t->constant = (uint32_t)a->operands[1].imm;
		t->sets_constant = 1;
	} else if (!strcmp(m, "movt") &&
		   isa_reg_constant(c, a->operands[0].reg, &old)) {
		t->constant = (uint32_t)((old & 0xffff) |
					 ((uint32_t)a->operands[1].imm << 16));
		t->sets_constant = 1;
	}
}

/* movw/movt rD, sym: rD holds sym's address; or the constant. */
static void arm_track_after(struct insn_ctx *c, int rel, uint64_t where,
			    uint64_t target, const struct isa_track *t)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;

	(void)where;
	if (a->op_count >= 1 && a->operands[0].type == ARM_OP_REG &&
	    (isa_starts(m, "movw") || isa_starts(m, "movt")) && rel)
		isa_reg_set(c, (unsigned)a->operands[0].reg, target);
	else if (!rel && t->sets_constant)
		isa_reg_constant_set(c, (unsigned)a->operands[0].reg,
				     t->constant);
}

static int arm_expr_offset(unsigned type)
{
	return type == R_ARM_TLS_LDO32;
}

/* Thumb: 2 bytes unless the first halfword says 4 (little-endian). */
static size_t arm_insn_length(const struct insn_ctx *c,
			      const unsigned char *code, size_t left)
{
	return c->cs == c->d->thumb && left >= 2 &&
		(code[1] & 0xf8) < 0xe8 ? 2 : 4;
}

/* AAPCS: what a call may change (r0-r3, r12, the link register) */
static const unsigned arm_call_clobbered[] = {
	ARM_REG_R0, ARM_REG_R1, ARM_REG_R2, ARM_REG_R3, ARM_REG_R12,
	ARM_REG_LR, 0
};

const struct isa_ops isa_arm = {
	.name = "arm",
	.decoder = "capstone",
	.open = arm_open,
	.stack_reg = arm_stack_reg,
	.frame_pointer = arm_frame_pointer,
	.condition = arm_condition,
	.accesses = arm_accesses,
	.is_branch = arm_writes_pc,
	.branch_immediate = arm_branch_immediate,
	.paths = arm_paths,
	.derived = arm_derived,
	.call_clobbered = arm_call_clobbered,
	.updates_flags = arm_updates_flags,
	.flags_written = arm_flags_written,
	.track_before = arm_track_before,
	.track_after = arm_track_after,
	.insn_length = arm_insn_length,
	.elf = { .expr_offset = arm_expr_offset, .thumb = 1 },
};
