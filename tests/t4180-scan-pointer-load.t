#!/bin/sh
# A load whose value a later access uses as its base register is a
# pointer on the way to the object: when it is the only access on the
# site's rows (the access through it went to another column), the
# instance is unattributed ("only the pointer to it"), never widened.
# Linux 6.12 built by clang 19 had 30 such "widened" findings
# (READ_ONCE(idev->dev->flags), READ_ONCE(acpi_mp_wake_mailbox->command),
# ...); doc/findings/linux-6.12.md.  The pointer may be used after a
# jump, where two paths join (sk_get_wmem0() in include/net/sock.h:
# 6 more): tests/scan/pointer-join.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd clang python3

SRC=$RWONCE_ROOT/tests/scan/pointer-load.c
clang -O2 -g -c "$SRC" -o "$TEST_TMP/p.o"

test_expect_success 'clang -O2: the 8-byte pointer load alone on the site columns (else this proves nothing)' '
	objdump -d "$TEST_TMP/p.o" >"$TEST_TMP/dis" &&
	grep -Eq "mov +\(%rdi\),%r[a-z0-9]+" "$TEST_TMP/dis" &&
	grep -Eq "testl +\\\$0x88,0xb0\(%r" "$TEST_TMP/dis"
'
test_expect_success 'no widened finding; the instance is unattributed: only the pointer to it' '
	{ "$RWONCE" scan -v "$TEST_TMP/p.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-widened" "$TEST_TMP/out" &&
	grep -q "READ_ONCE(i->dev->flags).*unattributed: only an 8-byte load of a pointer to the object" "$TEST_TMP/err" &&
	grep -q "only the pointer to it 1" "$TEST_TMP/err"
'
test_expect_success 'JSON: dev_flagged unattributed (pointer), mailbox_idle ok with its 2-byte load' '
	"$RWONCE" scan --json "$TEST_TMP/p.o" >"$TEST_TMP/j" 2>/dev/null;
	python3 - "$TEST_TMP/j" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["coverage"]["unattributed"]["pointer"] == 1, d["coverage"]
	by = {r["function"]: r for r in d["site_instances"]}
	assert by["dev_flagged"]["verdict"] == "unattributed", by["dev_flagged"]
	assert "pointer" in by["dev_flagged"]["why"], by["dev_flagged"]
	assert by["mailbox_idle"]["verdict"] == "ok", by["mailbox_idle"]
	assert "2-byte" in by["mailbox_idle"]["why"], by["mailbox_idle"]
	PY
'
clang -O2 -g -c "$RWONCE_ROOT/tests/scan/pointer-join.c" -o "$TEST_TMP/j.o"
test_expect_success 'clang -O2: the pointer added on one path, used after a jmp to the join (else this proves nothing)' '
	objdump -d "$TEST_TMP/j.o" >"$TEST_TMP/jdis" &&
	grep -Eq "add +0x30\(%rdi\),%r[a-z0-9]+" "$TEST_TMP/jdis" &&
	grep -Eq "jmp " "$TEST_TMP/jdis" &&
	grep -Eq "movslq +\(%r[a-z0-9]+\),%r" "$TEST_TMP/jdis"
'
test_expect_success 'the pointer used after the join: unattributed, not widened' '
	{ "$RWONCE" scan -v "$TEST_TMP/j.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-widened" "$TEST_TMP/out" &&
	grep -q "sysctl_wmem_offset)) in .raise_allocated.*unattributed: only an 8-byte load of a pointer to the object" "$TEST_TMP/err" &&
	grep -q "only the pointer to it 2" "$TEST_TMP/err"
'
test_done
