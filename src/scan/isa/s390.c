/*
 * s390x (EM_S390) for scan: big-endian, widths and direction from a
 * table of mnemonics (capstone 4.0.2 gives no operand sizes), the
 * relative-long forms (lgrl, larl) pc-relative from the opcode, and
 * instruction lengths from the opcode's top two bits.
 */
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <string.h>

static int s390_open(struct disasm *d, const struct elf_image_info *info,
		     struct strbuf *why)
{
	(void)info;
	return isa_capstone_open(d, CS_ARCH_SYSZ, CS_MODE_BIG_ENDIAN, 0, why);
}

static unsigned s390_stack_reg(const struct disasm *d)
{
	(void)d;
	return SYSZ_REG_15;
}

/* Loads, stores and compare-and-swap of general registers. */
static const struct mnemonic_width s390_table[] = {
	{ "l", 4, ACC_LOAD }, { "ly", 4, ACC_LOAD }, { "lt", 4, ACC_LOAD },
	{ "lg", 8, ACC_LOAD }, { "ltg", 8, ACC_LOAD }, { "lgf", 4, ACC_LOAD },
	{ "llgf", 4, ACC_LOAD }, { "lh", 2, ACC_LOAD }, { "lhy", 2, ACC_LOAD },
	{ "lgh", 2, ACC_LOAD }, { "llh", 2, ACC_LOAD }, { "llgh", 2, ACC_LOAD },
	{ "lb", 1, ACC_LOAD }, { "lgb", 1, ACC_LOAD }, { "llc", 1, ACC_LOAD },
	{ "llgc", 1, ACC_LOAD }, { "ic", 1, ACC_LOAD }, { "icy", 1, ACC_LOAD },
	{ "st", 4, ACC_STORE }, { "sty", 4, ACC_STORE }, { "stg", 8, ACC_STORE },
	{ "sth", 2, ACC_STORE }, { "sthy", 2, ACC_STORE }, { "stc", 1, ACC_STORE },
	{ "stcy", 1, ACC_STORE }, { "cs", 4, ACC_RMW }, { "csy", 4, ACC_RMW },
	{ "csg", 8, ACC_RMW }, { "c", 4, ACC_LOAD }, { "cg", 8, ACC_LOAD },
	{ "cl", 4, ACC_LOAD }, { "clg", 8, ACC_LOAD }, { "a", 4, ACC_LOAD },
	{ "ag", 8, ACC_LOAD }, { "n", 4, ACC_LOAD }, { "ng", 8, ACC_LOAD },
	{ "o", 4, ACC_LOAD }, { "og", 8, ACC_LOAD }, { "x", 4, ACC_LOAD },
	{ "xg", 8, ACC_LOAD }, { "mvhi", 4, ACC_STORE }, { "mvghi", 8, ACC_STORE },
	{ "mvhhi", 2, ACC_STORE }, { "mvi", 1, ACC_STORE }, { "cli", 1, ACC_LOAD },
	{ "tm", 1, ACC_LOAD },
	/* relative-long: the address is pc-relative (an immediate operand) */
	{ "lrl", 4, ACC_LOAD }, { "lgrl", 8, ACC_LOAD }, { "lgfrl", 4, ACC_LOAD },
	{ "llgfrl", 4, ACC_LOAD }, { "lhrl", 2, ACC_LOAD }, { "lghrl", 2, ACC_LOAD },
	{ "llhrl", 2, ACC_LOAD }, { "llghrl", 2, ACC_LOAD }, { "strl", 4, ACC_STORE },
	{ "stgrl", 8, ACC_STORE }, { "sthrl", 2, ACC_STORE }, { "crl", 4, ACC_LOAD },
	{ "cgrl", 8, ACC_LOAD }, { "clrl", 4, ACC_LOAD }, { "clgrl", 8, ACC_LOAD },
};

/* One memory operand, width from the table. */
static void s390_accesses(struct insn_ctx *c)
{
	const cs_sysz *z = &c->in->detail->sysz;
	const struct mnemonic_width *w;
	char name[32];
	size_t len;

	snprintf(name, sizeof(name), "%s", c->in->mnemonic);
	w = isa_width_lookup(s390_table, ARRAY_SIZE(s390_table), name);
	if (!w)
		return;
	len = strlen(name);
	for (int i = 0; i < z->op_count; i++) {
		uint64_t base, index, where, target;
		int64_t disp;

		if (len > 2 && !strcmp(name + len - 2, "rl") &&
		    z->operands[i].type == SYSZ_OP_IMM && i > 0) {
			/* lgrl %r1, sym: pc + 2 * offset, or the
			 * relocation's symbol in an object */
			disp = z->operands[i].imm;
			if (isa_relocated(c, &where, &target))
				disp = (int64_t)(target + c->in->address - where);
			isa_add(c, w->kind, w->size, BASE_ABSOLUTE, 0, disp);
			return;
		}
		if (z->operands[i].type != SYSZ_OP_MEM)
			continue;
		base = z->operands[i].mem.base;
		index = z->operands[i].mem.index;
		disp = z->operands[i].mem.disp;
		if (isa_relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE;
			disp += (int64_t)target;
		}
		isa_add(c, w->kind, w->size, base, index, disp);
		return;
	}
}

