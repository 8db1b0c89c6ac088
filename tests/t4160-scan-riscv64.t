#!/bin/sh
# rwonce scan on riscv64, decoded by LLVM's disassembler (capstone 4.0.2
# has no RISC-V): the probe controls and the kernel-shaped reads built by
# clang (-ffreestanding: no riscv64 C library needed) and by gcc 12
# riscv64, as objects and as a linked program.  clang -O2 tears the raw
# two-field struct reads and writes as on every other target, and the
# ticket lock and lock word; READ_ONCE/WRITE_ONCE of the same objects are
# one access each.  gcc -O2 keeps the raw struct copies whole, reads the
# 4-byte-aligned lock word with one lw -- but the 2-byte-aligned ticket
# lock with two lhu (no other target's gcc splits it).  And gcc's 8-byte
# ld of a 4-byte struct's volatile bit-field (doc/fuzz/) is widened.  A
# READ_ONCE inlined into a loop of its caller that clang unrolled (the
# Linux 6.12 riscv64 scan's false duplicate) is ok.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires riscv64-linux-gnu-gcc gcc-riscv64-linux-gnu
need_cmd clang

CONTROLS=$RWONCE_ROOT/probes/controls.c
LIBRARY=$RWONCE_ROOT/probes/library.c
SHAPE=$RWONCE_ROOT/tests/scan/kernel-shape.c
BITFIELD=$RWONCE_ROOT/tests/scan/riscv-bitfield-ld.c
CFLAGS="-O2 -g -fno-pic -ffreestanding -I$RWONCE_ROOT/probes -I$RWONCE_ROOT/include"
TICKET=$(line_of "$SHAPE" "READ_ONCE(*lock)")
RV="clang --target=riscv64-linux-gnu"

# How many loads of $2 ("0x10(a0)") the scan -v 2 listing of $1 shows.
riscv_loads() { # object operand
	"$RWONCE" scan -v 2 "$1" 2>&1 >/dev/null | grep -c "ld a[0-9], $2"
}

