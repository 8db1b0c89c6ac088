/*
 * Memory operands of machine code through capstone (disasm.h).  x86 has
 * operand sizes and read/write flags in capstone 4.0.2; for ARM, AArch64,
 * s390x, POWER and MIPS the width and direction come from the mnemonic
 * (and the data register), in the small tables below.  RISC-V, which
 * capstone 4.0.2 does not have, is decoded by LLVM (disasm-riscv.c): its
 * text fills the same instruction record, and the register tracking here
 * serves it as it serves the others.
 */
#include "scan/disasm.h"
#include "scan/disasm-riscv.h"
#include "lib/util.h"

#include <capstone/capstone.h>
#include <ctype.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REGS 512

struct disasm {
	csh cs, thumb; /* thumb: the second handle for ARM's Thumb code */
	unsigned machine;
	int is64;
	cs_insn *insn;
	/* RISC-V: LLVM's decoder, and the record its text is read into
	 * (address, size, mnemonic, operands; no capstone details) */
	struct riscv_disasm *rv;
	cs_insn rv_insn;
	cs_detail rv_detail;
	uint16_t parent[MAX_REGS]; /* eax, ax, al -> rax; w3 -> x3 */
};

/* The full register a sub-register belongs to, by name. */
static void parent_name(unsigned machine, const char *n, char *out, size_t size)
{
	size_t len = strlen(n);

	snprintf(out, size, "%s", n);
	if (machine == EM_AARCH64) { /* w3 -> x3, wzr -> xzr, wsp -> sp */
		if (!strcmp(n, "wsp"))
			snprintf(out, size, "sp");
		else if (n[0] == 'w')
			snprintf(out, size, "x%s", n + 1);
		return;
	}
	if (machine != EM_X86_64 && machine != EM_386)
		return;
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

static void init_parents(struct disasm *d)
{
	for (unsigned r = 0; r < MAX_REGS; r++) {
		const char *n = cs_reg_name(d->cs, r);
		char p[16];

		d->parent[r] = (uint16_t)r;
		if (!r || !n)
			continue;
		parent_name(d->machine, n, p, sizeof(p));
		if (!strcmp(p, n))
			continue;
		for (unsigned q = 1; q < MAX_REGS; q++) {
			const char *m = cs_reg_name(d->cs, q);

			if (m && !strcmp(m, p)) {
				d->parent[r] = (uint16_t)q;
				break;
			}
		}
	}
}

/* RISC-V: LLVM's decoder; registers are whole (no sub-registers). */
static struct disasm *riscv_open(const struct elf_image_info *info,
				 struct strbuf *why)
{
	struct riscv_disasm *rv = riscv_disasm_open(info->is64, why);
	struct disasm *d;

	if (!rv)
		return NULL;
	d = xcalloc(1, sizeof(*d));
	d->machine = info->machine;
	d->is64 = info->is64;
	d->rv = rv;
	d->rv_insn.detail = &d->rv_detail;
	for (unsigned r = 0; r < MAX_REGS; r++)
		d->parent[r] = (uint16_t)r;
	return d;
}

struct disasm *disasm_open(const struct elf_image_info *info,
			   struct strbuf *why)
{
	cs_arch arch;
	int mode = info->big_endian ? CS_MODE_BIG_ENDIAN : CS_MODE_LITTLE_ENDIAN;
	struct disasm *d;

	switch (info->machine) {
	case EM_X86_64:
		arch = CS_ARCH_X86;
		mode = CS_MODE_64;
		break;
	case EM_386:
		arch = CS_ARCH_X86;
		mode = CS_MODE_32;
		break;
	case EM_ARM:
		arch = CS_ARCH_ARM;
		mode |= CS_MODE_ARM;
		break;
	case EM_AARCH64:
		arch = CS_ARCH_ARM64;
		break;
	case EM_S390:
		arch = CS_ARCH_SYSZ;
		mode = CS_MODE_BIG_ENDIAN;
		break;
	case EM_PPC64:
	case EM_PPC:
		arch = CS_ARCH_PPC;
		mode |= info->is64 ? CS_MODE_64 : CS_MODE_32;
		break;
	case EM_MIPS:
		arch = CS_ARCH_MIPS;
		mode |= info->is64 ? CS_MODE_MIPS64 : CS_MODE_MIPS32;
		break;
	case EM_RISCV:
		return riscv_open(info, why);
	default:
		strbuf_addf(why, "unsupported machine (ELF e_machine %u)",
			    info->machine);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->machine = info->machine;
	d->is64 = info->is64;
	if (cs_open(arch, (cs_mode)mode, &d->cs) != CS_ERR_OK ||
	    (info->machine == EM_ARM &&
	     cs_open(arch, (cs_mode)(mode | CS_MODE_THUMB), &d->thumb) !=
	     CS_ERR_OK)) {
		strbuf_addf(why, "capstone cannot open machine %u",
			    info->machine);
		free(d);
		return NULL;
	}
	cs_option(d->cs, CS_OPT_DETAIL, CS_OPT_ON);
	init_parents(d);
	/* x86 in AT&T syntax, as gcc, objdump and rwonce verify print it */
	if (arch == CS_ARCH_X86)
		cs_option(d->cs, CS_OPT_SYNTAX, CS_OPT_SYNTAX_ATT);
	if (d->thumb)
		cs_option(d->thumb, CS_OPT_DETAIL, CS_OPT_ON);
	return d;
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	if (d->rv) {
		riscv_disasm_close(d->rv);
		free(d);
		return;
	}
	if (d->insn)
		cs_free(d->insn, 1);
	cs_close(&d->cs);
	if (d->thumb)
		cs_close(&d->thumb);
	free(d);
}

static int starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* ---- widths from mnemonics ---- */

static const char *const arm_conds[] = {
	"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs", "vc", "hi",
	"ls", "ge", "lt", "gt", "le", "al",
};

static int arm_is_cond(const char *s)
{
	for (size_t i = 0; i < ARRAY_SIZE(arm_conds); i++)
		if (!strcmp(s, arm_conds[i]))
			return 1;
	return 0;
}

/*
 * ARM ldr/str family: the part after "ldr"/"str"/"ldrex"/"strex" (with
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
	if (!*r || arm_is_cond(r) || (r[0] == 't' && (!r[1] || arm_is_cond(r + 1))))
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

/* AArch64: the width of a register by its name (w0 x0 b0 h0 s0 d0 q0). */
static unsigned a64_reg_width(csh cs, unsigned reg)
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

struct mnemonic_width {
	const char *name;
	unsigned size;
	enum access_kind kind;
};

/* s390x: loads, stores and compare-and-swap of general registers. */
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

/* POWER: D-form and X-form loads and stores; ppc_lookup() finds the
 * update and indexed forms (lwzu, lwzx, lwzux) by their base name. */
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

/* MIPS: loads and stores. */
static const struct mnemonic_width mips_table[] = {
	{ "lb", 1, ACC_LOAD }, { "lbu", 1, ACC_LOAD }, { "lh", 2, ACC_LOAD },
	{ "lhu", 2, ACC_LOAD }, { "lw", 4, ACC_LOAD }, { "lwu", 4, ACC_LOAD },
	{ "ld", 8, ACC_LOAD }, { "ll", 4, ACC_LOAD }, { "lld", 8, ACC_LOAD },
	{ "lwc1", 4, ACC_LOAD }, { "ldc1", 8, ACC_LOAD },
	{ "sb", 1, ACC_STORE }, { "sh", 2, ACC_STORE }, { "sw", 4, ACC_STORE },
	{ "sd", 8, ACC_STORE }, { "sc", 4, ACC_STORE }, { "scd", 8, ACC_STORE },
	{ "swc1", 4, ACC_STORE }, { "sdc1", 8, ACC_STORE },
};

static const struct mnemonic_width *table_lookup(const struct mnemonic_width *t,
						 size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].name, name))
			return &t[i];
	return NULL;
}

/* ---- one instruction ---- */