/* No cs_regs_access() here: the first register operand of anything but
 * a store, a compare or a branch. */
static void s390_writes(struct insn_ctx *c)
{
	const cs_sysz *z = &c->in->detail->sysz;

	if (isa_writes_no_register(c->in->mnemonic))
		return;
	if (z->op_count && z->operands[0].type == SYSZ_OP_REG)
		isa_written(c, z->operands[0].reg);
}

/* la/lay rD, disp(rN); lgr rD, rN; aghi/agfi rD, imm. */
static int s390_derived(const struct insn_ctx *c, unsigned *dst,
			unsigned *src, int64_t *off)
{
	const cs_sysz *z = &c->in->detail->sysz;
	const char *m = c->in->mnemonic;

	if (z->op_count != 2 || z->operands[0].type != SYSZ_OP_REG)
		return 0;
	*dst = z->operands[0].reg;
	if ((!strcmp(m, "la") || !strcmp(m, "lay")) &&
	    z->operands[1].type == SYSZ_OP_MEM && z->operands[1].mem.base &&
	    !z->operands[1].mem.index) {
		*src = z->operands[1].mem.base;
		*off = z->operands[1].mem.disp;
		return 1;
	}
	if (!strcmp(m, "lgr") && z->operands[1].type == SYSZ_OP_REG) {
		*src = z->operands[1].reg;
		*off = 0;
		return 1;
	}
	if ((!strcmp(m, "aghi") || !strcmp(m, "agfi")) &&
	    z->operands[1].type == SYSZ_OP_IMM) {
		*src = *dst;
		*off = z->operands[1].imm;
		return 1;
	}
	return 0;
}

/* larl rD, sym: rD holds sym's address. */
static void s390_track_after(struct insn_ctx *c, int rel, uint64_t where,
			     uint64_t target, const struct isa_track *t)
{
	const cs_sysz *z = &c->in->detail->sysz;

	(void)t;
	if (!strcmp(c->in->mnemonic, "larl") && z->op_count == 2 &&
	    z->operands[0].type == SYSZ_OP_REG)
		isa_reg_set(c, z->operands[0].reg, rel ?
			    target + c->in->address - where :
			    (uint64_t)z->operands[1].imm);
}

static int s390_tls_offset(unsigned type)
{
	return type == R_390_TLS_LDO32 || type == R_390_TLS_LDO64;
}

/* The top two bits of the opcode: 2, 4, 4 or 6 bytes. */
static size_t s390_insn_length(const struct insn_ctx *c,
			       const unsigned char *code, size_t left)
{
	(void)c, (void)left;
	return (size_t[]){ 2, 4, 4, 6 }[code[0] >> 6];
}

/* A relocation is pc-relative from the opcode. */
static uint64_t s390_reloc_address(const struct insn_ctx *c, uint64_t where,
				   uint64_t target)
{
	return target + c->in->address - where;
}

/* A call: branch and save -- brasl and bras (relative), basr and bas,
 * balr and bal (the return address in the first register). */
static int s390_is_call(const struct insn_ctx *c)
{
	static const char *const calls[] = {
		"brasl", "bras", "basr", "bas", "balr", "bal",
	};
	const char *m = c->in->mnemonic;

	for (size_t i = 0; i < ARRAY_SIZE(calls); i++)
		if (!strcmp(m, calls[i]))
			return 1;
	return 0;
}

/* The s390x ELF ABI: r0-r5 and r14 (the return address) are volatile;
 * r6-r13 and r15 (the stack) are kept. */
static const unsigned s390_call_clobbered[] = {
	SYSZ_REG_0, SYSZ_REG_1, SYSZ_REG_2, SYSZ_REG_3, SYSZ_REG_4,
	SYSZ_REG_5, SYSZ_REG_14, 0
};

const struct isa_ops isa_s390 = {
	.name = "s390",
	.decoder = "capstone",
	.open = s390_open,
	.stack_reg = s390_stack_reg,
	.accesses = s390_accesses,
	.writes = s390_writes,
	.call_clobbered = s390_call_clobbered,
	.is_call = s390_is_call,
	.derived = s390_derived,
	.track_after = s390_track_after,
	.insn_length = s390_insn_length,
	.reloc_address = s390_reloc_address,
	.elf = { .tls_offset = s390_tls_offset },
};
