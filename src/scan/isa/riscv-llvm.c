/*
 * RISC-V through LLVM's C disassembler (riscv-llvm.h, llvm-disasm.h):
 * the decoder's text read back into operands, and the RISC-V forms known
 * by their mnemonics.
 */
#include "scan/isa/riscv-llvm.h"
#include "scan/isa/llvm-disasm.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct riscv_disasm *riscv_disasm_open(int is64, struct strbuf *why)
{
	struct strbuf err = STRBUF_INIT;
	struct llvm_disasm *l;

	/* RV64GC (what Linux and Debian's riscv64 build for), Zfh (flh,
	 * fsh) and the cache-block and prefetch forms Linux uses (Zicbo*:
	 * not data accesses, but decoded so that they are not "undecoded").
	 * LLVM 19 has Zacas only as an experimental feature: not asked for */
	l = llvm_disasm_open("RISCV", is64 ? "riscv64-unknown-linux-gnu" :
			     "riscv32-unknown-linux-gnu",
			     is64 ? "generic-rv64" : "generic-rv32",
			     "+m,+a,+f,+d,+c,+zicsr,+zifencei,+zfh,"
			     "+zicbop,+zicbom,+zicboz", &err);
	if (!l)
		strbuf_addf(why, "%s (RISC-V code is decoded by LLVM's "
			    "disassembler)", err.buf);
	strbuf_release(&err);
	return (struct riscv_disasm *)l;
}

void riscv_disasm_close(struct riscv_disasm *r)
{
	llvm_disasm_close((struct llvm_disasm *)r);
}

size_t riscv_insn_length(const unsigned char *code)
{
	return (code[0] & 3) == 3 ? 4 : 2;
}

size_t riscv_decode(struct riscv_disasm *r, const unsigned char *code,
		    size_t left, uint64_t pc, char *mnemonic, size_t msize,
		    char *ops, size_t osize)
{
	return llvm_disasm_decode((struct llvm_disasm *)r, code, left, pc,
				  mnemonic, msize, ops, osize);
}

/* The ABI names, x0..x31 then f0..f31. */
static const char *const abi_names[RISCV_NR_REGS] = {
	NULL,
	"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2",
	"s0", "s1", "a0", "a1", "a2", "a3", "a4", "a5",
	"a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
	"s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6",
	"ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7",
	"fs0", "fs1", "fa0", "fa1", "fa2", "fa3", "fa4", "fa5",
	"fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
	"fs8", "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
};

unsigned riscv_reg(const char *name)
{
	if (!strcmp(name, "fp"))
		return riscv_reg("s0");
	for (unsigned r = 1; r < RISCV_NR_REGS; r++)
		if (!strcmp(name, abi_names[r]))
			return r;
	return 0;
}

const char *riscv_reg_name(unsigned reg)
{
	return reg && reg < RISCV_NR_REGS ? abi_names[reg] : NULL;
}

int riscv_callee_saved(unsigned reg)
{
	const char *n = riscv_reg_name(reg);

	return n && (n[0] == 's' || (n[0] == 'f' && n[1] == 's') ||
		     !strcmp(n, "gp") || !strcmp(n, "tp") || !strcmp(n, "zero"));
}