/*
 * What a register is known to hold: an address (set by lea, larl,
 * adrp+add, movw+movt from a symbol) -- accesses through it get that
 * address -- or another register's value plus a constant (a move, an
 * add or subtract of a constant: add x8, x19, #0x359; lea 8(%rdi), %rax;
 * la; addi; daddiu) -- accesses through it are through that register,
 * as it was then, at the folded displacement.
 */
struct reg_value {
	unsigned reg;
	int absolute;        /* addr is an address */
	uint64_t addr;       /* the address, or the constant added */
	unsigned base;       /* else: the register it was formed from ... */
	unsigned base_gen;   /* ... at this many writes to it */
	uint64_t set_pc;     /* where it was formed */
};

/* A forward jump seen, until the decoding reaches its destination: a
 * value formed after the jump does not hold where the jump lands, and a
 * register a load gave its value before the jump still holds it there
 * (the pointer loaded on one path, used after the paths join). */
struct pending_jump {
	uint64_t from, to;
	struct {
		unsigned reg;
		size_t load;    /* 1 + its index in out */
	} loads[4];
	unsigned nloads;
};

struct insn_ctx {
	struct disasm *d;
	csh cs;
	struct elf_image *img;
	const cs_insn *in;
	struct mem_access_list *out;
	unsigned stack_reg;
	struct reg_value regs[16];
	size_t nregs;
	struct pending_jump jumps[32];
	size_t njumps;
	unsigned gen[MAX_REGS]; /* writes seen to each (full) register */
	unsigned flags_gen;     /* ARM: writes seen to the condition flags */
	/* per register: 1 + the index in out of the load that gave it its
	 * value (0: none), and the register's write count then */
	size_t loaded_by[MAX_REGS];
	unsigned loaded_gen[MAX_REGS];
	/* the same, for a value a load gave on the path of a jump to here
	 * (reach_jumps): the register may hold either */
	size_t joined_by[MAX_REGS];
	unsigned joined_gen[MAX_REGS];
	unsigned recent[8];     /* registers loads wrote last, a ring */
	unsigned nrecent;
	/* ARM, POWER: registers set to a constant (movw r3, #1130; li r10,
	 * 4), for an index register ([r4, r3]; lwzx r9, r8, r10) or a
	 * write-back by one: valid while the register's write count is the
	 * one noted */
	struct reg_constant {
		unsigned reg, gen;
		uint64_t value;
		uint64_t set_pc;
	} consts[8];
	size_t nconsts;
	struct riscv_operands rvo; /* RISC-V: the operands, read from the text */
};

static const char *reg_name(const struct insn_ctx *c, unsigned reg)
{
	return c->d->rv ? riscv_reg_name(reg) : cs_reg_name(c->cs, reg);
}

static unsigned full_reg(const struct insn_ctx *c, uint64_t reg)
{
	return reg < MAX_REGS ? c->d->parent[reg] : 0;
}

static struct reg_value *reg_find(struct insn_ctx *c, unsigned reg)
{
	reg = full_reg(c, reg);
	for (size_t i = 0; i < c->nregs; i++)
		if (c->regs[i].reg == reg)
			return &c->regs[i];
	return NULL;
}

static void reg_set_value(struct insn_ctx *c, unsigned reg,
			  const struct reg_value *v)
{
	struct reg_value *r = reg_find(c, reg);

	reg = full_reg(c, reg);
	if (!reg)
		return;
	if (!r) {
		if (c->nregs == ARRAY_SIZE(c->regs))
			memmove(c->regs, c->regs + 1, --c->nregs * sizeof(*r));
		r = &c->regs[c->nregs++];
	}
	*r = *v;
	r->reg = reg;
	r->set_pc = c->in->address;
}

static void reg_set(struct insn_ctx *c, unsigned reg, uint64_t addr)
{
	struct reg_value v;

	memset(&v, 0, sizeof(v));
	v.absolute = 1;
	v.addr = addr;
	reg_set_value(c, reg, &v);
}

/* The constant reg holds (ARM, POWER), if one is known. */
static int reg_constant(const struct insn_ctx *c, unsigned reg,
			uint64_t *value)
{
	reg = full_reg(c, reg);
	for (size_t i = 0; reg && i < c->nconsts; i++)
		if (c->consts[i].reg == reg && c->consts[i].gen == c->gen[reg]) {
			*value = c->consts[i].value;
			return 1;
		}
	return 0;
}

/* After the write: reg now holds value. */
static void reg_constant_set(struct insn_ctx *c, unsigned reg, uint64_t value)
{
	size_t i;

	reg = full_reg(c, reg);
	if (!reg)
		return;
	for (i = 0; i < c->nconsts && c->consts[i].reg != reg; i++)
		;
	if (i == c->nconsts) {
		if (c->nconsts == ARRAY_SIZE(c->consts))
			memmove(c->consts, c->consts + 1,
				--c->nconsts * sizeof(c->consts[0]));
		i = c->nconsts++;
	}
	c->consts[i].reg = reg;
	c->consts[i].gen = c->gen[reg];
	c->consts[i].value = value;
	c->consts[i].set_pc = c->in->address;
}

static void reg_forget(struct insn_ctx *c, unsigned reg)
{
	struct reg_value *r = reg_find(c, reg);

	if (r)
		*r = c->regs[--c->nregs];
}

/* "mnemonic operands", cut to fit. */
static void insn_text(const cs_insn *in, char *out, size_t size)
{
	size_t n = strlen(in->mnemonic), k;

	if (n > size - 1)
		n = size - 1;

	memcpy(out, in->mnemonic, n);
	if (in->op_str[0] && n + 1 < size - 1) {
		out[n++] = ' ';
		k = strlen(in->op_str);
		if (k > size - 1 - n)
			k = size - 1 - n;
		memcpy(out + n, in->op_str, k);
		n += k;
	}
	out[n] = '\0';
}

/* a's base (or index: pointer + offset can be either) register holds
 * what an earlier load read: that load fed an address */
static void mark_address_load(struct insn_ctx *c, struct mem_access *a)
{
	const uint64_t regs[2] = { a->base, a->index };
	const unsigned gens[2] = { a->base_gen, a->index_gen };

	if (a->kind == ACC_NONE)
		return;
	for (int i = 0; i < 2; i++) {
		size_t k;

		if (!regs[i] || regs[i] == BASE_ABSOLUTE || regs[i] >= MAX_REGS)
			continue;
		k = c->loaded_by[regs[i]];
		if (k && c->loaded_gen[regs[i]] == gens[i] &&
		    k - 1 < c->out->nr && &c->out->items[k - 1] != a) {
			c->out->items[k - 1].feeds_address = 1;
			a->fed_by_pc = c->out->items[k - 1].pc;
		}
		k = c->joined_by[regs[i]];
		if (k && c->joined_gen[regs[i]] == gens[i] &&
		    k - 1 < c->out->nr && &c->out->items[k - 1] != a)
			c->out->items[k - 1].feeds_address = 1;
	}
}

/* Is reg the machine's frame pointer? */
static int frame_pointer(unsigned machine, unsigned reg)
{
	switch (machine) {
	case EM_X86_64: return reg == X86_REG_RBP;
	case EM_386: return reg == X86_REG_EBP;
	case EM_AARCH64: return reg == ARM64_REG_X29;
	case EM_ARM: return reg == ARM_REG_R11 || reg == ARM_REG_R7;
	}
	return 0;
}

