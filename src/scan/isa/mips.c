/*
 * MIPS (EM_MIPS: mips64el, and 32-bit MIPS) for scan: widths and
 * direction from a table of mnemonics (capstone 4.0.2 gives no operand
 * sizes), registers formed by move and (d)addiu.  Linked files only: a
 * MIPS object's DWARF cannot be relocated by elfutils 0.188
 * (src/elf/dwarf-lines.c says so).
 */
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static int mips_open(struct disasm *d, const struct elf_image_info *info,
		     struct strbuf *why)
{
	return isa_capstone_open(d, CS_ARCH_MIPS, (info->big_endian ?
				 CS_MODE_BIG_ENDIAN : CS_MODE_LITTLE_ENDIAN) |
				 (info->is64 ? CS_MODE_MIPS64 : CS_MODE_MIPS32),
				 0, why);
}

static unsigned mips_stack_reg(const struct disasm *d)
{
	(void)d;
	return MIPS_REG_SP;
}

/* Loads and stores. */
static const struct mnemonic_width mips_table[] = {
	{ "lb", 1, ACC_LOAD }, { "lbu", 1, ACC_LOAD }, { "lh", 2, ACC_LOAD },
	{ "lhu", 2, ACC_LOAD }, { "lw", 4, ACC_LOAD }, { "lwu", 4, ACC_LOAD },
	{ "ld", 8, ACC_LOAD }, { "ll", 4, ACC_LOAD }, { "lld", 8, ACC_LOAD },
	{ "lwc1", 4, ACC_LOAD }, { "ldc1", 8, ACC_LOAD },
	{ "sb", 1, ACC_STORE }, { "sh", 2, ACC_STORE }, { "sw", 4, ACC_STORE },
	{ "sd", 8, ACC_STORE }, { "sc", 4, ACC_STORE }, { "scd", 8, ACC_STORE },
	{ "swc1", 4, ACC_STORE }, { "sdc1", 8, ACC_STORE },
};

/* One memory operand, width from the table. */
static void mips_accesses(struct insn_ctx *c)
{
	const cs_mips *mi = &c->in->detail->mips;
	const struct mnemonic_width *w;
	char name[32];

	snprintf(name, sizeof(name), "%s", c->in->mnemonic);
	w = isa_width_lookup(mips_table, ARRAY_SIZE(mips_table), name);
	if (!w)
		return;
	for (int i = 0; i < mi->op_count; i++) {
		uint64_t base, where, target;
		int64_t disp;

		if (mi->operands[i].type != MIPS_OP_MEM)
			continue;
		base = mi->operands[i].mem.base;
		disp = mi->operands[i].mem.disp;
		if (isa_relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE;
			disp += (int64_t)target;
		}
		isa_add(c, w->kind, w->size, base, 0, disp);
		return;
	}
}

/* No cs_regs_access() here: the first register operand of anything but
 * a store (sb, sh, sw, sd too), a compare or a branch. */
static void mips_writes(struct insn_ctx *c)
{
	const cs_mips *mi = &c->in->detail->mips;
	const char *m = c->in->mnemonic;

	if (isa_writes_no_register(m) || (m[0] == 's' && strchr("bhwd", m[1])))
		return;
	if (mi->op_count && mi->operands[0].type == MIPS_OP_REG)
		isa_written(c, mi->operands[0].reg);
}

/* move rD, rN; addiu (daddiu on MIPS64) rD, rN, imm. */
static int mips_derived(const struct insn_ctx *c, unsigned *dst,
			unsigned *src, int64_t *off)
{
	const char *m = c->in->mnemonic;
	const cs_mips *mi = &c->in->detail->mips;
	const cs_mips_op *o = mi->operands;
	int64_t imm = 0;
	int imm2 = 0;

	if (mi->op_count < 2)
		return 0;
	*dst = o[0].reg;
	*src = o[1].reg;
	if (mi->op_count == 3 && o[2].type == MIPS_OP_IMM) {
		imm2 = 1;
		imm = o[2].imm;
	}
	if (o[0].type != MIPS_OP_REG || o[1].type != MIPS_OP_REG)
		return 0;
	*off = 0;
	if (mi->op_count == 2 && !strcmp(m, "move"))
		return 1;
	if (!imm2)
		return 0;
	if (!strcmp(m, c->d->is64 ? "daddiu" : "addiu")) {
		*off = imm;
		return 1;
	}
	return 0;
}

static int mips_expr_offset(unsigned type)
{
	return type == R_MIPS_TLS_DTPREL32 || type == R_MIPS_TLS_DTPREL64;
}

static size_t mips_insn_length(const struct insn_ctx *c,
			       const unsigned char *code, size_t left)
{
	(void)c, (void)code, (void)left;
	return 4;
}

/* A call: a jump or branch that links -- jal, jalr, jalx, jalrc and
 * jialc, bal, balc and the conditional bgezal, bltzal (their "likely"
 * forms too), R6's beqzalc ... (capstone 4 groups only jalr). */
static int mips_is_call(const struct insn_ctx *c)
{
	const char *m = c->in->mnemonic;

	return (m[0] == 'j' || m[0] == 'b') && strstr(m + 1, "al") != NULL;
}

/* o32, n32 and n64: $1 (at), $2-$15 (v0-v1, a0-a3, t0-t7 -- n64's
 * a4-a7, t0-t3), $24-$25 (t8, t9) and $31 (ra) are volatile; $16-$23
 * (s0-s7), $29 (sp) and $30 (fp) are kept.  $28 (gp): n64 keeps it;
 * o32's caller reloads it from its frame after a call, a write of its
 * own. */
static const unsigned mips_call_clobbered[] = {
	MIPS_REG_1, MIPS_REG_2, MIPS_REG_3, MIPS_REG_4, MIPS_REG_5,
	MIPS_REG_6, MIPS_REG_7, MIPS_REG_8, MIPS_REG_9, MIPS_REG_10,
	MIPS_REG_11, MIPS_REG_12, MIPS_REG_13, MIPS_REG_14, MIPS_REG_15,
	MIPS_REG_24, MIPS_REG_25, MIPS_REG_31, 0
};

const struct isa_ops isa_mips = {
	.name = "mips",
	.decoder = "capstone",
	.open = mips_open,
	.stack_reg = mips_stack_reg,
	.accesses = mips_accesses,
	.writes = mips_writes,
	.call_clobbered = mips_call_clobbered,
	.is_call = mips_is_call,
	.derived = mips_derived,
	.insn_length = mips_insn_length,
	/* elfutils 0.188 (Debian 12) has no MIPS backend: an object's
	 * DWARF relocations stay unapplied and read as garbage */
	.elf = { .expr_offset = mips_expr_offset, .no_reloc_backend = "MIPS" },
};
