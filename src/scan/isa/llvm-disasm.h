/*
 * LLVM's C disassembler (llvm-c/Disassembler.h), loaded when first asked
 * for: the decoder of RISC-V (riscv-llvm.c; capstone 4.0.2 has none) and
 * of the s390x instructions capstone 4.0.2 does not know (s390.c:
 * risbgnz and the other zEC12 and later forms), and the length of an
 * x86 instruction capstone does not know (x86.c: CET's wrssq).  It gives
 * an instruction's text and length only; the isa reads the operands
 * back from the text.
 */
#ifndef RWONCE_SCAN_ISA_LLVM_DISASM_H
#define RWONCE_SCAN_ISA_LLVM_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "lib/strbuf.h"

struct llvm_disasm;

/*
 * A decoder for LLVM target `target` ("RISCV", "SystemZ": the middle of
 * its LLVMInitialize<target>Disassembler), triple, cpu and features, its
 * immediates in hex; or NULL with *why (libLLVM missing, no such target).
 */
struct llvm_disasm *llvm_disasm_open(const char *target, const char *triple,
				     const char *cpu, const char *features,
				     struct strbuf *why);
void llvm_disasm_close(struct llvm_disasm *l);

/*
 * Decode the instruction at code (pc: its address): its length in bytes,
 * or 0 when LLVM does not know it.  mnemonic and ops get its text
 * ("ld", "a0, 0x8(a1)").
 */
size_t llvm_disasm_decode(struct llvm_disasm *l, const unsigned char *code,
			  size_t left, uint64_t pc, char *mnemonic,
			  size_t msize, char *ops, size_t osize);

#endif