static struct mem_access *add(struct insn_ctx *c, enum access_kind kind,
			      unsigned size, uint64_t base, uint64_t index,
			      int64_t disp)
{
	struct mem_access_list *o = c->out;
	struct mem_access *a;

	ALLOC_GROW(o->items, o->nr + 1, o->alloc);
	a = &o->items[o->nr++];
	memset(a, 0, sizeof(*a));
	a->pc = c->in->address;
	insn_text(c->in, a->text, sizeof(a->text));
	a->kind = kind;
	a->size = size;
	a->base = base;
	a->index = index;
	a->disp = disp;
	a->stack = base == c->stack_reg && c->stack_reg;
	if (c->d->machine == EM_ARM)
		a->cond = c->in->detail->arm.cc;
	a->flags_gen = c->flags_gen;
	if (base && base != BASE_ABSOLUTE) {
		a->base = full_reg(c, base);
		a->base_gen = c->gen[a->base];
	}
	if (index) {
		a->index = full_reg(c, index);
		a->index_gen = c->gen[a->index];
	}
	if (base && base != BASE_ABSOLUTE && kind != ACC_NONE) {
		struct reg_value *r = reg_find(c, (unsigned)base);

		if (r && r->absolute && !index) {
			a->base = BASE_ABSOLUTE;
			a->disp = (int64_t)r->addr + disp;
		} else if (r && !r->absolute) {
			size_t n = strlen(a->text);
			const char *rn = reg_name(c, r->reg);
			const char *bn = reg_name(c, r->base);
			int64_t k = (int64_t)r->addr;

			/* through the stack pointer itself are spills and
			 * locals; a register formed from it holds the address
			 * of a local object, which a site may access
			 * (INIT_LIST_HEAD of a list head on the stack): not
			 * marked stack */
			a->base = r->base;
			a->base_gen = r->base_gen;
			a->disp = k + disp;
			/* the frame pointer (mov %rsp, %rbp) is the stack
			 * pointer: its slots are the frame's, as sp's are */
			if (r->base == c->stack_reg && !k &&
			    frame_pointer(c->d->machine, r->reg))
				a->stack = 1;
			a->frame = r->base == c->stack_reg && c->stack_reg;
			/* the evidence: which register it was formed from */
			if (rn && bn)
				snprintf(a->text + n, sizeof(a->text) - n,
					 k ? " (%s = %s %c 0x%llx)" : " (%s = %s)",
					 rn, bn, k < 0 ? '-' : '+',
					 (unsigned long long)(k < 0 ? -k : k));
		}
	}
	a->frame |= a->stack;
	mark_address_load(c, a);
	return a;
}

/*
 * A memory operand with a relocation inside the instruction (a relocatable
 * object): the relocation names the object, so it becomes the address.
 */
static int relocated(struct insn_ctx *c, uint64_t *where, uint64_t *target)
{
	return elf_image_reloc_in(c->img, c->in->address, c->in->size, where,
				  target);
}

static void do_x86(struct insn_ctx *c)
{
	const cs_x86 *x = &c->in->detail->x86;

	if (starts(c->in->mnemonic, "lea") || starts(c->in->mnemonic, "nop") ||
	    starts(c->in->mnemonic, "prefetch"))
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
		if (kind == ACC_NONE)
			kind = ACC_LOAD;
		if (op->mem.base == X86_REG_RIP || op->mem.base == X86_REG_EIP) {
			/* pc-relative: from the end of the instruction */
			base = BASE_ABSOLUTE;
			disp += (int64_t)(c->in->address + c->in->size);
			if (relocated(c, &where, &target))
				disp = (int64_t)(target + c->in->address +
						 c->in->size - where);
		} else if (!op->mem.base && !op->mem.index) {
			base = BASE_ABSOLUTE;
			if (relocated(c, &where, &target))
				disp = (int64_t)target;
		} else if (relocated(c, &where, &target) && !op->mem.index) {
			/* sym+disp(%reg): keep the register, add the symbol */
			disp += (int64_t)target;
		}
		add(c, kind, op->size, base, op->mem.index, disp);
	}
}

/* ARM: the memory operand, with a negative offset when subtracted. */
static void do_arm(struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;
	enum access_kind kind;
	const char *rest;
	unsigned width;
	int pair = 0;

	if (starts(m, "ldm") || starts(m, "stm")) {
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

			add(c, kind, 4, (uint64_t)a->operands[0].reg, 0, off);
		}
		return;
	}
	if (starts(m, "ldrex") || starts(m, "strex")) {
		kind = m[0] == 'l' ? ACC_LOAD : ACC_STORE;
		rest = m + 5;
		width = !*rest || arm_is_cond(rest) ? 4 : rest[0] == 'b' ? 1 :
			rest[0] == 'h' ? 2 : rest[0] == 'd' ? 8 : 0;
	} else if (starts(m, "ldr") || starts(m, "str")) {
		kind = m[0] == 'l' ? ACC_LOAD : ACC_STORE;
		width = arm_width(m + 3, &pair);
	} else if (starts(m, "vldr") || starts(m, "vstr")) {
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
		if (index && !op->shift.type && reg_constant(c, index, &k)) {
			disp += op->mem.scale < 0 ? -(int64_t)k : (int64_t)k;
			index = 0;
		}
		add(c, kind, width, (uint64_t)op->mem.base, index, disp);
		if (pair)
			add(c, kind, width, (uint64_t)op->mem.base, index,
			    disp + 4);
		return;
	}
}

static void do_arm64(struct insn_ctx *c)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	const char *m = c->in->mnemonic;
	size_t n = strlen(m);
	enum access_kind kind;
	unsigned width = 0, nregs = 1, data = 0;
	int exclusive_store;

	if (starts(m, "prfm") || starts(m, "prfum") || !n)
		return;
	if (starts(m, "ld") && !starts(m, "ldadd") && !starts(m, "ldclr") &&
	    !starts(m, "ldeor") && !starts(m, "ldset") && !starts(m, "ldsmax") &&
	    !starts(m, "ldsmin") && !starts(m, "ldumax") && !starts(m, "ldumin"))
		kind = ACC_LOAD;
	else if (starts(m, "st"))
		kind = ACC_STORE;
	else if (starts(m, "ld") || starts(m, "cas") || starts(m, "swp"))
		kind = ACC_RMW;
	else
		return;
	/* stxr w1, x0, [x2]: the first register is the status */
	exclusive_store = kind == ACC_STORE && (strstr(m, "xr") || strstr(m, "xp"));
	if (exclusive_store)
		data = 1;
	if (strstr(m, "p") && (starts(m, "ldp") || starts(m, "stp") ||
			       starts(m, "ldnp") || starts(m, "stnp") ||
			       starts(m, "ldxp") || starts(m, "stxp") ||
			       starts(m, "ldaxp") || starts(m, "stlxp") ||
			       starts(m, "ldpsw")))
		nregs = 2;
	if (m[n - 1] == 'b')
		width = 1;
	else if (m[n - 1] == 'h')
		width = 2;
	else if (m[n - 1] == 'w' && starts(m, "ld") && strstr(m, "sw"))
		width = 4;
	else if (data < a->op_count && a->operands[data].type == ARM64_OP_REG)
		width = a64_reg_width(c->cs, a->operands[data].reg);
	for (int i = 0; i < a->op_count; i++) {
		const cs_arm64_op *op = &a->operands[i];
		uint64_t where, target, base = op->mem.base;
		int64_t disp = op->mem.disp;

		if (op->type != ARM64_OP_MEM)
			continue;
		if (relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE; /* ldr w0, [x8, :lo12:sym] */
			disp += (int64_t)target;
		}
		for (unsigned r = 0; r < nregs; r++)
			add(c, kind, width, base, op->mem.index,
			    disp + (int64_t)(r * width));
		return;
	}
}

/* s390x, MIPS: one memory operand, width from the table. */
static void do_table(struct insn_ctx *c, const struct mnemonic_width *t,
		     size_t nt)
{
	char name[32];
	const struct mnemonic_width *w;

	snprintf(name, sizeof(name), "%s", c->in->mnemonic);
	w = table_lookup(t, nt, name);
	if (!w)
		return;
	for (int i = 0; ; i++) {
		/* base and disp are set on every path that reaches add();
		 * zero only for gcc -Og, which cannot see that through found
		 * (-Wmaybe-uninitialized, an error there). */
		uint64_t base = 0, index = 0, where, target;
		int64_t disp = 0;
		int found = 0;

		switch (c->d->machine) {
		case EM_S390: {
			const cs_sysz *z = &c->in->detail->sysz;
			size_t len = strlen(name);

			if (i >= z->op_count)
				return;
			if (len > 2 && !strcmp(name + len - 2, "rl") &&
			    z->operands[i].type == SYSZ_OP_IMM && i > 0) {
				/* lgrl %r1, sym: pc + 2 * offset, or the
				 * relocation's symbol in an object */
				base = BASE_ABSOLUTE;
				disp = z->operands[i].imm;
				if (relocated(c, &where, &target))
					disp = (int64_t)(target +
							 c->in->address - where);
				add(c, w->kind, w->size, base, 0, disp);
				return;
			}
			if ((found = z->operands[i].type == SYSZ_OP_MEM)) {
				base = z->operands[i].mem.base;
				index = z->operands[i].mem.index;
				disp = z->operands[i].mem.disp;
			}
			break;
		}
		default: {
			const cs_mips *mi = &c->in->detail->mips;

			if (i >= mi->op_count)
				return;
			if ((found = mi->operands[i].type == MIPS_OP_MEM)) {
				base = mi->operands[i].mem.base;
				disp = mi->operands[i].mem.disp;
			}
			break;
		}
		}
		if (!found)
			continue;
		if (relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE;
			disp += (int64_t)target;
		}
		add(c, w->kind, w->size, base, index, disp);
		return;
	}
}

