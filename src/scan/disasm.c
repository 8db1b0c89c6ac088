/*
 * Memory operands of machine code (disasm.h): what every instruction set
 * shares -- the decoding loop, the registers followed through moves,
 * adds and loads, the forward jumps that end what a register is known to
 * hold, the access records and the listing.  What differs per
 * instruction set (which decoder, widths, formed registers, branches,
 * the stack register ...) is in src/scan/isa/<arch>.c behind struct
 * isa_ops (isa/isa.h), chosen by the image's ELF machine.
 */
#include "scan/disasm.h"
#include "scan/isa/isa.h"
#include "lib/util.h"

#include <capstone/capstone.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void init_parents(struct disasm *d)
{
	for (unsigned r = 0; r < MAX_REGS; r++) {
		const char *n = d->cs ? cs_reg_name(d->cs, r) : NULL;
		char p[16];

		d->parent[r] = (uint16_t)r;
		if (!r || !n || !d->ops->parent_name)
			continue;
		snprintf(p, sizeof(p), "%s", n);
		d->ops->parent_name(n, p, sizeof(p));
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

int isa_capstone_open(struct disasm *d, cs_arch arch, int mode,
		      int thumb_mode, struct strbuf *why)
{
	if (cs_open(arch, (cs_mode)mode, &d->cs) != CS_ERR_OK ||
	    (thumb_mode && cs_open(arch, (cs_mode)thumb_mode, &d->thumb) !=
	     CS_ERR_OK)) {
		strbuf_addf(why, "capstone cannot open machine %u",
			    d->machine);
		return -1;
	}
	cs_option(d->cs, CS_OPT_DETAIL, CS_OPT_ON);
	if (d->thumb)
		cs_option(d->thumb, CS_OPT_DETAIL, CS_OPT_ON);
	return 0;
}

struct disasm *disasm_open(const struct elf_image_info *info,
			   struct strbuf *why)
{
	const struct isa_ops *ops = isa_find(info->machine);
	struct disasm *d;

	if (!ops) {
		strbuf_addf(why, "unsupported machine (ELF e_machine %u)",
			    info->machine);
		return NULL;
	}
	d = xcalloc(1, sizeof(*d));
	d->ops = ops;
	d->machine = info->machine;
	d->is64 = info->is64;
	if (ops->open(d, info, why)) {
		free(d);
		return NULL;
	}
	init_parents(d);
	return d;
}

const struct elf_machine_rules *disasm_elf_rules(unsigned machine)
{
	const struct isa_ops *ops = isa_find(machine);

	return ops ? &ops->elf : NULL;
}

void isa_capstone_close(struct disasm *d)
{
	if (d->insn)
		cs_free(d->insn, 1);
	d->insn = NULL;
	cs_close(&d->cs);
	if (d->thumb)
		cs_close(&d->thumb);
}

void disasm_close(struct disasm *d)
{
	if (!d)
		return;
	free(d->copy_starts);
	insn_memo_free(d->memo);
	if (d->ops->close) {
		d->ops->close(d);
		free(d);
		return;
	}
	isa_capstone_close(d);
	free(d);
}

unsigned disasm_dwarf_reg(const struct disasm *d, unsigned n)
{
	return d->ops->dwarf_reg ? d->ops->dwarf_reg(n) : 0;
}

const char *disasm_reg_name(const struct disasm *d, unsigned reg)
{
	const char *n = d->ops->reg_name || !d->cs ? NULL :
		cs_reg_name(d->cs, reg);

	return n ? n : "?";
}

const struct mnemonic_width *isa_width_lookup(const struct mnemonic_width *t,
					      size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(t[i].name, name))
			return &t[i];
	return NULL;
}

/* ---- one instruction ---- */

const char *isa_reg_name(const struct insn_ctx *c, unsigned reg)
{
	return c->d->ops->reg_name ? c->d->ops->reg_name(c, reg) :
		cs_reg_name(c->cs, reg);
}

unsigned isa_full_reg(const struct insn_ctx *c, uint64_t reg)
{
	return reg < MAX_REGS ? c->d->parent[reg] : 0;
}

struct reg_value *isa_reg_find(struct insn_ctx *c, unsigned reg)
{
	reg = isa_full_reg(c, reg);
	for (size_t i = 0; i < c->nregs; i++)
		if (c->regs[i].reg == reg)
			return &c->regs[i];
	return NULL;
}

static void reg_set_value(struct insn_ctx *c, unsigned reg,
			  const struct reg_value *v)
{
	struct reg_value *r = isa_reg_find(c, reg);

	reg = isa_full_reg(c, reg);
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

void isa_reg_set(struct insn_ctx *c, unsigned reg, uint64_t addr)
{
	struct reg_value v;

	memset(&v, 0, sizeof(v));
	v.absolute = 1;
	v.addr = addr;
	reg_set_value(c, reg, &v);
}

int isa_reg_constant(const struct insn_ctx *c, unsigned reg, uint64_t *value)
{
	reg = isa_full_reg(c, reg);
	for (size_t i = 0; reg && i < c->nconsts; i++)
		if (c->consts[i].reg == reg && c->consts[i].gen == c->gen[reg]) {
			*value = c->consts[i].value;
			return 1;
		}
	return 0;
}

void isa_reg_constant_set(struct insn_ctx *c, unsigned reg, uint64_t value)
{
	size_t i;

	reg = isa_full_reg(c, reg);
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
	struct reg_value *r = isa_reg_find(c, reg);

	if (r)
		*r = c->regs[--c->nregs];
}

void isa_insn_text(const cs_insn *in, char *out, size_t size)
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
			if (!i)
				a->fed_base_pc = a->fed_by_pc;
		}
		k = c->joined_by[regs[i]];
		if (k && c->joined_gen[regs[i]] == gens[i] &&
		    k - 1 < c->out->nr && &c->out->items[k - 1] != a)
			c->out->items[k - 1].feeds_address = 1;
	}
}

