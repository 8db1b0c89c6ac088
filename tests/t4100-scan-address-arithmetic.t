#!/bin/sh
# A base register formed from another by a move or an add/sub of a
# constant is the same base at the folded displacement, on every target:
# the kernel's union rcu_special read by clang -O2 for aarch64 as
# ldrb [x0, #0x358]; add x8, x0, #0x359; ldrh [x8]; ldrb [x0, #0x35b]
# is torn (tests/scan/rcu-special.c).  From assembly with .loc lines on
# tests/scan/formed-base.c: a ticket lock's two halves, one through a
# register formed by lea/mov (x86-64), add (AArch64, ARM), la (s390x),
# addi (POWER), daddiu (MIPS): torn; through a register loaded from
# memory (pointer chasing): another object, not torn; a register formed
# after a jump that lands before the load: not the same base there.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang
requires clang-16 clang-16
requires clang-19 clang-19
requires aarch64-linux-gnu-objdump binutils-aarch64-linux-gnu
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu
requires aarch64-linux-gnu-as binutils-aarch64-linux-gnu
requires arm-linux-gnueabihf-as binutils-arm-linux-gnueabihf
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
requires powerpc64le-linux-gnu-as binutils-powerpc64le-linux-gnu
requires mips64el-linux-gnuabi64-as binutils-mips64el-linux-gnuabi64
requires mips64el-linux-gnuabi64-ld binutils-mips64el-linux-gnuabi64

RCU=$RWONCE_ROOT/tests/scan/rcu-special.c
RCU_LINE=$(line_of "$RCU" "= READ_ONCE(t->trc_reader_special);")