/*
 * POWER: the table's entry for an instruction, found by its base name
 * (lwzux: lwz); *update says whether it is an update form (lwzu, lwzux,
 * stdu, lhau, lwaux: the address is written back to rA).
 */
static const struct mnemonic_width *ppc_lookup(const char *m, int *update)
{
	char name[32];
	const struct mnemonic_width *w;
	size_t n;

	*update = 0;
	snprintf(name, sizeof(name), "%s", m);
	if ((w = table_lookup(ppc_table, ARRAY_SIZE(ppc_table), name)))
		return w;
	n = strlen(name);
	if (n > 1 && name[n - 1] == 'x') /* indexed */
		name[--n] = '\0';
	if ((w = table_lookup(ppc_table, ARRAY_SIZE(ppc_table), name)))
		return w;
	if (n < 2 || name[n - 1] != 'u')
		return NULL;
	name[--n] = '\0';
	*update = 1;
	return table_lookup(ppc_table, ARRAY_SIZE(ppc_table), name);
}

/*
 * POWER: where a load or store's address comes from -- D-form: rA plus
 * a displacement (one memory operand, *mem); X-form (lwzx r9, r8, r10;
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

/* POWER: the one access of a load or store, through rA and a
 * displacement, or rA and rB (rB folded into the displacement when it
 * holds a known constant: li r10, 4; lwzx r9, r8, r10 is 4(r8)). */
static void do_ppc(struct insn_ctx *c)
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
		if (relocated(c, &where, &target)) {
			base = BASE_ABSOLUTE;
			disp += (int64_t)target;
		}
	} else if (!ra) {
		base = rb;
	} else if (reg_constant(c, rb, &k)) {
		disp = (int64_t)k;
	} else {
		index = rb;
	}
	a = add(c, w->kind, w->size, base, index, disp);
	/* the evidence: the constant the index register held */
	if (!mem && ra && !index && reg_name(c, rb)) {
		size_t n = strlen(a->text);

		snprintf(a->text + n, sizeof(a->text) - n, " (%s = %s0x%llx)",
			 reg_name(c, rb), disp < 0 ? "-" : "",
			 (unsigned long long)(disp < 0 ? -disp : disp));
	}
}

/*
 * POWER: the register an update form writes its address back to (lbzu
 * r9, 16(r8), stdux r3, r4, r5: rA), when it is one -- rA is never r0
 * there, nor, for a load, the register loaded (invalid forms).
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
 * RISC-V: the one memory operand, "disp(base)", width and direction from
 * the mnemonic.  In an object, a relocation on it (%lo(sym),
 * %pcrel_lo: resolved to its auipc's symbol) is the whole address.
 */
static void do_riscv(struct insn_ctx *c)
{
	enum access_kind kind;
	unsigned width = riscv_access(c->in->mnemonic, &kind);
	uint64_t where, target;

	if (!width)
		return;
	for (int i = 0; i < c->rvo.nr; i++) {
		const struct riscv_operand *op = &c->rvo.op[i];

		if (op->type != RV_OP_MEM)
			continue;
		if (relocated(c, &where, &target))
			add(c, kind, width, BASE_ABSOLUTE, 0,
			    (int64_t)target + op->imm);
		else
			add(c, kind, width, op->reg, 0, op->imm);
		return;
	}
}

/* s390x, MIPS, POWER: the first operand, when it is a register. */
static int first_register(const struct insn_ctx *c, unsigned *reg)
{
	const cs_detail *det = c->in->detail;

	switch (c->d->machine) {
	case EM_S390:
		*reg = det->sysz.operands[0].reg;
		return det->sysz.op_count && det->sysz.operands[0].type == SYSZ_OP_REG;
	case EM_MIPS:
		*reg = det->mips.operands[0].reg;
		return det->mips.op_count && det->mips.operands[0].type == MIPS_OP_REG;
	default:
		*reg = det->ppc.operands[0].reg;
		return det->ppc.op_count && det->ppc.operands[0].type == PPC_OP_REG;
	}
}

/* A register was written: its old value is gone. */
static void written(struct insn_ctx *c, unsigned reg)
{
	reg = full_reg(c, reg);
	if (!reg)
		return;
	c->gen[reg]++;
	reg_forget(c, reg);
	/* written by a load of this instruction: remember which, so that an
	 * access through the register marks it feeds_address */
	c->loaded_by[reg] = 0;
	for (size_t k = c->out->nr; c->in && k-- > 0 &&
	     c->out->items[k].pc == c->in->address;)
		if (c->out->items[k].kind == ACC_LOAD &&
		    !c->out->items[k].stack) {
			c->loaded_by[reg] = k + 1;
			c->loaded_gen[reg] = c->gen[reg];
			c->recent[c->nrecent++ % ARRAY_SIZE(c->recent)] = reg;
			break;
		}
}


/*
 * The registers the instruction writes: capstone says for x86, ARM and
 * AArch64; elsewhere the first register operand of anything but a store,
 * a compare or a branch.
 */
static void note_writes(struct insn_ctx *c)
{
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0;
	const char *m = c->in->mnemonic;
	unsigned reg;

	if (c->d->rv) {
		/* a call leaves only the callee-saved registers alone */
		if (riscv_branch_kind(m, &c->rvo) == RV_CALL) {
			for (unsigned r = 1; r < RISCV_NR_REGS; r++)
				if (!riscv_callee_saved(r))
					written(c, r);
			return;
		}
		if (c->rvo.nr && c->rvo.op[0].type == RV_OP_REG &&
		    c->rvo.op[0].reg != RISCV_REG_ZERO && riscv_writes_first(m))
			written(c, c->rvo.op[0].reg);
		return;
	}
	if (c->d->machine == EM_ARM && c->in->detail->arm.update_flags)
		c->flags_gen++;
	if (cs_regs_access(c->cs, c->in, rd, &nrd, wr, &nwr) == CS_ERR_OK) {
		for (unsigned i = 0; i < nwr; i++) {
			if (c->d->machine == EM_ARM && (wr[i] == ARM_REG_CPSR ||
			    wr[i] == ARM_REG_APSR || wr[i] == ARM_REG_APSR_NZCV))
				c->flags_gen++;
			written(c, wr[i]);
		}
		return;
	}
	/* POWER update forms write the address back to rA: what it holds
	 * now is no value the load gave */
	if ((c->d->machine == EM_PPC || c->d->machine == EM_PPC64) &&
	    ppc_update_base(c, &reg)) {
		written(c, reg);
		c->loaded_by[full_reg(c, reg)] = 0;
	}
	/* stores, compares, branches write no register */
	if (starts(m, "st") || m[0] == 'c' || m[0] == 'b' || m[0] == 'j' ||
	    starts(m, "tm") || (c->d->machine == EM_MIPS && m[0] == 's' &&
				 strchr("bhwd", m[1])))
		return;
	if (first_register(c, &reg))
		written(c, reg);
}

/* x86: mov %src, %dst; lea disp(%src), %dst; add/sub $imm, %dst. */
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
	if (starts(m, "lea") && r->type == X86_OP_MEM && !r->mem.index &&
	    r->mem.base && r->mem.base != X86_REG_RIP &&
	    r->mem.base != X86_REG_EIP) {
		*src = r->mem.base;
		*off = r->mem.disp;
		return 1;
	}
	if ((starts(m, "add") || starts(m, "sub")) && r->type == X86_OP_IMM &&
	    strlen(m) <= 4) {
		*src = w->reg;
		*off = m[0] == 's' ? -r->imm : r->imm;
		return 1;
	}
	return 0;
}

