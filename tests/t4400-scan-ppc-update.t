#!/bin/sh
# POWER update forms (lbzu, lhzu, lwzu, ldu, stbu, sthu, stwu, stdu, lhau
# and the indexed lbzux ... stdux, lhaux, lwaux) write the address back
# to the base register, like ARM's pre-indexed forms: later offsets are
# from the new base.  Linux 6.12's KVM XICS on ppc64le (issue 32): clang 19
# reads the 8-byte union kvmppc_icp_state as lbzu r9, 16(r8), then
# lbz r10, 1(r8) ... -- byte 17 of the object, not byte 1 -- and scan
# cited "(r8 = r3)" for them.  tests/scan/xics-state.c compiled by
# clang 19 (torn, the evidence from r3 + 0x10) and by gcc 12 (one ld: ok);
# then assembly with .loc lines on tests/scan/ppc-update.c for the forms
# clang did not emit: D and X forms, loads and stores, an index register
# holding a constant (li), and a verdict that changes with the base
# (lwzu then lwz of the same word: duplicated).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires clang-19 clang-19
requires powerpc64le-linux-gnu-objdump binutils-powerpc64le-linux-gnu
requires powerpc64le-linux-gnu-as binutils-powerpc64le-linux-gnu
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu

XICS=$RWONCE_ROOT/tests/scan/xics-state.c
X_SITE=$(line_of "$XICS" "= READ_ONCE(icp->state);")

