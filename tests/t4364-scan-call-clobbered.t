#!/bin/sh
# A call changes the caller-saved registers on POWER, s390x and MIPS
# too (issue 31, fourth round; x86-64, i386, AArch64 and ARM since
# f404965): capstone 4 puts no POWER or s390x call, and no MIPS jal, in
# its call group and lists no register a call writes, so a register
# formed from the object's pointer before a call still held "pointer +
# 2" after it, where the callee had left anything in it -- two loads
# after the call, through the pointer and through that register, were
# read as the two halves of one object: a false "torn".  The registers
# are each ABI's (64-bit POWER ELFv1/ELFv2 and 32-bit SysV: r0, r3-r12,
# lr, ctr; s390x ELF: r0-r5, r14; MIPS o32/n64: $1-$15, $24, $25, $31);
# a register the ABI keeps (POWER r30, s390x r7, MIPS $17) still holds
# what it held, and the same loads through it are torn.  From assembly
# with .loc lines on tests/scan/formed-base.c, as t4100.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
requires powerpc64le-linux-gnu-as binutils-powerpc64le-linux-gnu
requires mips64el-linux-gnuabi64-as binutils-mips64el-linux-gnuabi64
requires mips64el-linux-gnuabi64-ld binutils-mips64el-linux-gnuabi64

SRC=$RWONCE_ROOT/tests/scan/formed-base.c
KEPT=$(line_of "$SRC" "int formed(")
GONE=$(line_of "$SRC" "int chased(")
K_SITE=$((KEPT + 2))
G_SITE=$((GONE + 2))

# asm KEPT-FORM-CALL GONE-FORM-CALL LOAD1 KEPT-LOAD2 GONE-LOAD2 RET:
# formed() forms a register the ABI keeps, calls, loads the halves;
# chased() the same through a register a call may change.
asm() {
	cat <<-ASM
	.file 1 "$SRC"
	.text
	.globl formed
	.type formed, %function
formed:
	.loc 1 $KEPT 1
	$1
	.loc 1 $K_SITE 20
	$3
	$4
	.loc 1 $((K_SITE + 2)) 2
	$6
	.size formed, .-formed
	.globl chased
	.type chased, %function
chased:
	.loc 1 $GONE 1
	$2
	.loc 1 $G_SITE 20
	$3
	$5
	.loc 1 $((G_SITE + 2)) 2
	$6
	.size chased, .-chased
	ASM
}

# call_case TRIPLE TITLE asm-arguments...: formed() torn, chased() not.
call_case() {
	t=$1
	title=$2
	shift 2
	if ! have_cmd "$t-as"; then
		test_skip "$title" "$(missing_why "$t-as")"
		return
	fi
	asm "$@" >"$TEST_TMP/$t.s"
	test_expect_success "$title" '
		"$t-as" -o "$TEST_TMP/$t.o" "$TEST_TMP/$t.s" &&
		obj=$TEST_TMP/$t.o &&
		if test -n "$LINK"; then
			"$t-ld" -shared -o "$TEST_TMP/$t.so" "$obj" && obj=$TEST_TMP/$t.so
		fi &&
		{ "$RWONCE" scan "$obj" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "formed-base.c:$K_SITE:[0-9]*: error: READ_ONCE(\*l) .*compiled to 2 loads of 2 bytes covering 4 bytes: torn \[scan-torn\]" "$TEST_TMP/out" &&
		test "$(grep -c " error: " "$TEST_TMP/out")" = 1 &&
		! grep -q "formed-base.c:$G_SITE:" "$TEST_TMP/out" &&
		grep -q "2 site instances: ok 0, torn 1, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/err" &&
		grep -q "1 of 2 instances unattributed (its size not known 1)" "$TEST_TMP/err"
	'
}

call_case powerpc64le-linux-gnu 'POWER: bl leaves r30 = r31 + 2 (kept), not r9 (volatile)' \
	"addi 30, 31, 2
	bl other
	nop" "addi 9, 31, 2
	bl other
	nop" "lhz 10, 0(31)" "lhz 11, 0(30)" "lhz 11, 0(9)" "blr"
call_case powerpc64le-linux-gnu 'POWER: bctrl (an indirect call) the same' \
	"addi 30, 31, 2
	mtctr 12
	bctrl" "addi 9, 31, 2
	mtctr 12
	bctrl" "lhz 10, 0(31)" "lhz 11, 0(30)" "lhz 11, 0(9)" "blr"
call_case s390x-linux-gnu 's390x: brasl leaves r7 = r6 + 2 (kept), not r1 (volatile)' \
	"la %r7, 2(%r6)
	brasl %r14, other" "la %r1, 2(%r6)
	brasl %r14, other" "llh %r3, 0(%r6)" "llh %r4, 0(%r7)" "llh %r4, 0(%r1)" "br %r14"
call_case s390x-linux-gnu 's390x: basr (an indirect call) the same' \
	"la %r7, 2(%r6)
	basr %r14, %r8" "la %r1, 2(%r6)
	basr %r14, %r8" "llh %r3, 0(%r6)" "llh %r4, 0(%r7)" "llh %r4, 0(%r1)" "br %r14"
# linked: elfutils 0.188 cannot relocate a MIPS object's DWARF (t4030)
LINK=1
call_case mips64el-linux-gnuabi64 'MIPS64: jalr leaves $17 = $16 + 2 (kept), not $2 (volatile)' \
	'.set noreorder
	daddiu $17, $16, 2
	jalr $25
	nop' 'daddiu $2, $16, 2
	jalr $25
	nop' 'lhu $3, 0($16)' 'lhu $5, 0($17)' 'lhu $5, 0($2)' 'jr $31
	nop'
call_case mips64el-linux-gnuabi64 'MIPS64: bal (no call group in capstone 4) the same' \
	'.set noreorder
	daddiu $17, $16, 2
	bal 1f
	nop
1:' 'daddiu $2, $16, 2
	bal 2f
	nop
2:' 'lhu $3, 0($16)' 'lhu $5, 0($17)' 'lhu $5, 0($2)' 'jr $31
	nop'
unset LINK

test_done
