/*
 * capstone's answer for an instruction's bytes, kept for the next
 * instruction of the same bytes.  A kernel's functions repeat the same
 * instructions over and over (push %rbp, mov %rsp,%rbp, mov %rdi,%rbx,
 * xor %eax,%eax ...): of the 956,000 instructions a scan of Debian's
 * vmlinux decodes, 63% have the bytes of one decoded before, and
 * capstone's decoding of each was 15% of the scan (issue 35).
 *
 * The answer is the same only where decoding does not depend on the
 * instruction's address: the isa's keep() says which are kept (x86: no
 * branch, no %rip-relative operand).  On a hit the record is filled as
 * capstone fills it -- id, address, size, bytes, mnemonic, operands'
 * text, and the detail capstone clears and writes for each instruction
 * (detail_size bytes: capstone 4 clears offsetof(cs_detail, x86) +
 * sizeof(cs_x86) for x86) -- and code, left and pc move on as
 * cs_disasm_iter() moves them.  700 KiB for each worker, made once an
 * image has had 16384 instructions decoded (a small object would spend
 * more making it than it gains): a set-associative table of 2048, the
 * least recently used answer of a set given up.
 *
 * Test hook RWONCE_TEST_SCAN_INSN_MEMO: "off" decodes every instruction
 * with capstone; "check" makes the table at the first instruction,
 * decodes every hit with capstone too, compares, and says per image on
 * stderr how many were decoded each way and how many differed.
 */
#ifndef RWONCE_SCAN_INSN_MEMO_H
#define RWONCE_SCAN_INSN_MEMO_H

#include <capstone/capstone.h>
#include <stddef.h>
#include <stdint.h>

struct insn_memo;

/* May capstone's answer for in be given for the same bytes at another
 * address? */
typedef int insn_memo_keep_fn(const cs_insn *in);

/* A memo for handle cs (not owned; CS_OPT_DETAIL on) decoding the
 * image name, or NULL when the test hook turns it off.  The detail
 * capstone writes is detail_size bytes, its last from tail_from (a few:
 * x86's encoding) kept whole, the rest kept up to its last byte not
 * zero. */
struct insn_memo *insn_memo_new(csh cs, size_t detail_size,
				size_t tail_from, insn_memo_keep_fn *keep,
				const char *name);
/* Free m; with the "check" hook, its counts on stderr. */
void insn_memo_free(struct insn_memo *m);

/*
 * Relative branches: capstone's answer is the same for every branch of
 * one kind (x86: the same opcode bytes, no prefix) but for its target,
 * which is the address plus the size plus the displacement -- so the
 * bytes never repeat where they are kept (a jcc's or a call's
 * displacement differs), and they were 41% of what capstone still
 * decoded on Debian's vmlinux.  kind() tells the kind (below
 * INSN_MEMO_BRANCH_KINDS) and length of the bytes at code, or -1;
 * retarget() writes a branch's target into its answer (in's address,
 * size and bytes are the branch's, the rest the kind's) as capstone
 * writes it.  A kind's first answer from capstone is kept only when
 * retarget() gives it back the same.
 */
#define INSN_MEMO_BRANCH_KINDS 40
typedef int insn_memo_branch_fn(const uint8_t *code, size_t left,
				size_t *len);
typedef void insn_memo_retarget_fn(cs_insn *in);
void insn_memo_branches(struct insn_memo *m, insn_memo_branch_fn *kind,
			insn_memo_retarget_fn *retarget);

/* cs_disasm_iter(cs, code, left, pc, in), from the memo when it holds
 * the bytes at *code. */
int insn_memo_decode(struct insn_memo *m, const uint8_t **code,
		     size_t *left, uint64_t *pc, cs_insn *in);

#endif