if have_cmd clang-19 && have_cmd powerpc64le-linux-gnu-objdump; then
	test_expect_success 'clang-19 -O2 ppc64le: the XICS state is read by lbzu, then through its base (else this proves nothing)' '
		clang-19 --target=powerpc64le-linux-gnu -O2 -g -c "$XICS" -o "$TEST_TMP/xics.o" &&
		powerpc64le-linux-gnu-objdump -d --no-show-raw-insn "$TEST_TMP/xics.o" >"$TEST_TMP/xics.dis" &&
		grep -Eq "lbzu[[:space:]]+r[0-9]+,16\(r8\)" "$TEST_TMP/xics.dis" &&
		grep -Eq "lbz[[:space:]]+r[0-9]+,1\(r8\)" "$TEST_TMP/xics.dis" &&
		grep -Eq "mr[[:space:]]+r8,r3" "$TEST_TMP/xics.dis"
	'
	test_expect_success 'clang-19: torn, and each load after the lbzu cites r8 = r3 + 0x10' '
		{ "$RWONCE" scan "$TEST_TMP/xics.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "xics-state.c:$X_SITE:[0-9]*: error: READ_ONCE(icp->state) of .union kvmppc_icp_state. (8 bytes) compiled to [0-9] loads of .*: torn \[scan-torn\]" "$TEST_TMP/out" &&
		grep -Eq "note: [0-9a-f]+ <icp_down_cppr\+0x[0-9a-f]+>: lbzu r[0-9]+, 0x10\(r8\) \(r8 = r3\)$" "$TEST_TMP/out" &&
		for off in 1 2 3; do
			grep -Eq "note: [0-9a-f]+ <icp_down_cppr\+0x[0-9a-f]+>: lbz r[0-9]+, $off\(r8\) \(r8 = r3 \+ 0x10\)$" "$TEST_TMP/out" || return 1
		done &&
		! grep -Eq "lbz r[0-9]+, [0-9]+\(r8\) \(r8 = r3\)$" "$TEST_TMP/out" &&
		test "$(grep -c " error: " "$TEST_TMP/out")" = 1
	'
	test_expect_success 'clang-19: the HTML card shows the union from DWARF, to its closing brace' '
		"$RWONCE" scan --format=html "$TEST_TMP/xics.o" >"$TEST_TMP/xics.html" 2>/dev/null; test $? = 1 &&
		U=$(line_of "$XICS" "union kvmppc_icp_state {") &&
		sed -n "/pane definition/,/<\/table>/p" "$TEST_TMP/xics.html" >"$TEST_TMP/def" &&
		grep -q "<h5>The type: union kvmppc_icp_state, .*xics-state.c:$U</h5>" "$TEST_TMP/def" &&
		grep -q "<td class=\"ln\">$((U + 10))</td><td><pre>};</pre>" "$TEST_TMP/def" &&
		! grep -q "<td class=\"ln\">$((U + 11))</td>" "$TEST_TMP/def"
	'
	test_expect_success 'clang-19: the JSON notes say the same' '
		"$RWONCE" scan --json "$TEST_TMP/xics.o" >"$TEST_TMP/out.json" 2>/dev/null; test $? = 1 &&
		grep -q "lbz r[0-9]*, 1(r8) (r8 = r3 + 0x10)" "$TEST_TMP/out.json"
	'
else
	test_skip 'clang-19 ppc64le: the XICS state' "$(missing_why clang-19 powerpc64le-linux-gnu-objdump)"
fi

if have_cmd powerpc64le-linux-gnu-gcc; then
	test_expect_success 'gcc -O2 ppc64le (the control): one ld of the state, ok, exit 0' '
		powerpc64le-linux-gnu-gcc -O2 -g -c "$XICS" -o "$TEST_TMP/xics-gcc.o" &&
		"$RWONCE" scan "$TEST_TMP/xics-gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
		grep -q "1 site instance: ok 1, torn 0" "$TEST_TMP/err" &&
		! grep -q "error:" "$TEST_TMP/out"
	'
else
	test_skip 'gcc ppc64le: the control' "$(missing_why powerpc64le-linux-gnu-gcc)"
fi

SRC=$RWONCE_ROOT/tests/scan/ppc-update.c
R=$(line_of "$SRC" "int read_update(")
W=$(line_of "$SRC" "void write_update(")
R_SITE=$((R + 2))
W_SITE=$((W + 2))

# asm PRE LOAD1 LOAD2 STORE1 STORE2: read_update() with the loads on
# its READ_ONCE line, write_update() with the stores on its WRITE_ONCE.
asm() {
	cat <<-ASM
	.file 1 "$SRC"
	.text
	.globl read_update
	.type read_update, @function
read_update:
	.loc 1 $R 1
	$1
	.loc 1 $R_SITE 20
	$2
	$3
	.loc 1 $((R_SITE + 2)) 2
	blr
	.size read_update, .-read_update
	.globl write_update
	.type write_update, @function
write_update:
	.loc 1 $W 1
	stdu 1, -32(1)
	.loc 1 $W_SITE 2
	$4
	$5
	addi 1, 1, 32
	blr
	.size write_update, .-write_update
	ASM
}

n=0
# case_ppc TITLE COUNTS NOTE asm-arguments...: the
# summary's counts and a note line that must be there.
case_ppc() {
	title=$1 counts=$2 note=$3
	shift 3
	n=$((n + 1))
	if ! have_cmd powerpc64le-linux-gnu-as; then
		test_skip "$title" "$(missing_why powerpc64le-linux-gnu-as)"
		return
	fi
	asm "$@" >"$TEST_TMP/c$n.s"
	test_expect_success "$title" '
		powerpc64le-linux-gnu-as -o "$TEST_TMP/c$n.o" "$TEST_TMP/c$n.s" &&
		{ "$RWONCE" scan "$TEST_TMP/c$n.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
		grep -q "2 site instances: $counts," "$TEST_TMP/err" &&
		grep -qF "$note" "$TEST_TMP/out"
	'
}

case_ppc 'lhzu 10, 2(3): then -2(3) is the first half (torn); sthu likewise for the store' \
	'ok 0, torn 2, duplicated 0' 'lhz r11, -2(r3) (r3 = r3 + 0x2)' \
	'' 'lhzu 10, 2(3)' 'lhz 11, -2(3)' 'sthu 5, 2(3)' 'sth 4, -2(3)'
test_expect_success 'the findings: both halves of the read and of the write' '
	grep -q "ppc-update.c:$R_SITE:[0-9]*: error: READ_ONCE(\*l) .*compiled to 2 loads of 2 bytes covering 4 bytes: torn \[scan-torn\]" "$TEST_TMP/out" &&
	grep -q "ppc-update.c:$W_SITE:[0-9]*: error: WRITE_ONCE(\*l) .*compiled to 2 stores of 2 bytes covering 4 bytes: torn \[scan-torn\]" "$TEST_TMP/out" &&
	grep -q "sth r4, -2(r3) (r3 = r3 + 0x2)" "$TEST_TMP/out"
'
case_ppc 'li 9, 2; lhzux 10, 3, 9 reads 2(3) and writes it back; sthux with li 9, -2 likewise' \
	'ok 0, torn 2, duplicated 0' 'lhzux r10, r3, r9 (r9 = 0x2)' \
	'li 9, 2' 'lhzux 10, 3, 9' 'lhz 11, -2(3)' 'li 6, -2
	sthux 4, 3, 6' 'sth 5, 2(3)'
test_expect_success 'the store through sthux cites r3 - 2' '
	grep -q "sthux r4, r3, r6 (r6 = -0x2)" "$TEST_TMP/out" &&
	grep -q "sth r5, 2(r3) (r3 = r3 - 0x2)" "$TEST_TMP/out"
'
case_ppc 'addi 4, 3, -4; lwzu 9, 4(4); lwz 10, 0(4): the same word twice (duplicated)' \
	'ok 0, torn 0, duplicated 1' 'lwz r10, 0(r4) (r4 = r3)' \
	'addi 4, 3, -4' 'lwzu 9, 4(4)' 'lwz 10, 0(4)' 'stwu 4, 0(3)' ''
case_ppc 'lhzux through an index loaded from memory: r3 is another base after it, 0(3) and 2(3) are not one object' \
	'ok 0, torn 1, duplicated 0' 'sth r5, 0(r3)' \
	'ld 9, 8(3)' 'lhz 10, 0(3)
	lhzux 12, 3, 9' 'lhz 11, 2(3)' 'sth 5, 0(3)' 'sth 4, 2(3)'
test_expect_success '... the read is not torn, the write (no update) is' '
	grep -q "WRITE_ONCE(\*l) .*torn \[scan-torn\]" "$TEST_TMP/out" &&
	! grep -q "READ_ONCE(\*l) .*torn" "$TEST_TMP/out"
'

test_done