/* AArch64: mov xD, xN; add/sub xD, xN, #imm (lsl #12 too). */
static int a64_derived(const struct insn_ctx *c, unsigned *dst,
		       unsigned *src, int64_t *off)
{
	const cs_arm64 *a = &c->in->detail->arm64;
	const char *m = c->in->mnemonic;
	const cs_arm64_op *imm = &a->operands[2];

	if (a->op_count < 2 || a->operands[0].type != ARM64_OP_REG ||
	    a->operands[1].type != ARM64_OP_REG ||
	    a64_reg_width(c->cs, a->operands[0].reg) != 8 ||
	    a64_reg_width(c->cs, a->operands[1].reg) != 8)
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

/* ARM: the constant an unconditional mov/movw rD, #imm (or a movt
 * rD, #imm of a register holding one) leaves in rD. */
static int arm_constant(const struct insn_ctx *c, uint64_t *value)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;
	uint64_t old;

	if ((a->cc != ARM_CC_AL && a->cc != ARM_CC_INVALID) ||
	    a->op_count != 2 || a->operands[0].type != ARM_OP_REG ||
	    a->operands[1].type != ARM_OP_IMM ||
	    a->operands[0].reg == ARM_REG_PC)
		return 0;
	if (!strcmp(m, "mov") || !strcmp(m, "movw") || !strcmp(m, "mov.w")) {
		*value = (uint32_t)a->operands[1].imm;
		return 1;
	}
	if (!strcmp(m, "movt") &&
	    reg_constant(c, a->operands[0].reg, &old)) {
		*value = (uint32_t)((old & 0xffff) |
				    ((uint32_t)a->operands[1].imm << 16));
		return 1;
	}
	return 0;
}

/*
 * ARM: a load or store that writes its address back -- ldrb r7, [r1,
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

	if (!a->writeback || (!starts(m, "ldr") && !starts(m, "str")) ||
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
		 reg_constant(c, post->reg, &k))
		*off = post->subtracted ? -(int64_t)k : (int64_t)k;
	else if (post)
		return 0;
	else if (mem->mem.index && !mem->shift.type &&
		 reg_constant(c, mem->mem.index, &k))
		*off = mem->mem.scale < 0 ? -(int64_t)k : (int64_t)k;
	else if (mem->mem.index)
		return 0;
	else
		*off = mem->subtracted && mem->mem.disp > 0 ? -mem->mem.disp :
		       mem->mem.disp;
	*dst = *src = mem->mem.base;
	return 1;
}

/* ARM: mov rD, rN; add/sub rD, rN, #imm -- unconditional, not pc. */
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

/* s390x: la/lay rD, disp(rN); lgr rD, rN; aghi/agfi rD, imm. */
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

/*
 * POWER: an update form -- lbzu r9, 16(r8) (D-form), lbzux r9, r8, r10
 * with r10 a known constant (X-form): rA now holds itself plus that, and
 * the next access through it (lbz r10, 1(r8)) is 17 bytes past the old
 * r8.  Like ARM's write-back (arm_writeback).
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
	else if (reg_constant(c, rb, &k))
		*off = (int64_t)k;
	else
		return 0;
	*dst = *src = ra;
	return 1;
}

/* POWER: mr rD, rN; addi/addis rD, rN, imm.  MIPS: move; (d)addiu. */
static int ppc_mips_derived(const struct insn_ctx *c, unsigned *dst,
			    unsigned *src, int64_t *off)
{
	const char *m = c->in->mnemonic;
	int mips = c->d->machine == EM_MIPS;
	unsigned n = mips ? c->in->detail->mips.op_count :
		c->in->detail->ppc.op_count;
	int reg0, reg1, imm2 = 0;
	int64_t imm = 0;

	if (n < 2)
		return 0;
	if (mips) {
		const cs_mips_op *o = c->in->detail->mips.operands;

		reg0 = o[0].type == MIPS_OP_REG;
		reg1 = o[1].type == MIPS_OP_REG;
		*dst = o[0].reg;
		*src = o[1].reg;
		if (n == 3 && o[2].type == MIPS_OP_IMM) {
			imm2 = 1;
			imm = o[2].imm;
		}
	} else {
		const cs_ppc_op *o = c->in->detail->ppc.operands;

		reg0 = o[0].type == PPC_OP_REG;
		reg1 = o[1].type == PPC_OP_REG;
		*dst = o[0].reg;
		*src = o[1].reg;
		/* SI, signed 16 bits: capstone 4.0.2 gives addi r4, r3,
		 * -4 as 0xfffc */
		if (n == 3 && o[2].type == PPC_OP_IMM) {
			imm2 = 1;
			imm = (int16_t)o[2].imm;
		}
	}
	if (!reg0 || !reg1)
		return 0;
	*off = 0;
	if (n == 2 && (!strcmp(m, mips ? "move" : "mr")))
		return 1;
	if (!imm2)
		return 0;
	if (mips ? !strcmp(m, c->d->is64 ? "daddiu" : "addiu") :
	    !strcmp(m, "addi")) {
		*off = imm;
		return 1;
	}
	if (!mips && !strcmp(m, "addis")) {
		*off = imm * 65536;
		return 1;
	}
	return 0;
}

/* RISC-V: mv rD, rN; addi rD, rN, imm (c.mv, c.addi, c.addi16sp and
 * c.addi4spn print so too). */