/* A number as LLVM prints it: "0x1c", "-0x10", "12". */
static int parse_imm(const char *s, size_t n, int64_t *out)
{
	char buf[32], *end;
	int neg = 0;

	if (!n || n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	s = buf;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	if (*s < '0' || *s > '9')
		return 0;
	*out = (int64_t)strtoull(s, &end, 0);
	if (*end)
		return 0;
	if (neg)
		*out = -*out;
	return 1;
}

static void one_operand(const char *s, size_t n, struct riscv_operand *op)
{
	const char *open = memchr(s, '(', n);
	char reg[16];

	memset(op, 0, sizeof(*op));
	while (n && s[n - 1] == ' ')
		n--;
	if (open && s[n - 1] == ')') { /* "0x8(a1)", "(a1)" */
		size_t rl = (size_t)(s + n - 1 - open - 1);

		if (rl >= sizeof(reg))
			return;
		memcpy(reg, open + 1, rl);
		reg[rl] = '\0';
		op->reg = riscv_reg(reg);
		if (!op->reg || (open > s && !parse_imm(s, (size_t)(open - s),
							&op->imm)))
			return;
		op->type = RV_OP_MEM;
		return;
	}
	if (n < sizeof(reg)) {
		memcpy(reg, s, n);
		reg[n] = '\0';
		if ((op->reg = riscv_reg(reg))) {
			op->type = RV_OP_REG;
			return;
		}
	}
	if (parse_imm(s, n, &op->imm))
		op->type = RV_OP_IMM;
}

void riscv_operands(const char *ops, struct riscv_operands *out)
{
	const char *s = ops;

	memset(out, 0, sizeof(*out));
	while (*s && out->nr < (int)ARRAY_SIZE(out->op)) {
		size_t n;

		s += strspn(s, " ");
		n = strcspn(s, ",");
		one_operand(s, n, &out->op[out->nr++]);
		s += n;
		if (*s == ',')
			s++;
	}
}

static int starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* .b .h .w .d .q after "lr", "sc", "amoadd" ...: the width. */
static unsigned suffix_width(const char *dot)
{
	if (!dot)
		return 0;
	switch (dot[1]) {
	case 'b': return 1;
	case 'h': return 2;
	case 'w': return 4;
	case 'd': return 8;
	case 'q': return 16;
	}
	return 0;
}

unsigned riscv_access(const char *m, enum access_kind *kind)
{
	static const struct { const char *name; unsigned size; enum access_kind kind; }
	plain[] = {
		{ "lb", 1, ACC_LOAD }, { "lbu", 1, ACC_LOAD }, { "lh", 2, ACC_LOAD },
		{ "lhu", 2, ACC_LOAD }, { "lw", 4, ACC_LOAD }, { "lwu", 4, ACC_LOAD },
		{ "ld", 8, ACC_LOAD }, { "flh", 2, ACC_LOAD }, { "flw", 4, ACC_LOAD },
		{ "fld", 8, ACC_LOAD }, { "flq", 16, ACC_LOAD },
		{ "sb", 1, ACC_STORE }, { "sh", 2, ACC_STORE }, { "sw", 4, ACC_STORE },
		{ "sd", 8, ACC_STORE }, { "fsh", 2, ACC_STORE }, { "fsw", 4, ACC_STORE },
		{ "fsd", 8, ACC_STORE }, { "fsq", 16, ACC_STORE },
	};
	const char *name = starts_with(m, "c.") ? m + 2 : m;

	for (size_t i = 0; i < ARRAY_SIZE(plain); i++) {
		size_t n = strlen(plain[i].name);

		/* c.lwsp, c.ldsp, c.swsp, c.sdsp: the sp-relative forms */
		if (!strncmp(name, plain[i].name, n) &&
		    (!name[n] || (name != m && !strcmp(name + n, "sp")))) {
			*kind = plain[i].kind;
			return plain[i].size;
		}
	}
	/* lr.w, sc.d.aqrl, amoadd.w.aq, amocas.d, amoswap.b */
	if (starts_with(m, "lr.")) {
		*kind = ACC_LOAD;
		return suffix_width(m + 2);
	}
	if (starts_with(m, "sc.")) {
		*kind = ACC_STORE;
		return suffix_width(m + 2);
	}
	if (starts_with(m, "amo")) {
		*kind = ACC_RMW;
		return suffix_width(strchr(m, '.'));
	}
	return 0;
}

enum riscv_branch riscv_branch_kind(const char *m,
				    const struct riscv_operands *o)
{
	if (!strcmp(m, "ret"))
		return RV_RETURN;
	if (!strcmp(m, "j") || !strcmp(m, "c.j"))
		return RV_JUMP;
	if (!strcmp(m, "jr") || !strcmp(m, "c.jr"))
		return RV_JUMP_REG;
	if (!strcmp(m, "jal") || !strcmp(m, "c.jal")) /* jal off; jal rd, off */
		return o->nr >= 2 && o->op[0].type == RV_OP_REG &&
			o->op[0].reg == RISCV_REG_ZERO ? RV_JUMP : RV_CALL;
	if (!strcmp(m, "jalr") || !strcmp(m, "c.jalr")) {
		/* jalr rs (link in ra); jalr rd, off(rs): no link when rd is
		 * zero */
		if (o->nr >= 2 && o->op[0].type == RV_OP_REG &&
		    o->op[0].reg == RISCV_REG_ZERO)
			return RV_JUMP_REG;
		return RV_CALL;
	}
	if (m[0] == 'b' || starts_with(m, "c.b")) /* beq ... bnez, c.beqz */
		return RV_COND;
	return RV_NOT_BRANCH;
}

int riscv_writes_first(const char *m)
{
	enum access_kind kind;

	if (riscv_access(m, &kind) && kind == ACC_STORE && !starts_with(m, "sc."))
		return 0; /* sb ... fsd: the first operand is read */
	if (m[0] == 'b' || starts_with(m, "c.b") || !strcmp(m, "j") ||
	    !strcmp(m, "jr") || starts_with(m, "fence") ||
	    starts_with(m, "sfence") || starts_with(m, "prefetch") ||
	    starts_with(m, "cbo.") || starts_with(m, "csrw") ||
	    starts_with(m, "csrs") || starts_with(m, "csrc") ||
	    starts_with(m, "fsflags") || starts_with(m, "fsrm"))
		return 0;
	return 1;
}
