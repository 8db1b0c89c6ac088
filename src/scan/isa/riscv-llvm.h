/*
 * RISC-V for isa/riscv.c, through LLVM's C disassembler (llvm-c/Disassembler.h):
 * capstone 4.0.2, the version Debian 12 ships, has no RISC-V.  LLVM gives
 * the instruction's text only ("ld a0, 0x8(a1)"), so this file reads the
 * operands back from it: registers by their ABI names, memory operands
 * "disp(base)", immediates; and knows the RISC-V forms by their mnemonics
 * (the compressed c.* forms print as the instruction they expand to).
 */
#ifndef RWONCE_SCAN_ISA_RISCV_LLVM_H
#define RWONCE_SCAN_ISA_RISCV_LLVM_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"
#include "scan/disasm.h"

struct riscv_disasm;

/* A decoder for RV64GC (RV32GC when !is64), or NULL with *why. */
struct riscv_disasm *riscv_disasm_open(int is64, struct strbuf *why);
void riscv_disasm_close(struct riscv_disasm *r);

/*
 * Decode the instruction at code (pc: its address): its length in bytes
 * (2 or 4), or 0 when LLVM does not know it.  mnemonic and ops get its
 * text ("ld", "a0, 0x8(a1)").
 */
size_t riscv_decode(struct riscv_disasm *r, const unsigned char *code,
		    size_t left, uint64_t pc, char *mnemonic, size_t msize,
		    char *ops, size_t osize);

/* The length of an instruction LLVM could not decode: 2 or 4 bytes by
 * its low two bits (the base ISA's length encoding). */
size_t riscv_insn_length(const unsigned char *code);

/*
 * Registers are numbered 1..32 for x0..x31 and 33..64 for f0..f31 (0: no
 * register, as elsewhere in disasm.c).
 */
#define RISCV_REG_ZERO 1
#define RISCV_REG_RA 2
#define RISCV_REG_SP 3
#define RISCV_NR_REGS 65
unsigned riscv_reg(const char *name); /* 0 when name is not one */
const char *riscv_reg_name(unsigned reg);
/* Does a call leave reg's value alone (sp, gp, tp, s0-s11, fs0-fs11)? */
int riscv_callee_saved(unsigned reg);

/* The operands of one instruction, in order. */
struct riscv_operand {
	enum { RV_OP_NONE, RV_OP_REG, RV_OP_IMM, RV_OP_MEM } type;
	unsigned reg;       /* RV_OP_REG; RV_OP_MEM: the base register */
	int64_t imm;        /* RV_OP_IMM; RV_OP_MEM: the displacement */
};

struct riscv_operands {
	struct riscv_operand op[4];
	int nr;
};

/* Read the operand text ("a0, -0x10(sp)"); unreadable operands are
 * RV_OP_NONE. */
void riscv_operands(const char *ops, struct riscv_operands *out);

/*
 * The data access of a load, store, LR/SC or AMO mnemonic: its width in
 * bytes (from the mnemonic: lb/lh/lw/ld, .w/.d) and *kind; 0 for anything
 * else (prefetches and cache-block operations are not data accesses).
 */
unsigned riscv_access(const char *mnemonic, enum access_kind *kind);

/* Branches: conditional (b*), jumps (j, jr, ret), calls (jal, jalr with a
 * link register). */
enum riscv_branch {
	RV_NOT_BRANCH, RV_COND, RV_JUMP, RV_JUMP_REG, RV_RETURN, RV_CALL,
};
enum riscv_branch riscv_branch_kind(const char *mnemonic,
				    const struct riscv_operands *o);

/* Does the instruction write its first operand (a register)? */
int riscv_writes_first(const char *mnemonic);

#endif