static int riscv_derived(const struct insn_ctx *c, unsigned *dst,
			 unsigned *src, int64_t *off)
{
	const struct riscv_operands *o = &c->rvo;
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

/* Does the instruction set a register to another's value plus a
 * constant?  *dst = *src + *off. */
static int derived(const struct insn_ctx *c, unsigned *dst, unsigned *src,
		   int64_t *off)
{
	switch (c->d->machine) {
	case EM_X86_64:
	case EM_386:
		return x86_derived(c, dst, src, off);
	case EM_AARCH64:
		return a64_derived(c, dst, src, off);
	case EM_ARM:
		return arm_derived(c, dst, src, off);
	case EM_S390:
		return s390_derived(c, dst, src, off);
	case EM_PPC:
	case EM_PPC64:
		return ppc_update(c, dst, src, off) ||
		       ppc_mips_derived(c, dst, src, off);
	case EM_MIPS:
		return ppc_mips_derived(c, dst, src, off);
	case EM_RISCV:
		return riscv_derived(c, dst, src, off);
	}
	return 0;
}

/* At the destination of a forward jump seen before: a value formed
 * between the jump and here may not be what the register holds when
 * the jump is taken. */
static void reach_jumps(struct insn_ctx *c)
{
	uint64_t pc = c->in->address;

	for (size_t j = 0; j < c->njumps;) {
		if (c->jumps[j].to != pc) {
			j++;
			continue;
		}
		for (size_t k = 0; k < c->nregs;)
			if (!c->regs[k].absolute &&
			    c->regs[k].set_pc > c->jumps[j].from)
				c->regs[k] = c->regs[--c->nregs];
			else
				k++;
		for (size_t k = 0; k < c->nconsts;)
			if (c->consts[k].set_pc > c->jumps[j].from)
				c->consts[k] = c->consts[--c->nconsts];
			else
				k++;
		for (unsigned k = 0; k < c->jumps[j].nloads; k++) {
			unsigned reg = c->jumps[j].loads[k].reg;

			c->joined_by[reg] = c->jumps[j].loads[k].load;
			c->joined_gen[reg] = c->gen[reg];
		}
		c->jumps[j] = c->jumps[--c->njumps];
	}
}

static void note_jump(struct insn_ctx *c, uint64_t to)
{
	struct pending_jump *j;

	if (to <= c->in->address)
		return;
	if (c->njumps == ARRAY_SIZE(c->jumps)) {
		/* too many to follow: no formed value survives */
		for (size_t k = 0; k < c->nregs;)
			if (!c->regs[k].absolute)
				c->regs[k] = c->regs[--c->nregs];
			else
				k++;
		c->nconsts = 0;
		c->njumps = 0;
	}
	j = &c->jumps[c->njumps++];
	j->from = c->in->address;
	j->to = to;
	j->nloads = 0;
	/* the registers recent loads gave a value that still holds */
	for (unsigned i = 0; i < ARRAY_SIZE(c->recent) && i < c->nrecent &&
	     j->nloads < ARRAY_SIZE(j->loads); i++) {
		unsigned reg = c->recent[i], seen = 0;

		for (unsigned k = 0; k < j->nloads; k++)
			seen |= j->loads[k].reg == reg;
		if (seen || !c->loaded_by[reg] ||
		    c->loaded_gen[reg] != c->gen[reg])
			continue;
		j->loads[j->nloads].reg = reg;
		j->loads[j->nloads++].load = c->loaded_by[reg];
	}
}

/*
 * Follow the registers that receive an address (lea sym(%rip), larl,
 * adrp + add :lo12:, movw + movt from a symbol) -- straight-line: a
 * value set on one path is assumed on the next, which is how compilers
 * use these sequences -- and those formed from another register (a move,
 * an add of a constant), until the destination of a jump that skipped
 * where they were formed.
 */
static void track_registers(struct insn_ctx *c)
{
	const cs_detail *det = c->in->detail;
	const char *m = c->in->mnemonic;
	uint64_t where, target, old = 0;
	int rel = relocated(c, &where, &target), had = 0, formed = 0;
	struct reg_value v;
	unsigned dst = 0, src;
	int64_t off;
	int arm_sets_constant = 0;
	uint64_t constant = 0;

	/* add x8, x8, :lo12:sym reads the x8 it writes */
	if (c->d->machine == EM_AARCH64 && det->arm64.op_count == 3 &&
	    det->arm64.operands[1].type == ARM64_OP_REG &&
	    reg_find(c, det->arm64.operands[1].reg) &&
	    reg_find(c, det->arm64.operands[1].reg)->absolute) {
		old = reg_find(c, det->arm64.operands[1].reg)->addr;
		had = 1;
	}
	/* x8 = x19 + 0x359: what x19 holds now, before the write */
	if (!rel && derived(c, &dst, &src, &off)) {
		struct reg_value *r = reg_find(c, src);

		memset(&v, 0, sizeof(v));
		if (r) {
			v = *r;
		} else {
			v.base = full_reg(c, src);
			v.base_gen = c->gen[v.base];
		}
		v.addr += (uint64_t)off;
		formed = v.absolute || v.base;
	}
	/* ARM: mov/movw rD, #imm, movt rD, #imm on a known constant --
	 * unconditional (read before the write: movt keeps the low half) */
	if (c->d->machine == EM_ARM && !rel)
		arm_sets_constant = arm_constant(c, &constant);
	note_writes(c);
	if (formed)
		reg_set_value(c, dst, &v);
	switch (c->d->machine) {
	case EM_X86_64:
	case EM_386: {
		const cs_x86 *x = &det->x86;
		const cs_x86_op *mem, *dst;

		if (strncmp(m, "lea", 3) || x->op_count != 2)
			break;
		mem = &x->operands[0];
		dst = &x->operands[1];
		if (mem->type != X86_OP_MEM) {
			mem = &x->operands[1];
			dst = &x->operands[0];
		}
		if (mem->type == X86_OP_MEM && dst->type == X86_OP_REG &&
		    (mem->mem.base == X86_REG_RIP || mem->mem.base == X86_REG_EIP) &&
		    !mem->mem.index)
			reg_set(c, dst->reg, rel ? target + c->in->address +
				c->in->size - where : c->in->address +
				c->in->size + (uint64_t)mem->mem.disp);
		break;
	}
	case EM_AARCH64: {
		const cs_arm64 *a = &det->arm64;

		if (a->op_count < 2 || a->operands[0].type != ARM64_OP_REG)
			break;
		if (!strcmp(m, "adrp") && a->operands[1].type == ARM64_OP_IMM)
			reg_set(c, a->operands[0].reg, rel ? target :
				(uint64_t)a->operands[1].imm);
		else if (!strcmp(m, "add") && a->op_count == 3 && had &&
			 a->operands[2].type == ARM64_OP_IMM)
			reg_set(c, a->operands[0].reg, rel ? target :
				old + (uint64_t)a->operands[2].imm);
		break;
	}
	case EM_ARM: {
		const cs_arm *a = &det->arm;

		if (a->op_count >= 1 && a->operands[0].type == ARM_OP_REG &&
		    (starts(m, "movw") || starts(m, "movt")) && rel)
			reg_set(c, (unsigned)a->operands[0].reg, target);
		else if (!rel && arm_sets_constant)
			reg_constant_set(c, (unsigned)a->operands[0].reg,
					 constant);
		break;
	}
	case EM_RISCV: {
		/* lui rD, %hi(sym); auipc rD, %pcrel_hi(sym); addi rD, rN,
		 * %lo(sym) or %pcrel_lo: the relocation's target in an
		 * object; in a linked file the value itself (addi: derived) */
		const struct riscv_operands *o = &c->rvo;
		uint64_t hi;

		if (rel && ((!strcmp(m, "addi") && o->nr == 3) ||
			    (!strcmp(m, "mv") && o->nr == 2)) &&
		    o->op[0].type == RV_OP_REG) { /* mv: addi of %lo 0 */
			reg_set(c, o->op[0].reg, target);
			break;
		}
		if (o->nr != 2 || o->op[0].type != RV_OP_REG ||
		    o->op[1].type != RV_OP_IMM)
			break;
		hi = (uint64_t)(int64_t)(int32_t)((uint32_t)o->op[1].imm << 12);
		if (!strcmp(m, "lui"))
			reg_set(c, o->op[0].reg, rel ? target : hi);
		else if (!strcmp(m, "auipc") &&
			 (rel || !elf_image_info(c->img)->relocatable))
			reg_set(c, o->op[0].reg, rel ? target :
				c->in->address + hi);
		break;
	}
	case EM_PPC:
	case EM_PPC64: {
		const cs_ppc *p = &det->ppc;

		/* li r10, 4: an index register's value (lwzux r9, r8, r10) */
		if (!rel && !strcmp(m, "li") && p->op_count == 2 &&
		    p->operands[0].type == PPC_OP_REG &&
		    p->operands[1].type == PPC_OP_IMM)
			reg_constant_set(c, p->operands[0].reg, (uint64_t)
					 (int64_t)(int16_t)p->operands[1].imm);
		break;
	}
	case EM_S390: {
		const cs_sysz *z = &det->sysz;

		if (!strcmp(m, "larl") && z->op_count == 2 &&
		    z->operands[0].type == SYSZ_OP_REG)
			reg_set(c, z->operands[0].reg, rel ?
				target + c->in->address - where :
				(uint64_t)z->operands[1].imm);
		break;
	}
	}
}

/* ARM: pop {..., pc}, ldm sp!, {..., pc}, mov pc, lr -- a return or a
 * jump that capstone 4.0.2 does not put in a branch group. */
static int writes_pc(const struct insn_ctx *c)
{
	const cs_arm *a;

	if (c->d->machine != EM_ARM)
		return 0;
	a = &c->in->detail->arm;
	for (int i = 0; i < a->op_count; i++)
		if (a->operands[i].type == ARM_OP_REG &&
		    a->operands[i].reg == ARM_REG_PC &&
		    (starts(c->in->mnemonic, "pop") || starts(c->in->mnemonic, "ldm") ||
		     (i == 0 && !starts(c->in->mnemonic, "str") &&
		      !starts(c->in->mnemonic, "cmp") &&
		      !starts(c->in->mnemonic, "push"))))
			return 1;
	return 0;
}

/*
 * A POWER branch, by its mnemonic: capstone 4 puts none of blr, bctr
 * and b in a jump or return group, so the code after a return was on
 * one path with the code before it (liburcu's read_unlock, duplicated
 * by gcc into both sides of an if, each ending in blr: a false
 * "duplicated").  Every branch mnemonic starts with 'b'; the others
 * that do are bit and byte operations.
 */
static int ppc_branch(const struct insn_ctx *c)
{
	const char *m = c->in->mnemonic;

	if (c->d->machine != EM_PPC64 && c->d->machine != EM_PPC)
		return 0;
	return m[0] == 'b' && !starts(m, "bpermd") && !starts(m, "brinc") &&
	       strcmp(m, "brd") && strcmp(m, "brw") && strcmp(m, "brh");
}

/* The immediate destination of a direct branch, or 0. */
static uint64_t branch_immediate(const struct insn_ctx *c)
{
	const cs_detail *det = c->in->detail;
	uint64_t where, target;

	if (elf_image_reloc_in(c->img, c->in->address, c->in->size, &where,
			       &target))
		return 0; /* to a symbol: another function (a tail call) */
	switch (c->d->machine) {
	case EM_X86_64:
	case EM_386:
		for (int i = 0; i < det->x86.op_count; i++)
			if (det->x86.operands[i].type == X86_OP_IMM)
				return (uint64_t)det->x86.operands[i].imm;
		break;
	case EM_ARM:
		for (int i = 0; i < det->arm.op_count; i++)
			if (det->arm.operands[i].type == ARM_OP_IMM)
				return (uint64_t)(uint32_t)det->arm.operands[i].imm;
		break;
	case EM_AARCH64:
		for (int i = 0; i < det->arm64.op_count; i++)
			if (det->arm64.operands[i].type == ARM64_OP_IMM)
				return (uint64_t)det->arm64.operands[i].imm;
		break;
	}
	return 0;
}

/* ARM: a return -- pop/ldm with pc, bx lr, mov pc, lr -- rather than an
 * indirect jump (bx r3, ldr pc, [pc, r2, lsl #2], tbb: a jump table). */
static int arm_return(const struct insn_ctx *c)
{
	const cs_arm *a = &c->in->detail->arm;
	const char *m = c->in->mnemonic;

	if (starts(m, "pop") || starts(m, "ldm"))
		return 1;
	return (starts(m, "bx") || starts(m, "mov")) && a->op_count >= 1 &&
	       a->operands[a->op_count - 1].type == ARM_OP_REG &&
	       a->operands[a->op_count - 1].reg == ARM_REG_LR;
}

/*
 * Where a branch may lead, for the paths between two accesses: its
 * destination when direct, whether execution may fall through to the
 * next instruction, whether it is an indirect jump.  Only x86, ARM,
 * AArch64 and POWER are told apart; elsewhere every branch may fall
 * through, which keeps the accesses around it on one path.
 */
static void branch_paths(struct insn_ctx *c, struct mem_access *a)
{
	const char *m = c->in->mnemonic;
	int ret = cs_insn_group(c->cs, c->in, CS_GRP_RET);

	a->falls = 1;
	if (a->call)
		return;
	a->target = branch_immediate(c);
	switch (c->d->machine) {
	case EM_X86_64:
	case EM_386:
		if (ret || starts(m, "jmp") || starts(m, "ljmp")) {
			a->falls = 0;
			a->wild = !ret && !a->target &&
				c->in->detail->x86.op_count &&
				c->in->detail->x86.operands[0].type != X86_OP_IMM;
		}
		break;
	case EM_ARM: {
		unsigned cc = c->in->detail->arm.cc;

		if (cc != ARM_CC_AL && cc != ARM_CC_INVALID)
			break; /* conditional: may not be taken */
		if (starts(m, "cbz") || starts(m, "cbnz"))
			break;
		a->falls = 0;
		a->wild = !a->target && !arm_return(c) &&
			!(starts(m, "b") && c->in->detail->arm.op_count &&
			  c->in->detail->arm.operands[0].type == ARM_OP_IMM);
		break;
	}
	case EM_AARCH64:
		if (starts(m, "b.") || starts(m, "cb") || starts(m, "tb"))
			break;
		a->falls = 0;
		a->wild = starts(m, "br");
		break;
	case EM_PPC64:
	case EM_PPC:
		/* unconditional: b, ba, blr, bctr (bl, bctrl ... return) */
		if (!strcmp(m, "b") || !strcmp(m, "ba") || !strcmp(m, "blr") ||
		    !strcmp(m, "bctr")) {
			a->falls = 0;
			a->wild = !strcmp(m, "bctr");
		}
		break;
	}
}

/*
 * RISC-V: a branch, jump, call or return, with where it leads.  In an
 * object a branch to a label carries a relocation (for the linker's
 * relaxation) whose target is the label; one to another function's
 * symbol is a tail call: out of the function.
 */
static void riscv_branch(struct insn_ctx *c)
{
	enum riscv_branch k = riscv_branch_kind(c->in->mnemonic, &c->rvo);
	const struct riscv_operand *last;
	const unsigned char *bytes;
	uint64_t where, target;
	struct mem_access *a;
	size_t avail;

	if (k == RV_NOT_BRANCH)
		return;
	last = c->rvo.nr ? &c->rvo.op[c->rvo.nr - 1] : NULL;
	a = add(c, ACC_NONE, 0, 0, 0, 0);
	a->branch = 1;
	a->call = k == RV_CALL;
	a->falls = k == RV_COND || k == RV_CALL;
	if (k == RV_JUMP_REG && last) {
		/* through a register auipc set (tail sym): a tail call, not a
		 * jump table */
		struct reg_value *r = last->type != RV_OP_IMM ?
			reg_find(c, last->reg) : NULL;

		a->wild = !(r && r->absolute);
	}
	if ((k != RV_COND && k != RV_JUMP) || !last || last->type != RV_OP_IMM)
		return;
	if (relocated(c, &where, &target))
		a->target = !elf_image_code(c->img, target, &bytes, &avail) ?
			target : 0;
	else
		a->target = c->in->address + (uint64_t)last->imm;
	if (a->target)
		note_jump(c, a->target);
}

/* How long is the instruction at code that capstone could not decode? */
static size_t undecodable_length(const struct insn_ctx *c,
				 const unsigned char *code, size_t left)
{
	size_t n = 1;

	switch (c->d->machine) {
	case EM_S390: /* the top two bits of the opcode: 2, 4, 4 or 6 bytes */
		n = (size_t[]){ 2, 4, 4, 6 }[code[0] >> 6];
		break;
	case EM_ARM:
		n = c->cs == c->d->thumb && left >= 2 &&
			(code[1] & 0xf8) < 0xe8 ? 2 : 4; /* little-endian Thumb */
		break;
	case EM_AARCH64:
	case EM_PPC:
	case EM_PPC64:
	case EM_MIPS:
		n = 4;
		break;
	case EM_RISCV:
		n = riscv_insn_length(code);
		break;
	}
	return n < left ? n : left;
}

/* A marker for bytes that were skipped undecoded. */
static struct mem_access *add_undecoded(struct insn_ctx *c, uint64_t pc)
{
	struct mem_access_list *o = c->out;
	struct mem_access *a;

	ALLOC_GROW(o->items, o->nr + 1, o->alloc);
	a = &o->items[o->nr++];
	memset(a, 0, sizeof(*a));
	a->pc = pc;
	snprintf(a->text, sizeof(a->text), c->d->rv ? "(not decoded by LLVM)" :
		 "(not decoded by capstone)");
	a->undecoded = 1;
	return a;
}

static unsigned stack_register(unsigned machine)
{
	switch (machine) {
	case EM_X86_64: return X86_REG_RSP;
	case EM_386: return X86_REG_ESP;
	case EM_ARM: return ARM_REG_SP;
	case EM_AARCH64: return ARM64_REG_SP;
	case EM_S390: return SYSZ_REG_15;
	case EM_PPC64: case EM_PPC: return PPC_REG_R1;
	case EM_MIPS: return MIPS_REG_SP;
	case EM_RISCV: return RISCV_REG_SP;
	}
	return 0;
}

/* Decode the next instruction into in, as cs_disasm_iter() does:
 * advance code, left and pc past it.  0 when it cannot be decoded. */
static int next_insn(struct insn_ctx *c, const unsigned char **code,
		     size_t *left, uint64_t *pc, cs_insn *in)
{
	size_t n;

	if (!c->d->rv)
		return cs_disasm_iter(c->cs, code, left, pc, in);
	n = riscv_decode(c->d->rv, *code, *left, *pc, in->mnemonic,
			 sizeof(in->mnemonic), in->op_str, sizeof(in->op_str));
	if (!n)
		return 0;
	in->address = *pc;
	in->size = (uint16_t)n;
	riscv_operands(in->op_str, &c->rvo);
	*code += n;
	*left -= n;
	*pc += n;
	return 1;
}

#define MARK(starts, off) ((starts) ? (void)((starts)[(off) / 8] |= \
				(unsigned char)(1u << ((off) % 8))) : (void)0)