struct mem_access *isa_add(struct insn_ctx *c, enum access_kind kind,
			   unsigned size, uint64_t base, uint64_t index,
			   int64_t disp)
{
	const struct isa_ops *ops = c->d->ops;
	struct mem_access_list *o = c->out;
	struct mem_access *a;

	ALLOC_GROW(o->items, o->nr + 1, o->alloc);
	a = &o->items[o->nr++];
	memset(a, 0, sizeof(*a));
	a->pc = c->in->address;
	isa_insn_text(c->in, a->text, sizeof(a->text));
	a->kind = kind;
	a->size = size;
	a->base = base;
	a->index = index;
	a->disp = disp;
	a->stack = base == c->stack_reg && c->stack_reg;
	if (ops->condition)
		a->cond = ops->condition(c);
	a->flags_gen = c->flags_gen;
	if (base && base != BASE_ABSOLUTE) {
		a->base = isa_full_reg(c, base);
		a->base_gen = c->gen[a->base];
		a->reg = (unsigned)a->base;
		a->reg_disp = disp;
	}
	if (index) {
		a->index = isa_full_reg(c, index);
		a->index_gen = c->gen[a->index];
	}
	if (base && base != BASE_ABSOLUTE && kind != ACC_NONE) {
		struct reg_value *r = isa_reg_find(c, (unsigned)base);

		if (r && r->absolute && !index) {
			a->base = BASE_ABSOLUTE;
			a->disp = (int64_t)r->addr + disp;
		} else if (r && !r->absolute) {
			size_t n = strlen(a->text);
			const char *rn = isa_reg_name(c, r->reg);
			const char *bn = isa_reg_name(c, r->base);
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
			if (r->base == c->stack_reg && !k && ops->frame_pointer &&
			    ops->frame_pointer(c->d, r->reg))
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
int isa_relocated(const struct insn_ctx *c, uint64_t *where, uint64_t *target)
{
	return elf_image_reloc_in(c->img, c->in->address, c->in->size, where,
				  target);
}

void isa_written(struct insn_ctx *c, unsigned reg)
{
	reg = isa_full_reg(c, reg);
	if (!reg)
		return;
	c->gen[reg]++;
	reg_forget(c, reg);
	/* written by a load of this instruction: remember which, so that an
	 * access through the register marks it feeds_address.  Written by
	 * anything else, the load noted before is kept with its write
	 * count: an access through the register now does not match it, but
	 * one through a value formed from the register as it was does
	 * (`mov 0x18(%r12), %rax; add $0x20c, %rax; lock decl (%rax)`: the
	 * add makes rax the loaded pointer + 0x20c, based on rax before the
	 * add) */
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

int isa_writes_no_register(const char *m)
{
	return isa_starts(m, "st") || m[0] == 'c' || m[0] == 'b' ||
	       m[0] == 'j' || isa_starts(m, "tm");
}

/*
 * The registers the instruction writes: capstone says for x86, ARM and
 * AArch64; elsewhere the isa's own rule (isa_ops.writes).  An isa with
 * a decoder of its own and no capstone (RISC-V) has only its own rule;
 * one whose decoder is capstone first (s390x: LLVM for what capstone
 * does not know) has the calls' clobbers too.
 */
static void note_writes(struct insn_ctx *c)
{
	const struct isa_ops *ops = c->d->ops;
	cs_regs rd, wr;
	uint8_t nrd = 0, nwr = 0;

	if (ops->decode && !c->cs) { /* no capstone to ask */
		ops->writes(c);
		return;
	}
	if (ops->updates_flags && ops->updates_flags(c))
		c->flags_gen++;
	/* a call: the callee may change every caller-saved register (a
	 * lea 0x58(%rsp), %rax before a call says nothing of rax after) */
	if (ops->call_clobbered &&
	    (cs_insn_group(c->cs, c->in, CS_GRP_CALL) ||
	     (ops->is_call && ops->is_call(c))))
		for (const unsigned *r = ops->call_clobbered; *r; r++)
			isa_written(c, *r);
	/* (an instruction of the fallback decoder has no capstone id:
	 * cs_regs_access() refuses it, and the isa's rule says) */
	if (cs_regs_access(c->cs, c->in, rd, &nrd, wr, &nwr) == CS_ERR_OK) {
		for (unsigned i = 0; i < nwr; i++) {
			if (ops->flags_written && ops->flags_written(c, wr[i]))
				c->flags_gen++;
			isa_written(c, wr[i]);
		}
		return;
	}
	if (ops->writes)
		ops->writes(c);
}

/* Does the instruction set a register to another's value plus a
 * constant?  *dst = *src + *off. */
static int derived(const struct insn_ctx *c, unsigned *dst, unsigned *src,
		   int64_t *off)
{
	return c->d->ops->derived && c->d->ops->derived(c, dst, src, off);
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

void isa_note_jump(struct insn_ctx *c, uint64_t to)
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
	const struct isa_ops *ops = c->d->ops;
	uint64_t where, target;
	int rel = isa_relocated(c, &where, &target), formed = 0;
	struct isa_track t;
	struct reg_value v;
	unsigned dst = 0, src;
	int64_t off;

	memset(&t, 0, sizeof(t));
	/* what the instruction reads before it writes (add x8, x8,
	 * :lo12:sym reads the x8 it writes; movt keeps the low half) */
	if (ops->track_before)
		ops->track_before(c, rel, &t);
	/* x8 = x19 + 0x359: what x19 holds now, before the write */
	if (!rel && derived(c, &dst, &src, &off)) {
		struct reg_value *r = isa_reg_find(c, src);

		memset(&v, 0, sizeof(v));
		if (r) {
			v = *r;
		} else {
			v.base = isa_full_reg(c, src);
			v.base_gen = c->gen[v.base];
		}
		v.addr += (uint64_t)off;
		formed = v.absolute || v.base;
	}
	note_writes(c);
	if (formed)
		reg_set_value(c, dst, &v);
	if (ops->track_after)
		ops->track_after(c, rel, where, target, &t);
}

/* The immediate destination of a direct branch, or 0. */
static uint64_t branch_immediate(const struct insn_ctx *c)
{
	uint64_t where, target;

	if (elf_image_reloc_in(c->img, c->in->address, c->in->size, &where,
			       &target))
		return 0; /* to a symbol: another function (a tail call) */
	return c->d->ops->branch_immediate ?
		c->d->ops->branch_immediate(c) : 0;
}

/*
 * A branch, with capstone's groups (and the isa's own branches): an
 * ACC_NONE entry saying where it may lead, for the paths between two
 * accesses -- its destination when direct, whether execution may fall
 * through to the next instruction, whether it is an indirect jump.
 * Where the isa does not tell them apart, every branch may fall
 * through, which keeps the accesses around it on one path.
 */
static void capstone_branch(struct insn_ctx *c)
{
	const struct isa_ops *ops = c->d->ops;
	const cs_insn *in = c->in;
	struct mem_access *a;

	if (!(ops->is_branch && ops->is_branch(c)) &&
	    !cs_insn_group(c->cs, in, CS_GRP_JUMP) &&
	    !cs_insn_group(c->cs, in, CS_GRP_CALL) &&
	    !cs_insn_group(c->cs, in, CS_GRP_RET))
		return;
	a = isa_add(c, ACC_NONE, 0, 0, 0, 0);
	a->branch = 1;
	a->call = cs_insn_group(c->cs, in, CS_GRP_CALL);
	a->falls = 1;
	if (!a->call) {
		a->target = branch_immediate(c);
		if (ops->paths)
			ops->paths(c, a);
	}
	if (a->target)
		isa_note_jump(c, a->target);
}

/*
 * The functions a compiler hands a volatile aggregate copy to (clang on
 * s390x for a struct of its alignment below its size, at -O0 on
 * aarch64; clang and gcc for a large one): the C library's and the
 * kernel's names, the builtins', ARM EABI's.
 */
static const char *const copy_functions[] = {
	"memcpy", "memmove", "__memcpy", "__memmove", "__builtin_memcpy",
	"__builtin_memmove", "__memcpy_chk", "__memmove_chk",
	"__aeabi_memcpy", "__aeabi_memcpy4", "__aeabi_memcpy8",
	"__aeabi_memmove", "__aeabi_memmove4", "__aeabi_memmove8",
};

static const char *copy_function(const char *name)
{
	const char *p = name;

	if (!p)
		return NULL;
	/* past the underscores every copy function's name starts with
	 * "mem", "builtin_" or "aeabi_": most calls are to none of them */
	while (*p == '_')
		p++;
	if (*p != 'm' && *p != 'b' && *p != 'a')
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(copy_functions); i++)
		if (!strcmp(name, copy_functions[i]))
			return copy_functions[i];
	return NULL;
}

static int is_copy_function(const char *name)
{
	return copy_function(name) != NULL;
}

/* Can a symbol named as a copy function start at target?  Only where
 * one of the image's does (elf_image_symbol_starts()). */
static int copy_start(struct insn_ctx *c, uint64_t target)
{
	struct disasm *d = c->d;
	size_t lo = 0, hi;

	if (d->copy_img != c->img) {
		free(d->copy_starts);
		d->copy_img = c->img;
		d->ncopy_starts = elf_image_symbol_starts(c->img,
							  is_copy_function,
							  &d->copy_starts);
	}
	hi = d->ncopy_starts;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (d->copy_starts[mid] < target)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < d->ncopy_starts && d->copy_starts[lo] == target;
}

/*
 * A call of a copy function, or a tail jump to one: in an object the
 * instruction's relocation names it (a call to another function carries
 * one on every machine), in a linked file the direct destination where
 * the isa gives one.  Noted on the instruction's branch entry, or on an
 * entry of its own where the isa does not take it for a branch (s390x's
 * brasl has no capstone group): the verdict says the once-access became
 * a call, not "no memory access".
 */
static void note_copy_call(struct insn_ctx *c)
{
	const struct isa_ops *ops = c->d->ops;
	uint64_t where, target, sym, off = 0;
	const char *name = NULL, *copy;
	struct mem_access *a = NULL;
	int section = 0;
	size_t n;

	for (size_t k = c->out->nr; k-- > 0 && c->out->items[k].pc ==
	     c->in->address;)
		if (c->out->items[k].kind == ACC_NONE && c->out->items[k].branch)
			a = &c->out->items[k];
	if (elf_image_reloc_symbol(c->img, c->in->address, c->in->size,
				   &where, &target, &name, &sym, &section)) {
		if (section)
			return;
	} else if (a && ops->branch_immediate &&
		   (target = ops->branch_immediate(c))) {
		if (!copy_start(c, target))
			return; /* no copy function's name there */
		name = elf_image_symbol_at(c->img, target, &off);
		if (off)
			return;
	}
	if (!(copy = copy_function(name)))
		return;
	if (!a) {
		a = isa_add(c, ACC_NONE, 0, 0, 0, 0);
		a->call = 1;
	}
	a->copy = copy;
	n = strlen(a->text);
	if (!strstr(a->text, copy))
		snprintf(a->text + n, sizeof(a->text) - n, " <%s>", copy);
}

/* How long is the instruction at code that the decoder could not
 * decode? */
static size_t undecodable_length(const struct insn_ctx *c,
				 const unsigned char *code, size_t left)
{
	size_t n = c->d->ops->insn_length ?
		c->d->ops->insn_length(c, code, left) : 1;

	return n < left ? n : left;
}

/* How many bytes at code, where the decoder failed, are data the ABI
 * puts after a function's code (POWER's traceback table): skipped with
 * no marker, for they are no instruction of any site; 0 when they are
 * not (the isa's data_length). */
static size_t data_after_code(const struct insn_ctx *c,
			      const unsigned char *code, size_t left,
			      uint64_t pc, const char **what)
{
	size_t n = c->d->ops->data_length ?
		c->d->ops->data_length(c, code, left, pc, what) : 0;

	return n < left ? n : left;
}

/* A marker for the len bytes from pc that were skipped undecoded. */
static struct mem_access *add_undecoded(struct insn_ctx *c, uint64_t pc,
					size_t len)
{
	struct mem_access_list *o = c->out;
	struct mem_access *a;

	ALLOC_GROW(o->items, o->nr + 1, o->alloc);
	a = &o->items[o->nr++];
	memset(a, 0, sizeof(*a));
	a->pc = pc;
	snprintf(a->text, sizeof(a->text), "(not decoded by %s)",
		 c->d->ops->decoder);
	a->undecoded = len < INT_MAX ? (int)len : INT_MAX;
	return a;
}

/* Decode the next instruction into in, as cs_disasm_iter() does:
 * advance code, left and pc past it.  0 when it cannot be decoded. */
static int next_insn(struct insn_ctx *c, const unsigned char **code,
		     size_t *left, uint64_t *pc, cs_insn *in)
{
	if (c->d->ops->decode)
		return c->d->ops->decode(c, code, left, pc, in);
	if (c->d->memo && c->cs == c->d->cs)
		return insn_memo_decode(c->d->memo, code, left, pc, in);
	return cs_disasm_iter(c->cs, code, left, pc, in);
}

/* The decoding state for a stretch from addr: ARM's Thumb code through
 * the Thumb handle. */
static void ctx_init(struct insn_ctx *c, struct disasm *d,
		     struct elf_image *img, uint64_t addr,
		     struct mem_access_list *out)
{
	memset(c, 0, sizeof(*c));
	c->d = d;
	c->img = img;
	c->out = out;
	c->stack_reg = d->ops->stack_reg ? d->ops->stack_reg(d) : 0;
	c->cs = d->thumb && elf_image_is_thumb(img, addr) ? d->thumb : d->cs;
	if (!d->insn)
		d->insn = cs_malloc(c->cs);
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
	ctx_init(&c, d, img, addr, out);
	while (left) {
		cs_insn *in = d->insn;

		MARK(starts, pc - addr);
		if (!next_insn(&c, &code, &left, &pc, in)) {
			/* an instruction the decoder does not know: skip it
			 * by the machine's length rule and say so -- unless
			 * it is the data after the function's code */
			const char *what;
			size_t skip = data_after_code(&c, code, left, pc, &what);

			c.in = NULL;
			if (skip) {
				code += skip;
				pc += skip;
				left -= skip;
				continue;
			}
			skip = undecodable_length(&c, code, left);
			add_undecoded(&c, pc, skip);
			code += skip;
			pc += skip;
			left -= skip;
			undecoded += skip;
			continue;
		}
		c.in = in;
		reach_jumps(&c);
		if (d->ops->branch)
			d->ops->branch(&c);
		else
			capstone_branch(&c);
		d->ops->accesses(&c);
		note_copy_call(&c);
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
int isa_symbol_at(struct insn_ctx *c, uint64_t ea, const char *rname,
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
 * The listing's text of an instruction with its symbols resolved,
 * objdump's way: a relocation is named after the instruction, "adrp x8,
 * 0 <lock+4>" (x86 puts it in the operand: isa/x86.c).
 */
void isa_listing_text(struct insn_ctx *c, char *text, size_t size)
{
	const cs_insn *in = c->in;
	uint64_t where = 0, target = 0, rsym = 0, ea;
	const char *rname = NULL;
	int rsection = 0;
	char sym[128];

	isa_insn_text(in, text, size);
	if (!elf_image_reloc_symbol(c->img, in->address, in->size, &where,
				    &target, &rname, &rsym, &rsection))
		return;
	ea = c->d->ops->reloc_address ?
		c->d->ops->reloc_address(c, where, target) : target;
	if (isa_symbol_at(c, ea, rname, rsym, rsection, sym, sizeof(sym)))
		snprintf(text + strlen(text), size - strlen(text), " <%s>", sym);
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
	ctx_init(&c, d, img, addr, &scratch);
	while (left) {
		cs_insn *in = d->insn;
		uint64_t at = pc;
		char text[192];
		int mark = 0;

		for (size_t k = 0; k < nmarked && !mark; k++)
			mark = marked[k] == at;
		if (!next_insn(&c, &code, &left, &pc, in)) {
			const char *what;
			size_t skip = data_after_code(&c, code, left, pc, &what);

			if (skip)
				strbuf_addf(out, "%llx\t\t(%s: %zu bytes, "
					    "no instruction)\n",
					    (unsigned long long)
					    elf_image_file_address(img, at),
					    what, skip);
			else
				strbuf_addf(out, "%llx\t\t(not decoded)\n",
					    (unsigned long long)
					    elf_image_file_address(img, at));
			if (!skip)
				skip = undecodable_length(&c, code, left);
			code += skip;
			pc += skip;
			left -= skip;
			continue;
		}
		c.in = in;
		if (d->ops->listing_text)
			d->ops->listing_text(&c, text, sizeof(text));
		else
			isa_listing_text(&c, text, sizeof(text));
		strbuf_addf(out, "%llx\t%s\t%s\n", (unsigned long long)
			    elf_image_file_address(img, at), mark ? "*" : "",
			    text);
	}
	free(scratch.items);
}