for cc in clang-16 clang-19; do
	if ! have_cmd "$cc" || ! have_cmd aarch64-linux-gnu-objdump; then
		test_skip "$cc aarch64: rcu_special torn" "$(missing_why "$cc" aarch64-linux-gnu-objdump)"
		continue
	fi
	if ! printf 'int x;\n' | "$cc" --target=aarch64-linux-gnu -x c -c -o /dev/null - 2>/dev/null; then
		test_skip "$cc aarch64: rcu_special torn" "$cc cannot build for aarch64 here"
		continue
	fi
	test_expect_success "$cc -O2 aarch64: the middle bytes go through add x8, x0, #0x359 (else this proves nothing)" '
		'"$cc"' --target=aarch64-linux-gnu -O2 -g -c "$RCU" -o "$TEST_TMP/rcu.o" &&
		aarch64-linux-gnu-objdump -d "$TEST_TMP/rcu.o" >"$TEST_TMP/rcu.dis" &&
		grep -Eq "add[[:space:]]+x8, x0, #0x359" "$TEST_TMP/rcu.dis" &&
		grep -Eq "ldrh[[:space:]]+w8, \[x8\]" "$TEST_TMP/rcu.dis"
	'
	test_expect_success "$cc -O2 aarch64: rcu_special is torn, the ldrh through x8 among the loads" '
		{ "$RWONCE" scan "$TEST_TMP/rcu.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "rcu-special.c:$RCU_LINE:[0-9]*: error: READ_ONCE(t->trc_reader_special) of .union rcu_special. (4 bytes) compiled to 3 loads of up to 2 bytes: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -q "note: [0-9a-f]* <finish+0x[0-9a-f]*>: ldrb w[0-9]*, \[x0, #0x358\]" "$TEST_TMP/out" &&
		grep -q "note: [0-9a-f]* <finish+0x[0-9a-f]*>: ldrh w8, \[x8\] (x8 = x0 + 0x359)" "$TEST_TMP/out" &&
		grep -q "note: [0-9a-f]* <finish+0x[0-9a-f]*>: ldrb w[0-9]*, \[x0, #0x35b\]" "$TEST_TMP/out"
	'
done

SRC=$RWONCE_ROOT/tests/scan/formed-base.c
FORMED=$(line_of "$SRC" "int formed(")
CHASED=$(line_of "$SRC" "int chased(")
F_SITE=$((FORMED + 2))
C_SITE=$((CHASED + 2))

# asm FORM LOAD1 LOAD2 CHASE CLOAD1 CLOAD2 RET: one function that
# forms a register and loads the halves, one that chases a pointer.
asm() {
	cat <<-ASM
	.file 1 "$SRC"
	.text
	.globl formed
	.type formed, %function
formed:
	.loc 1 $FORMED 1
	.loc 1 $F_SITE 20
	$1
	$2
	$3
	.loc 1 $((F_SITE + 2)) 2
	$7
	.size formed, .-formed
	.globl chased
	.type chased, %function
chased:
	.loc 1 $CHASED 1
	.loc 1 $C_SITE 20
	$4
	$5
	$6
	.loc 1 $((C_SITE + 2)) 2
	$7
	.size chased, .-chased
	ASM
}

# target_case TRIPLE TITLE asm-arguments...: torn in formed(), one
# finding only (chased() is not torn).
target_case() {
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
		grep -q "formed-base.c:$F_SITE:[0-9]*: error: READ_ONCE(\*l) .*compiled to 2 loads of 2 bytes covering 4 bytes: torn \[scan-torn\]" "$TEST_TMP/out" &&
		test "$(grep -c " error: " "$TEST_TMP/out")" = 1 &&
		grep -q "2 site instances: ok 0, torn 1, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/err" &&
		grep -q "1 of 2 instances unattributed (its size not known 1)" "$TEST_TMP/err"
	'
}

target_case x86_64-linux-gnu 'x86-64: lea 2(%rdi), %rax is %rdi + 2; a load into %rax is another base' \
	"leaq 2(%rdi), %rax" "movzwl (%rdi), %ecx" "movzwl (%rax), %edx" \
	"movq 8(%rdi), %rax" "movzwl (%rdi), %ecx" "movzwl 2(%rax), %edx" "ret"
test_expect_success 'x86-64: the finding says how the register was formed' '
	grep -q "movzwl (%rax), %edx (rax = rdi + 0x2)" "$TEST_TMP/out"
'
target_case x86_64-linux-gnu 'x86-64: mov %rdi, %rsi then 2(%rsi) is 2(%rdi)' \
	"movq %rdi, %rsi" "movzwl (%rdi), %ecx" "movzwl 2(%rsi), %edx" \
	"movq 8(%rdi), %rsi" "movzwl (%rdi), %ecx" "movzwl 2(%rsi), %edx" "ret"
target_case aarch64-linux-gnu 'AArch64: add x8, x0, #2' \
	"add x8, x0, #2" "ldrh w9, [x0]" "ldrh w10, [x8]" \
	"ldr x8, [x0, #8]" "ldrh w9, [x0]" "ldrh w10, [x8, #2]" "ret"
target_case aarch64-linux-gnu 'AArch64: sub x8, x0, #6 then [x8, #8]; x8 holds the old x0 after x0 is reloaded' \
	"sub x8, x0, #6" "ldrh w9, [x0]" "ldrh w10, [x8, #8]" \
	"sub x8, x0, #6
	ldr x0, [x0, #16]" "ldrh w9, [x0]" "ldrh w10, [x8, #8]" "ret"
target_case aarch64-linux-gnu 'AArch64: a register formed after a jump is not that base where the jump lands' \
	"add x8, x0, #2" "ldrh w9, [x0]" "ldrh w10, [x8]" \
	"cbz w1, 1f
	add x8, x0, #2
1:" "ldrh w9, [x0]" "ldrh w10, [x8]" "ret"
target_case arm-linux-gnueabihf 'ARM: add r3, r0, #2' \
	"add r3, r0, #2" "ldrh r1, [r0]" "ldrh r2, [r3]" \
	"ldr r3, [r0, #8]" "ldrh r1, [r0]" "ldrh r2, [r3, #2]" "bx lr"
# Linux 6.12's rcu_special read by clang 19 for ARMv7 (multi_v7):
# ldrb r7, [r1, #1128]! writes the address back and the next load is
# [r1]; movw r2, #1129 then ldrh r2, [r5, r2] -- before, an instance of
# three loads was "one 2-byte load: ok".
target_case arm-linux-gnueabihf 'ARM: ldrh r1, [r3, #2]! writes back: [r3, #-2] is the first half' \
	"mov r3, r0" "ldrh r1, [r3, #2]!" "ldrh r2, [r3, #-2]" \
	"ldr r3, [r0, #8]" "ldrh r1, [r0]" "ldrh r2, [r3, #2]" "bx lr"
target_case arm-linux-gnueabihf 'ARM: ldrh r1, [r3], #2 (post-indexed): then [r3] is the second half' \
	"mov r3, r0" "ldrh r1, [r3], #2" "ldrh r2, [r3]" \
	"ldr r3, [r0, #8]" "ldrh r1, [r0]" "ldrh r2, [r3, #2]" "bx lr"
target_case arm-linux-gnueabihf 'ARM: movw r3, #2 then [r0, r3] is [r0, #2]; a loaded index is not' \
	"movw r3, #2" "ldrh r1, [r0]" "ldrh r2, [r0, r3]" \
	"ldr r3, [r0, #8]" "ldrh r1, [r0]" "ldrh r2, [r0, r3]" "bx lr"
target_case arm-linux-gnueabihf 'ARM: a constant set after a jump is not known where the jump lands' \
	"movw r3, #2" "ldrh r1, [r0]" "ldrh r2, [r0, r3]" \
	"cmp r1, #0
	beq 1f
	movw r3, #2
1:" "ldrh r1, [r0]" "ldrh r2, [r0, r3]" "bx lr"
target_case s390x-linux-gnu 's390x: la %r1, 2(%r2)' \
	"la %r1, 2(%r2)" "llh %r3, 0(%r2)" "llh %r4, 0(%r1)" \
	"lg %r1, 8(%r2)" "llh %r3, 0(%r2)" "llh %r4, 2(%r1)" "br %r14"
target_case powerpc64le-linux-gnu 'POWER: addi 9, 3, 2' \
	"addi 9, 3, 2" "lhz 10, 0(3)" "lhz 11, 0(9)" \
	"ld 9, 8(3)" "lhz 10, 0(3)" "lhz 11, 2(9)" "blr"
# linked: elfutils 0.188 cannot relocate a MIPS object's DWARF (t4030)
LINK=1
target_case mips64el-linux-gnuabi64 'MIPS64: daddiu $2, $4, 2' \
	'.set noreorder
	daddiu $2, $4, 2' 'lhu $3, 0($4)' 'lhu $5, 0($2)' \
	'ld $2, 8($4)' 'lhu $3, 0($4)' 'lhu $5, 2($2)' 'jr $31'
unset LINK

test_done