size_t disasm_range(struct disasm *d, struct elf_image *img, uint64_t addr,
		    size_t len, struct mem_access_list *out)
{
	return disasm_range_marked(d, img, addr, len, out, NULL);
}

size_t disasm_range_marked(struct disasm *d, struct elf_image *img,
			   uint64_t addr, size_t len,
			   struct mem_access_list *out, unsigned char *starts)
{
	const unsigned char *code;
	size_t avail, left, undecoded = 0;
	uint64_t pc = addr;
	struct insn_ctx c;

	if (elf_image_code(img, addr, &code, &avail))
		return len;
	left = len < avail ? len : avail;
	memset(&c, 0, sizeof(c));
	c.d = d;
	c.img = img;
	c.out = out;
	c.stack_reg = stack_register(d->machine);
	c.cs = d->machine == EM_ARM && elf_image_is_thumb(img, addr) ?
		d->thumb : d->cs;
	if (!d->insn && !d->rv)
		d->insn = cs_malloc(c.cs);
	while (left) {
		cs_insn *in = d->rv ? &d->rv_insn : d->insn;

		MARK(starts, pc - addr);
		if (!next_insn(&c, &code, &left, &pc, in)) {
			/* an instruction capstone 4.0.2 does not know: skip it
			 * by the machine's length rule and say so */
			size_t skip = undecodable_length(&c, code, left);
			struct mem_access *a;

			c.in = NULL;
			a = add_undecoded(&c, pc);
			(void)a;
			code += skip;
			pc += skip;
			left -= skip;
			undecoded += skip;
			continue;
		}
		c.in = in;
		reach_jumps(&c);
		if (d->rv) {
			riscv_branch(&c);
			do_riscv(&c);
			track_registers(&c);
			continue;
		}
		if (writes_pc(&c) || ppc_branch(&c) ||
		    cs_insn_group(c.cs, in, CS_GRP_JUMP) ||
		    cs_insn_group(c.cs, in, CS_GRP_CALL) ||
		    cs_insn_group(c.cs, in, CS_GRP_RET)) {
			struct mem_access *a = add(&c, ACC_NONE, 0, 0, 0, 0);

			a->branch = 1;
			a->call = cs_insn_group(c.cs, in, CS_GRP_CALL);
			branch_paths(&c, a);
			if (a->target)
				note_jump(&c, a->target);
		}
		switch (d->machine) {
		case EM_X86_64:
		case EM_386:
			do_x86(&c);
			break;
		case EM_ARM:
			do_arm(&c);
			break;
		case EM_AARCH64:
			do_arm64(&c);
			break;
		case EM_S390:
			do_table(&c, s390_table, ARRAY_SIZE(s390_table));
			break;
		case EM_MIPS:
			do_table(&c, mips_table, ARRAY_SIZE(mips_table));
			break;
		default:
			do_ppc(&c);
			break;
		}
		track_registers(&c); /* after: "ldr x8, [x8]" used the old x8 */
	}
	MARK(starts, pc - addr);
	return undecoded + (len > avail ? len - avail : 0);
}