# The six raw struct copies torn, each with both accesses listed.
controls_torn() { # out
	for p in pair8 pair16 pair32; do
		finding_with_insns "$1" "$(line_of "$CONTROLS" "RAW_READ(o_raw_read_$p)")" \
			scan-torn controls.c 2 &&
		finding_with_insns "$1" "$(line_of "$CONTROLS" "RAW_WRITE(o_raw_write_$p,")" \
			scan-torn controls.c 2 || return 1
	done
	test "$(grep -c "scan-torn" "$1")" = 6 &&
	! grep -q "scan-duplicated\|scan-widened" "$1"
}

test_expect_success 'clang -O2 riscv64: raw struct reads and writes torn, both accesses shown' '
	$RV $CFLAGS -c "$CONTROLS" -o "$TEST_TMP/c.o" &&
	{ "$RWONCE" scan $RAW_MACROS "$TEST_TMP/c.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	controls_torn "$TEST_TMP/out" &&
	grep -q "RAW_READ(o_raw_read_pair32) of .struct pair32. (8 bytes) compiled to 2 loads of 4 bytes: torn" "$TEST_TMP/out" &&
	grep -q "note: [0-9a-f]* <rwonce_probe_raw_read_pair32+0x[0-9a-f]*>: lwu a[0-9], 0x0(a[0-9])" "$TEST_TMP/out" &&
	grep -Eq "ok [1-9][0-9]*, torn 6, duplicated 0, widened 0, unattributed 0; [1-9][0-9]* sites; 1 of 1 file checked" "$TEST_TMP/err"
'

test_expect_success 'clang -O2 riscv64: the same objects through READ_ONCE/WRITE_ONCE are ok' '
	$RV $CFLAGS -c "$LIBRARY" -o "$TEST_TMP/l.o" &&
	"$RWONCE" scan "$TEST_TMP/l.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	test ! -s "$TEST_TMP/out" &&
	grep -Eq "site instances: ok [1-9][0-9]*, torn 0, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err"
'

if have_cmd riscv64-linux-gnu-gcc; then
	test_expect_success 'clang -O2 riscv64, linked: lui/auipc addresses, the same six torn' '
		printf "#include <stdint.h>\nvolatile uint64_t rwonce_sink, rwonce_sink2;\nvoid *volatile rwonce_sink_ptr;\n" >"$TEST_TMP/sinks.c" &&
		$RV $CFLAGS -c "$TEST_TMP/sinks.c" -o "$TEST_TMP/sinks.o" &&
		riscv64-linux-gnu-gcc -nostdlib -static -Wl,-e,0 -o "$TEST_TMP/c.elf" "$TEST_TMP/c.o" "$TEST_TMP/sinks.o" &&
		{ "$RWONCE" scan $RAW_MACROS "$TEST_TMP/c.elf" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		controls_torn "$TEST_TMP/out"
	'
else
	test_skip 'clang -O2 riscv64, linked' "$(missing_why riscv64-linux-gnu-gcc)"
fi

test_expect_success 'clang -O2 riscv64: ticket lock and lock word torn' '
	$RV -ffreestanding -O2 -g -c "$SHAPE" -o "$TEST_TMP/k.o" &&
	{ "$RWONCE" scan "$TEST_TMP/k.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	kernel_shape_torn "$TEST_TMP/out" "$TEST_TMP/err" &&
	grep -q "note: [0-9a-f]* <lock_word_sum+0x[0-9a-f]*>: lbu a[0-9], 0x3(a0)" "$TEST_TMP/out"
'

if have_cmd riscv64-linux-gnu-gcc; then
	test_expect_success 'gcc -O2 riscv64: raw struct copies whole, library ok' '
		riscv64-linux-gnu-gcc $CFLAGS -c "$CONTROLS" -o "$TEST_TMP/gc.o" &&
		"$RWONCE" scan $RAW_MACROS "$TEST_TMP/gc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		test ! -s "$TEST_TMP/out" &&
		grep -Eq "site instances: ok [1-9][0-9]*, torn 0, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err" &&
		riscv64-linux-gnu-gcc $CFLAGS -c "$LIBRARY" -o "$TEST_TMP/gl.o" &&
		"$RWONCE" scan "$TEST_TMP/gl.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		test ! -s "$TEST_TMP/out"
	'
	test_expect_success 'gcc -O2 riscv64: lock word one lw; the 2-byte-aligned ticket lock two lhu: torn' '
		riscv64-linux-gnu-gcc -O2 -g -c "$SHAPE" -o "$TEST_TMP/gk.o" &&
		{ "$RWONCE" scan "$TEST_TMP/gk.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		finding_with_insns "$TEST_TMP/out" "$TICKET" scan-torn kernel-shape.c 2 &&
		grep -q "READ_ONCE(\*lock) of .ticket_lock_t. (4 bytes) compiled to 2 loads of 2 bytes: torn" "$TEST_TMP/out" &&
		test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 1 &&
		grep -q "2 site instances: ok 1, torn 1, duplicated 0, widened 0, unattributed 0" "$TEST_TMP/err"
	'
	test_expect_success 'gcc -O2 riscv64: the volatile bit-field of a 4-byte struct read by ld: widened' '
		riscv64-linux-gnu-gcc -O2 -g -c "$BITFIELD" -o "$TEST_TMP/bf.o" &&
		{ "$RWONCE" scan "$TEST_TMP/bf.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "riscv-bitfield-ld.c:$(line_of "$BITFIELD" "READ_F0(g);"):[0-9]*: error: READ_F0(g) of .struct S. (4 bytes) compiled to an 8-byte load: widened \[scan-widened\]" "$TEST_TMP/out" &&
		grep -q "note: 4 <read_bitfield+0x4>: ld a5, 0x0(a5)" "$TEST_TMP/out" &&
		grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 1, unattributed 0" "$TEST_TMP/err"
	'
else
	test_skip 'gcc -O2 riscv64: controls, kernel shape, bit-field ld' "$(missing_why riscv64-linux-gnu-gcc)"
fi

test_expect_success 'clang -O2 riscv64: the bit-field read with one lb: ok' '
	$RV -ffreestanding -O2 -g -c "$BITFIELD" -o "$TEST_TMP/bfc.o" &&
	"$RWONCE" scan "$TEST_TMP/bfc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	test ! -s "$TEST_TMP/out"
'

# The kernel's false duplicate (doc/scan.md): a READ_ONCE inlined into
# a loop of its caller, both loops unrolled; gcc -O2 on x86-64 unrolls
# it the same way.
UNROLLED=$RWONCE_ROOT/tests/scan/unrolled-caller.c
test_expect_success 'inlined into a loop of the caller, unrolled: iterations, not duplicated' '
	$RV -ffreestanding -O2 -g -c "$UNROLLED" -o "$TEST_TMP/u.o" &&
	test "$(riscv_loads "$TEST_TMP/u.o" "0x10(a0)")" = 2 &&
	"$RWONCE" scan "$TEST_TMP/u.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	test ! -s "$TEST_TMP/out" &&
	grep -q "1 site instance: ok 1, torn 0, duplicated 0" "$TEST_TMP/err" &&
	gcc -O2 -g -c "$UNROLLED" -o "$TEST_TMP/ux.o" &&
	"$RWONCE" scan "$TEST_TMP/ux.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	test ! -s "$TEST_TMP/out"
'

test_done
