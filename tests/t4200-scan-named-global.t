#!/bin/sh
# A named object of unknown type (a global declared in a header scan does
# not read) is torn or duplicated only by accesses at its symbol's
# address.  Linux 6.12 multi_v7 built by clang 19 gave 4 false "torn"
# READ_ONCE(net_hotdata.tstamp_prequeue) findings: the two 4-byte loads
# of skb->tstamp, the macro's other argument on the same line.  From
# assembly with .loc lines on tests/scan/named-global.c:
#   - rx_near: the flag's load at the symbol's address (movw/movt) and
#     the two loads through the skb: only the flag's counts, ok;
#   - rx_far: the flag's load through a register not known to hold the
#     symbol's address (it was set on another path): unattributed, "its
#     address not known", no finding.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires arm-linux-gnueabihf-as binutils-arm-linux-gnueabihf
requires python3 python3
need_cmd arm-linux-gnueabihf-as python3

SRC=$RWONCE_ROOT/tests/scan/named-global.c
FAR=$(line_of "$SRC" "void rx_far(")
NEAR=$(line_of "$SRC" "void rx_near(")
COL=$(sed -n "$((FAR + 2))p" "$SRC" | awk '{ print index($0, "READ_ONCE(") }')

cat >"$TEST_TMP/g.s" <<ASM
	.syntax unified
	.arm
	.file 1 "$SRC"
	.text
	.globl rx_far
	.type rx_far, %function
rx_far:
	.loc 1 $FAR 1
	mov r4, r0
	.loc 1 $((FAR + 2)) $COL
	ldr r0, [r9, #240]
	ldr r1, [r4, #16]
	ldr r2, [r4, #20]
	.loc 1 $((FAR + 3)) 1
	bx lr
	.size rx_far, .-rx_far
	.globl rx_near
	.type rx_near, %function
rx_near:
	.loc 1 $NEAR 1
	mov r4, r0
	.loc 1 $((NEAR + 2)) $COL
	movw r9, #:lower16:net_hot
	movt r9, #:upper16:net_hot
	ldr r0, [r9, #240]
	ldr r1, [r4, #16]
	ldr r2, [r4, #20]
	.loc 1 $((NEAR + 3)) 1
	bx lr
	.size rx_near, .-rx_near
ASM
arm-linux-gnueabihf-as -o "$TEST_TMP/g.o" "$TEST_TMP/g.s" || exit 1

test_expect_success 'no finding; rx_near rests on the flag'"'"'s load (its size not known: not ok), rx_far unattributed' '
	{ "$RWONCE" scan -v "$TEST_TMP/g.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-torn" "$TEST_TMP/out" &&
	grep -q "2 site instances: ok 0, torn 0, .*unattributed 2" "$TEST_TMP/err" &&
	grep -q "READ_ONCE(net_hot.prequeue) in .rx_near.*unattributed: compiled to one 4-byte load, but the object.s size is unknown" "$TEST_TMP/err" &&
	grep -q "READ_ONCE(net_hot.prequeue) in .rx_far.*unattributed: a named object of unknown type" "$TEST_TMP/err" &&
	grep -q "its address not known 1, its size not known 1" "$TEST_TMP/err"
'
test_expect_success 'JSON: the reason counted as address; rx_near rests on the load at the symbol alone' '
	"$RWONCE" scan --json "$TEST_TMP/g.o" >"$TEST_TMP/j" 2>/dev/null &&
	python3 - "$TEST_TMP/j" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["coverage"]["unattributed"]["address"] == 1, d["coverage"]
	by = {r["function"]: r for r in d["site_instances"]}
	near, far = by["rx_near"], by["rx_far"]
	assert near["verdict"] == "unattributed" and "size is unknown" in near["why"], near
	assert [i["text"] for i in near["instructions"]] == ["ldr r0, [sb, #0xf0]"], near
	assert far["verdict"] == "unattributed" and "address" in far["why"], far
	PY
'
test_done
