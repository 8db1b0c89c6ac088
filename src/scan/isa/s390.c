/*
 * s390x (EM_S390) for scan: big-endian, widths and direction from a
 * table of mnemonics (capstone 4.0.2 gives no operand sizes), the
 * relative-long forms (lgrl, larl) pc-relative from the opcode, and
 * instruction lengths from the opcode's top two bits.  Decoded by
 * capstone; what capstone 4.0.2 does not know (risbgnz and the other
 * zEC12 and later forms, which gcc 12 emits for Linux) by LLVM's
 * disassembler (llvm-disasm.h), its text read back into capstone's
 * operand record.
 */
#include "scan/isa/isa.h"
#include "scan/isa/llvm-disasm.h"
#include "lib/util.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's decoder, opened when capstone first fails (most code never
 * needs it); tried: open failed, not asked again. */
struct s390_state {
	struct llvm_disasm *llvm;
	int tried;
};

static int s390_open(struct disasm *d, const struct elf_image_info *info,
		     struct strbuf *why)
{
	(void)info;
	if (isa_capstone_open(d, CS_ARCH_SYSZ, CS_MODE_BIG_ENDIAN, 0, why))
		return -1;
	d->priv = xcalloc(1, sizeof(struct s390_state));
	return 0;
}

static void s390_close(struct disasm *d)
{
	struct s390_state *s = d->priv;

	if (s)
		llvm_disasm_close(s->llvm);
	free(s);
	isa_capstone_close(d);
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

/* "%r5" -> SYSZ_REG_5, "%f2" -> SYSZ_REG_F2; 0 for any other register
 * (access, control and vector registers: not followed). */
static unsigned llvm_reg(const char *s, size_t n)
{
	char *end;
	unsigned long k;

	if (n < 3 || s[0] != '%' || (s[1] != 'r' && s[1] != 'f'))
		return 0;
	k = strtoul(s + 2, &end, 10);
	if (end != s + n || k > 15)
		return 0;
	return (unsigned)(s[1] == 'r' ? SYSZ_REG_0 : SYSZ_REG_F0) + (unsigned)k;
}

/* One operand of LLVM's text: a register, an immediate, or a memory
 * operand D(B), D(X,B), D(L,B).  0 when it cannot be read. */
static int llvm_operand(const char *s, size_t n, cs_sysz_op *op)
{
	const char *open = memchr(s, '(', n);
	char *end;

	memset(op, 0, sizeof(*op));
	if (open) {
		const char *comma = memchr(open, ',', (size_t)(s + n - open));
		const char *close = s + n - 1;

		if (*close != ')')
			return 0;
		op->type = SYSZ_OP_MEM;
		op->mem.disp = strtoll(s, &end, 0);
		if (end != open)
			return 0;
		if (!comma) {
			op->mem.base = (uint8_t)llvm_reg(open + 1,
						 (size_t)(close - open - 1));
			return op->mem.base != 0;
		}
		op->mem.base = (uint8_t)llvm_reg(comma + 1,
						 (size_t)(close - comma - 1));
		if (open[1] == '%') /* D(X,B); D(V,B) has a vector index */
			op->mem.index = (uint8_t)llvm_reg(open + 1,
						  (size_t)(comma - open - 1));
		else
			op->mem.length = strtoull(open + 1, NULL, 0);
		return op->mem.base != 0;
	}
	if (s[0] == '%') {
		op->type = SYSZ_OP_REG;
		op->reg = llvm_reg(s, n);
		return 1;
	}
	op->type = SYSZ_OP_IMM;
	op->imm = strtoll(s, &end, 0);
	return end == s + n;
}

/*
 * capstone first; what it does not know, through LLVM, into the same
 * record: id 0 (no capstone group, so not taken for a branch), the
 * operands read back from the text.  An instruction LLVM decodes that
 * would need more than the record says -- a branch, or a memory
 * operand of a mnemonic whose width the table does not give -- stays
 * undecoded, so that a site with it is not judged on a guess.
 */
static int s390_decode(struct insn_ctx *c, const unsigned char **code,
		       size_t *left, uint64_t *pc, cs_insn *in)
{
	struct s390_state *s = c->d->priv;
	cs_sysz *z = &in->detail->sysz;
	char mnemonic[sizeof(in->mnemonic)], ops[sizeof(in->op_str)];
	const char *p = ops;
	size_t n;

	if (cs_disasm_iter(c->cs, code, left, pc, in))
		return 1;
	if (!s->llvm && !s->tried) {
		struct strbuf why = STRBUF_INIT;

		s->tried = 1;
		/* arch14 (z16): every form LLVM 19 knows */
		s->llvm = llvm_disasm_open("SystemZ", "s390x-unknown-linux-gnu",
					   "arch14", "", &why);
		strbuf_release(&why); /* undecoded, as without it */
	}
	if (!s->llvm)
		return 0;
	n = llvm_disasm_decode(s->llvm, *code, *left, *pc, mnemonic,
			       sizeof(mnemonic), ops, sizeof(ops));
	if (!n || mnemonic[0] == 'b' || mnemonic[0] == 'j')
		return 0;
	memset(in->detail, 0, sizeof(*in->detail));
	while (*p) {
		size_t k = 0;
		int depth = 0;

		if (z->op_count == ARRAY_SIZE(z->operands))
			return 0;
		while (p[k] && (depth || p[k] != ',')) {
			depth += (p[k] == '(') - (p[k] == ')');
			k++;
		}
		if (!llvm_operand(p, k, &z->operands[z->op_count]))
			return 0;
		if (z->operands[z->op_count].type == SYSZ_OP_MEM &&
		    !isa_width_lookup(s390_table, ARRAY_SIZE(s390_table), mnemonic))
			return 0;
		z->op_count++;
		p += k;
		p += strspn(p, ", ");
	}
	in->id = 0;
	in->address = *pc;
	in->size = (uint16_t)n;
	memcpy(in->bytes, *code, n < sizeof(in->bytes) ? n : sizeof(in->bytes));
	snprintf(in->mnemonic, sizeof(in->mnemonic), "%s", mnemonic);
	snprintf(in->op_str, sizeof(in->op_str), "%s", ops);
	*code += n;
	*left -= n;
	*pc += n;
	return 1;
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

static int s390_expr_offset(unsigned type)
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
	.decoder = "capstone or LLVM",
	.open = s390_open,
	.close = s390_close,
	.decode = s390_decode,
	.stack_reg = s390_stack_reg,
	.accesses = s390_accesses,
	.writes = s390_writes,
	.call_clobbered = s390_call_clobbered,
	.is_call = s390_is_call,
	.derived = s390_derived,
	.track_after = s390_track_after,
	.insn_length = s390_insn_length,
	.reloc_address = s390_reloc_address,
	.elf = { .expr_offset = s390_expr_offset },
};
