#!/bin/sh
# A pointer loaded on a site's rows, then moved by a constant (add
# $0x20c, %rax) before the access through it on another row, is still
# the way to the object: unattributed ("only the pointer to it"), never
# widened.  Xen's hypervisor built by gcc 12 had 5 such "widened"
# findings at atomic_dec_and_test()'s volatile cast (doc/scan.md, Xen).
# The add wrote the register, and that write made scan forget which
# load had filled it.  tests/scan/derived-pointer.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd gcc python3

SRC=$RWONCE_ROOT/tests/scan/derived-pointer.c
gcc -O2 -g -c "$SRC" -o "$TEST_TMP/d.o"

test_expect_success 'gcc -O2: pointer load, add of the offset, access through the sum (else this proves nothing)' '
	objdump -d "$TEST_TMP/d.o" >"$TEST_TMP/dis" &&
	grep -Eq "mov +0x18\(%rdi\),%rax" "$TEST_TMP/dis" &&
	grep -Eq "add +\\\$0x20c,%rax" "$TEST_TMP/dis" &&
	grep -Eq "lock decl \(%rax\)" "$TEST_TMP/dis"
'
test_expect_success 'no widened finding; the instance is unattributed: only the pointer to it' '
	{ "$RWONCE" scan -v "$TEST_TMP/d.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-widened" "$TEST_TMP/out" &&
	grep -q "volatile cast(&v->counter) in .put_both.*unattributed: only an 8-byte load of a pointer to the object" "$TEST_TMP/err" &&
	grep -q "only the pointer to it 1" "$TEST_TMP/err"
'
test_expect_success 'JSON: the one instance, unattributed for the pointer' '
	"$RWONCE" scan --json "$TEST_TMP/d.o" >"$TEST_TMP/j" 2>/dev/null;
	python3 - "$TEST_TMP/j" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["coverage"]["unattributed"]["pointer"] == 1, d["coverage"]
	r = d["site_instances"]
	assert len(r) == 1 and r[0]["verdict"] == "unattributed", r
	assert "pointer" in r[0]["why"], r
	PY
'
test_done