/* "lock", "lock+4", "lock-8": a symbol and an offset as an assembler
 * takes it back. */
static void symbol_text(char *buf, size_t size, const char *name,
			int64_t off)
{
	if (!off)
		snprintf(buf, size, "%s", name);
	else
		snprintf(buf, size, "%s%c%llu", name, off < 0 ? '-' : '+',
			 (unsigned long long)(off < 0 ? -off : off));
}

/* The symbol at address ea: the relocation's own (a section symbol's
 * is replaced by the data object at ea when there is one), or in a
 * linked file the data object or function there.  0 if none. */
static int symbol_at(struct insn_ctx *c, uint64_t ea, const char *rname,
		     uint64_t rsym, int rsection, char *buf, size_t size)
{
	uint64_t off;
	const char *name;

	if (rname && *rname && !rsection) {
		symbol_text(buf, size, rname, (int64_t)(ea - rsym));
		return 1;
	}
	if ((name = elf_image_data_symbol_at(c->img, ea, &off)) ||
	    (name = elf_image_symbol_at(c->img, ea, &off))) {
		symbol_text(buf, size, name, (int64_t)off);
		return 1;
	}
	if (rname && *rname) {
		symbol_text(buf, size, rname, (int64_t)(ea - rsym));
		return 1;
	}
	return 0;
}

/*
 * The listing's text of an instruction with its symbols resolved, as
 * its assembly source had them: x86 "movl lock+4(%rip), %eax" for
 * "movl 0x0(%rip), %eax" (a relocation in an object, the address in a
 * linked file) and "callq get_snap" for a call to a relocation; on the
 * other targets a relocation is named after the instruction, objdump's
 * way: "adrp x8, 0 <lock+4>".
 */
static void listing_text(struct insn_ctx *c, char *text, size_t size)
{
	const cs_insn *in = c->in;
	uint64_t where = 0, target = 0, rsym = 0, ea = 0;
	const char *rname = NULL;
	int rsection = 0, rel, have = 0;
	char sym[128], ops[160];
	const char *rip;

	insn_text(in, text, size);
	rel = elf_image_reloc_symbol(c->img, in->address, in->size, &where,
				     &target, &rname, &rsym, &rsection);
	if (c->d->machine != EM_X86_64 && c->d->machine != EM_386) {
		if (!rel)
			return;
		ea = target;
		if (c->d->machine == EM_S390) /* pc-relative from the opcode */
			ea = target + in->address - where;
		if (symbol_at(c, ea, rname, rsym, rsection, sym, sizeof(sym)))
			snprintf(text + strlen(text), size - strlen(text),
				 " <%s>", sym);
		return;
	}
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
	if (!have || !symbol_at(c, ea, rel ? rname : NULL, rsym, rsection,
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

void disasm_listing(struct disasm *d, struct elf_image *img, uint64_t addr,
		    size_t len, const uint64_t *marked, size_t nmarked,
		    struct strbuf *out)
{
	struct mem_access_list scratch = { NULL, 0, 0 };
	const unsigned char *code;
	size_t avail, left;
	uint64_t pc = addr;
	struct insn_ctx c;

	if (elf_image_code(img, addr, &code, &avail))
		return;
	left = len < avail ? len : avail;
	memset(&c, 0, sizeof(c));
	c.d = d;
	c.img = img;
	c.out = &scratch;
	c.cs = d->machine == EM_ARM && elf_image_is_thumb(img, addr) ?
		d->thumb : d->cs;
	if (!d->insn && !d->rv)
		d->insn = cs_malloc(c.cs);
	while (left) {
		cs_insn *in = d->rv ? &d->rv_insn : d->insn;
		uint64_t at = pc;
		char text[192];
		int mark = 0;

		for (size_t k = 0; k < nmarked && !mark; k++)
			mark = marked[k] == at;
		if (!next_insn(&c, &code, &left, &pc, in)) {
			size_t skip = undecodable_length(&c, code, left);

			strbuf_addf(out, "%llx\t\t(not decoded)\n",
				    (unsigned long long)
				    elf_image_file_address(img, at));
			code += skip;
			pc += skip;
			left -= skip;
			continue;
		}
		c.in = in;
		listing_text(&c, text, sizeof(text));
		strbuf_addf(out, "%llx\t%s\t%s\n", (unsigned long long)
			    elf_image_file_address(img, at), mark ? "*" : "",
			    text);
	}
	free(scratch.items);
}
