/*
 * x86-64 and i386 (EM_X86_64, EM_386) for scan: capstone gives operand
 * sizes and read/write flags, and prints AT&T syntax as gcc, objdump and
 * rwonce verify do; the length of an instruction capstone 4.0.2 does
 * not know (CET's wrssq, rstorssp) from LLVM's decoder (llvm-disasm.h).
 */
#include "scan/isa/isa.h"
#include "scan/isa/llvm-disasm.h"
#include "lib/util.h"

#include <ctype.h>
#include <elf.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's decoder, opened when capstone first fails (most code never
 * needs it); tried: the open failed, not asked again. */
struct x86_state {
	const char *triple;
	struct llvm_disasm *llvm;
	int tried;
};

/*
 * May capstone's answer for in be given for the same bytes at another
 * address (insn-memo.h)?  Not a branch's (a relative one's target is
 * its address plus the displacement; the rest are few), nor that of an
 * operand through %rip.
 */
static int x86_memo_keep(const cs_insn *in)
{
	const cs_detail *dt = in->detail;

	for (unsigned g = 0; g < dt->groups_count; g++)
		switch (dt->groups[g]) {
		case CS_GRP_JUMP:
		case CS_GRP_CALL:
		case CS_GRP_RET:
		case CS_GRP_INT:
		case CS_GRP_IRET:
		case CS_GRP_BRANCH_RELATIVE:
			return 0;
		}
	for (unsigned k = 0; k < dt->x86.op_count; k++)
		if (dt->x86.operands[k].type == X86_OP_MEM &&
		    (dt->x86.operands[k].mem.base == X86_REG_RIP ||
		     dt->x86.operands[k].mem.base == X86_REG_EIP ||
		     dt->x86.operands[k].mem.index == X86_REG_RIP))
			return 0;
	return 1;
}

/*
 * The relative branches whose answer the memo makes from one of the
 * same opcode (insn-memo.h): jcc rel8 (0x70-0x7f), jmp rel8 (0xeb),
 * call and jmp rel32 (0xe8, 0xe9), jcc rel32 (0x0f 0x80-0x8f), without
 * prefixes -- capstone's answer for one differs from another's of the
 * same opcode in the target alone (the operand's value and text).  Not
 * in 16-bit code, whose targets capstone cuts to 16 bits by opcode.
 */
static int x86_branch_kind(const uint8_t *code, size_t left, size_t *len)
{
	uint8_t b = code[0];

	if (b >= 0x70 && b <= 0x7f) {
		*len = 2;
		return b - 0x70;
	}
	switch (b) {
	case 0xeb:
		*len = 2;
		return 16;
	case 0xe8:
	case 0xe9:
		*len = 5;
		return 17 + (b - 0xe8);
	case 0x0f:
		if (left < 2 || code[1] < 0x80 || code[1] > 0x8f)
			return -1;
		*len = 6;
		return 19 + (code[1] - 0x80);
	}
	return -1;
}

/* The target of the branch in, as capstone computes it: the address
 * after it plus the displacement (its last byte or four). */
static int64_t branch_target(const cs_insn *in)
{
	int64_t disp;

	if (in->size == 2) {
		disp = (int8_t)in->bytes[1];
	} else {
		int32_t d32;

		memcpy(&d32, in->bytes + in->size - 4, sizeof(d32));
		disp = d32;
	}
	return (int64_t)(in->address + in->size + (uint64_t)disp);
}

/* The target written as capstone 4 writes it (printPCRelImm): hex
 * above 9 or below 0, else decimal -- by hand: snprintf's formatting
 * was as much as a third of what the memo saved. */
static void retarget_to(cs_insn *in, int64_t t)
{
	static const char hex[] = "0123456789abcdef";
	char *o = in->op_str;
	uint64_t v = (uint64_t)t;
	int shift = 60;

	if (t >= 0 && t <= 9) {
		*o++ = (char)('0' + t);
	} else {
		*o++ = '0';
		*o++ = 'x';
		while (shift > 0 && !(v >> shift))
			shift -= 4;
		for (; shift >= 0; shift -= 4)
			*o++ = hex[(v >> shift) & 0xf];
	}
	*o = 0;
	in->detail->x86.operands[0].imm = t;
}

static void x86_retarget64(cs_insn *in)
{
	retarget_to(in, branch_target(in));
}

/* i386: the target cut to 32 bits */
static void x86_retarget32(cs_insn *in)
{
	retarget_to(in, branch_target(in) & 0xffffffff);
}

static int x86_open(struct disasm *d, int mode,
		    const struct elf_image_info *info, struct strbuf *why)
{
	struct x86_state *s;

	if (isa_capstone_open(d, CS_ARCH_X86, mode, 0, why))
		return -1;
	cs_option(d->cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
	s = xcalloc(1, sizeof(*s));
	s->triple = mode == CS_MODE_64 ? "x86_64-unknown-linux-gnu" :
		    "i386-unknown-linux-gnu";
	d->priv = s;
	/* capstone 4 clears the detail up to the end of its x86 part for
	 * each instruction and writes only there, the encoding's offsets
	 * and sizes last */
	d->memo = insn_memo_new(d->cs, offsetof(cs_detail, x86) +
				sizeof(cs_x86), offsetof(cs_detail, x86) +
				offsetof(cs_x86, encoding), x86_memo_keep,
				info->name);
	if (mode == CS_MODE_64 || mode == CS_MODE_32)
		insn_memo_branches(d->memo, x86_branch_kind,
				   mode == CS_MODE_64 ? x86_retarget64 :
				   x86_retarget32);
	return 0;
}

static void x86_close(struct disasm *d)
{
	struct x86_state *s = d->priv;

	if (s)
		llvm_disasm_close(s->llvm);
	free(s);
	isa_capstone_close(d);
}

/*
 * The length of an instruction capstone 4.0.2 does not know, as LLVM's
 * decoder reads it: an x86 instruction is 1 to 15 bytes, and skipping
 * one byte of `48 0f 38 f6 87 f8 5f 00 00` (wrssq %rax, 0x5ff8(%rdi))
 * decoded its tail as `addb %al, (%rax)`, a 1-byte access that a site
 * was judged on (torn).  A byte LLVM does not take either is no
 * instruction of x86-64 (Xen's 0xd6 after an unreachable path, which
 * the CPU faults on): one byte, and the code goes on after it.  When
 * LLVM cannot be loaded, where the next instruction starts cannot be
 * told: the rest of the stretch is skipped, not decoded from a guess.
 */
static size_t x86_insn_length(const struct insn_ctx *c,
			      const unsigned char *code, size_t left)
{
	struct x86_state *s = c->d->priv;
	char mnemonic[32], ops[160];
	size_t n;

	if (!s->llvm && !s->tried) {
		struct strbuf why = STRBUF_INIT;

		s->tried = 1;
		s->llvm = llvm_disasm_open("X86", s->triple, "", "", &why);
		strbuf_release(&why); /* the rest undecoded, as said */
	}
	if (!s->llvm)
		return left;
	n = llvm_disasm_decode(s->llvm, code, left, 0, mnemonic,
			       sizeof(mnemonic), ops, sizeof(ops));
	return n ? n : 1;
}

static int x86_64_open(struct disasm *d, const struct elf_image_info *info,
		       struct strbuf *why)
{
	return x86_open(d, CS_MODE_64, info, why);
}

static int i386_open(struct disasm *d, const struct elf_image_info *info,
		     struct strbuf *why)
{
	return x86_open(d, CS_MODE_32, info, why);
}

/* The full register a sub-register belongs to, by name: eax, ax, al ->
 * rax; r8d -> r8. */
static void x86_parent_name(const char *n, char *out, size_t size)
{
	size_t len = strlen(n);

	snprintf(out, size, "%s", n);
	if (n[0] == 'r' && len >= 2 && n[1] >= '0' && n[1] <= '9') {
		/* r8b r8w r8d -> r8 */
		while (len && (out[len - 1] == 'b' || out[len - 1] == 'w' ||
			       out[len - 1] == 'd'))
			out[--len] = '\0';
		return;
	}
	if (len == 2 && strchr("abcd", n[0]) && strchr("lhx", n[1]))
		snprintf(out, size, "r%cx", n[0]);
	else if (len == 3 && (n[0] == 'e' || n[0] == 'r') && strchr("abcd", n[1]) &&
		 n[2] == 'x')
		snprintf(out, size, "r%cx", n[1]);
	else if (!strcmp(n, "sil") || !strcmp(n, "si") || !strcmp(n, "esi"))
		snprintf(out, size, "rsi");
	else if (!strcmp(n, "dil") || !strcmp(n, "di") || !strcmp(n, "edi"))
		snprintf(out, size, "rdi");
	else if (!strcmp(n, "bpl") || !strcmp(n, "bp") || !strcmp(n, "ebp"))
		snprintf(out, size, "rbp");
	else if (!strcmp(n, "spl") || !strcmp(n, "sp") || !strcmp(n, "esp"))
		snprintf(out, size, "rsp");
}

static unsigned x86_64_stack_reg(const struct disasm *d)
{
	(void)d;
	return X86_REG_RSP;
}

static unsigned i386_stack_reg(const struct disasm *d)
{
	(void)d;
	return X86_REG_ESP;
}

static int x86_64_frame_pointer(const struct disasm *d, unsigned reg)
{
	(void)d;
	return reg == X86_REG_RBP;
}

static int i386_frame_pointer(const struct disasm *d, unsigned reg)
{
	(void)d;
	return reg == X86_REG_EBP;
}

/* An offset inside a DWARF expression (dwarf-lines.h): a thread-local
 * variable's offset in its TLS block; on i386 also a GOT-relative
 * offset, which gcc -fPIC writes into a call-site value as the
 * DW_OP_addr added to the GOT pointer it kept in a stack slot. */
static int x86_64_expr_offset(unsigned type)
{
	return type == R_X86_64_DTPOFF32 || type == R_X86_64_DTPOFF64;
}

static int i386_expr_offset(unsigned type)
{
	return type == R_386_TLS_LDO_32 || type == R_386_TLS_DTPOFF32 ||
	       type == R_386_GOTOFF;
}

static void x86_accesses(struct insn_ctx *c)
{
	const cs_x86 *x = &c->in->detail->x86;

	if (isa_starts(c->in->mnemonic, "lea") ||
	    isa_starts(c->in->mnemonic, "nop") ||
	    isa_starts(c->in->mnemonic, "prefetch"))
		return;
	for (int i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[i];
		enum access_kind kind;
		uint64_t base = op->mem.base, where, target;
		int64_t disp = op->mem.disp;

		if (op->type != X86_OP_MEM)
			continue;
		kind = (op->access & CS_AC_READ ? ACC_LOAD : 0) |
		       (op->access & CS_AC_WRITE ? ACC_STORE : 0);
		/* test only reads its operands; capstone 4.0.2 marks a
		 * memory one written too (testl $2, (%rdi): a store) */
		if (kind == ACC_NONE || isa_starts(c->in->mnemonic, "test"))
			kind = ACC_LOAD;
		if (op->mem.base == X86_REG_RIP || op->mem.base == X86_REG_EIP) {
			/* pc-relative: from the end of the instruction */
			base = BASE_ABSOLUTE;
			disp += (int64_t)(c->in->address + c->in->size);
			if (isa_relocated(c, &where, &target))
				disp = (int64_t)(target + c->in->address +
						 c->in->size - where);
		} else if (!op->mem.base && !op->mem.index) {
			base = BASE_ABSOLUTE;
			if (isa_relocated(c, &where, &target))
				disp = (int64_t)target;
		} else if (isa_relocated(c, &where, &target) && !op->mem.index) {
			/* sym+disp(%reg): keep the register, add the symbol */
			disp += (int64_t)target;
		}
		isa_add(c, kind, op->size, base, op->mem.index, disp)->scale =
			op->mem.index ? (unsigned)op->mem.scale : 0;
	}
}

static uint64_t x86_branch_immediate(const struct insn_ctx *c)
{
	const cs_x86 *x = &c->in->detail->x86;

	for (int i = 0; i < x->op_count; i++)
		if (x->operands[i].type == X86_OP_IMM)
			return (uint64_t)x->operands[i].imm;
	return 0;
}

static void x86_paths(struct insn_ctx *c, struct mem_access *a)
{
	const char *m = c->in->mnemonic;
	int ret = cs_insn_group(c->cs, c->in, CS_GRP_RET);

	if (ret || isa_starts(m, "jmp") || isa_starts(m, "ljmp")) {
		a->falls = 0;
		a->wild = !ret && !a->target && c->in->detail->x86.op_count &&
			c->in->detail->x86.operands[0].type != X86_OP_IMM;
	}
}

/* mov %src, %dst; lea disp(%src), %dst; add/sub $imm, %dst. */
static int x86_derived(const struct insn_ctx *c, unsigned *dst,
		       unsigned *src, int64_t *off)
{
	const cs_x86 *x = &c->in->detail->x86;
	const char *m = c->in->mnemonic;
	const cs_x86_op *a = &x->operands[0], *b = &x->operands[1];
	const cs_x86_op *w, *r;

	if (x->op_count != 2)
		return 0;
	w = a->access & CS_AC_WRITE ? a : b; /* the one written */
	r = w == a ? b : a;
	/* a full-width register: %rax, not %eax, on x86-64 */
	if (w->type != X86_OP_REG || w->size != (c->d->is64 ? 8 : 4))
		return 0;
	*dst = w->reg;
	if ((!strcmp(m, "mov") || !strcmp(m, "movq") || !strcmp(m, "movl")) &&
	    r->type == X86_OP_REG && r->size == w->size) {
		*src = r->reg;
		*off = 0;
		return 1;
	}
	if (isa_starts(m, "lea") && r->type == X86_OP_MEM && !r->mem.index &&
	    r->mem.base && r->mem.base != X86_REG_RIP &&
	    r->mem.base != X86_REG_EIP) {
		*src = r->mem.base;
		*off = r->mem.disp;
		return 1;
	}
	if ((isa_starts(m, "add") || isa_starts(m, "sub")) &&
	    r->type == X86_OP_IMM && strlen(m) <= 4) {
		*src = w->reg;
		*off = m[0] == 's' ? -r->imm : r->imm;
		return 1;
	}
	return 0;
}

/* lea sym(%rip), %reg: the register holds sym's address. */
static void x86_track_after(struct insn_ctx *c, int rel, uint64_t where,
			    uint64_t target, const struct isa_track *t)
{
	const cs_x86 *x = &c->in->detail->x86;
	const cs_x86_op *mem, *dst;

	(void)t;
	if (strncmp(c->in->mnemonic, "lea", 3) || x->op_count != 2)
		return;
	mem = &x->operands[0];
	dst = &x->operands[1];
	if (mem->type != X86_OP_MEM) {
		mem = &x->operands[1];
		dst = &x->operands[0];
	}
	if (mem->type == X86_OP_MEM && dst->type == X86_OP_REG &&
	    (mem->mem.base == X86_REG_RIP || mem->mem.base == X86_REG_EIP) &&
	    !mem->mem.index)
		isa_reg_set(c, dst->reg, rel ? target + c->in->address +
			    c->in->size - where : c->in->address +
			    c->in->size + (uint64_t)mem->mem.disp);
}

/*
 * The listing's text with its symbols in the operand, as the assembly
 * source had them: "movl lock+4(%rip), %eax" for "movl 0x0(%rip), %eax"
 * (a relocation in an object, the address in a linked file) and "callq
 * get_snap" for a call to a relocation.
 */
static void x86_listing_text(struct insn_ctx *c, char *text, size_t size)
{
	const cs_insn *in = c->in;
	uint64_t where = 0, target = 0, rsym = 0, ea = 0;
	const char *rname = NULL;
	int rsection = 0, rel, have = 0;
	char sym[128], ops[160];
	const char *rip;

	isa_insn_text(in, text, size);
	rel = elf_image_reloc_symbol(c->img, in->address, in->size, &where,
				     &target, &rname, &rsym, &rsection);
	for (int i = 0; i < in->detail->x86.op_count; i++) {
		const cs_x86_op *op = &in->detail->x86.operands[i];

		if (op->type == X86_OP_MEM && (op->mem.base == X86_REG_RIP ||
					       op->mem.base == X86_REG_EIP)) {
			ea = rel ? target + in->address + in->size - where :
				in->address + in->size + (uint64_t)op->mem.disp;
			have = 1;
		} else if (op->type == X86_OP_IMM &&
			   (cs_insn_group(c->cs, in, CS_GRP_CALL) ||
			    cs_insn_group(c->cs, in, CS_GRP_JUMP))) {
			ea = rel ? target + in->address + in->size - where :
				(uint64_t)op->imm;
			have = rel ? 2 : 3;
		}
	}
	if (!have || !isa_symbol_at(c, ea, rel ? rname : NULL, rsym, rsection,
				    sym, sizeof(sym)))
		return;
	if (have == 2) { /* callq 0x1b -> callq get_snap */
		snprintf(text, size, "%s %s", in->mnemonic, sym);
		return;
	}
	if (have == 3) { /* a linked file: jmp 0x401170 <use> */
		snprintf(text + strlen(text), size - strlen(text), " <%s>", sym);
		return;
	}
	/* the displacement before "(%rip)" becomes the symbol */
	rip = strstr(in->op_str, "(%rip)");
	if (!rip)
		rip = strstr(in->op_str, "(%eip)");
	if (!rip)
		return;
	{
		const char *d = rip;

		while (d > in->op_str && (isxdigit((unsigned char)d[-1]) ||
					   d[-1] == 'x' || d[-1] == '-'))
			d--;
		snprintf(ops, sizeof(ops), "%.*s%s%s", (int)(d - in->op_str),
			 in->op_str, sym, rip);
		snprintf(text, size, "%s %s", in->mnemonic, ops);
	}
}

/* The same but for the mode, the stack and frame registers and the TLS
 * relocations. */
/* System V: what a call may change */
static const unsigned x86_64_call_clobbered[] = {
	X86_REG_RAX, X86_REG_RCX, X86_REG_RDX, X86_REG_RSI, X86_REG_RDI,
	X86_REG_R8, X86_REG_R9, X86_REG_R10, X86_REG_R11, 0
};
static const unsigned i386_call_clobbered[] = {
	X86_REG_EAX, X86_REG_ECX, X86_REG_EDX, 0
};

/* The psABIs' DWARF register numbers (x86-64: rax rdx rcx rbx rsi rdi
 * rbp rsp r8..r15; i386: eax ecx edx ebx esp ebp esi edi). */
static unsigned x86_64_dwarf_reg(unsigned n)
{
	static const unsigned regs[] = {
		X86_REG_RAX, X86_REG_RDX, X86_REG_RCX, X86_REG_RBX,
		X86_REG_RSI, X86_REG_RDI, X86_REG_RBP, X86_REG_RSP,
	};

	return n < ARRAY_SIZE(regs) ? regs[n] :
	       n < 16 ? X86_REG_R8 + (n - 8) : 0;
}

static unsigned i386_dwarf_reg(unsigned n)
{
	static const unsigned regs[] = {
		X86_REG_EAX, X86_REG_ECX, X86_REG_EDX, X86_REG_EBX,
		X86_REG_ESP, X86_REG_EBP, X86_REG_ESI, X86_REG_EDI,
	};

	return n < ARRAY_SIZE(regs) ? regs[n] : 0;
}

#define X86_OPS(bits)							\
	.name = #bits,							\
	.decoder = "capstone",						\
	.open = bits##_open,						\
	.close = x86_close,						\
	.parent_name = x86_parent_name,					\
	.stack_reg = bits##_stack_reg,					\
	.frame_pointer = bits##_frame_pointer,				\
	.dwarf_reg = bits##_dwarf_reg,					\
	.accesses = x86_accesses,					\
	.branch_immediate = x86_branch_immediate,			\
	.paths = x86_paths,						\
	.derived = x86_derived,						\
	.call_clobbered = bits##_call_clobbered,			\
	.track_after = x86_track_after,					\
	.listing_text = x86_listing_text,				\
	.insn_length = x86_insn_length,					\
	.elf = { .expr_offset = bits##_expr_offset }

const struct isa_ops isa_x86_64 = { X86_OPS(x86_64) };
const struct isa_ops isa_i386 = { X86_OPS(i386) };
