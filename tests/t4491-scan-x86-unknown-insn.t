#!/bin/sh
# x86: an instruction capstone 4.0.2 cannot decode (CET's wrssq) is
# skipped whole, by the length LLVM's decoder gives, and a site whose
# only instruction it is stays unattributed ("not decoded").  Xen's
# hypervisor built by gcc 12 had 3 "torn" findings at wrss() calls
# (setup.c, traps-setup.c, traps.c): scan skipped one byte of the
# 9-byte wrssq and decoded its tail, `00 00`, as `addb %al, (%rax)`, a
# 1-byte access of the 8-byte object.  A byte that is no instruction at
# all (0xd6) is skipped alone: the code after it is read (skipping the
# rest of the function there left 8 sites of Xen's ACPI and AMD IOMMU
# code without their accesses).  tests/scan/unknown-insn-x86.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd gcc python3

SRC=$RWONCE_ROOT/tests/scan/unknown-insn-x86.c
SITE=$(line_of "$SRC" "wrss((unsigned long)stack")
READ=$(line_of "$SRC" "return READ_ONCE(*flag);")
AFTER=$(grep -nF "return READ_ONCE(*flag);" "$SRC" | sed -n 2p | cut -d: -f1)
gcc -O2 -g -c "$SRC" -o "$TEST_TMP/w.o"

test_expect_success 'gcc -O2: the 9-byte wrssq ending in 00 00, then the 4-byte read (else this proves nothing)' '
	objdump -d "$TEST_TMP/w.o" >"$TEST_TMP/dis" &&
	grep -Eq "48 0f 38 f6 87 f8 5f[[:space:]]+wrssq +%rax,0x5ff8\(%rdi\)" "$TEST_TMP/dis" &&
	grep -Eq "mov +\(%rsi\),%eax" "$TEST_TMP/dis" &&
	grep -Eq "^ +[0-9a-f]+:[[:space:]]+d6[[:space:]]+\(bad\)" "$TEST_TMP/dis" &&
	grep -Eq "mov +\(%rdi\),%eax" "$TEST_TMP/dis"
'
test_expect_success 'no torn finding from the tail of wrssq; nothing decoded from inside it' '
	{ "$RWONCE" scan -vv -j 1 "$TEST_TMP/w.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	! grep -q "scan-torn" "$TEST_TMP/out" &&
	! grep -q "addb" "$TEST_TMP/out" "$TEST_TMP/err" &&
	grep -q "wrss(stack + 0xbff) in .reinit.*unattributed: 1 instruction at the site could not be decoded" "$TEST_TMP/err" &&
	grep -q "not decoded 1" "$TEST_TMP/err"
'
test_expect_success 'JSON: wrss unattributed (not decoded); the reads after it and after 0xd6 ok, one 4-byte load each' '
	"$RWONCE" scan --json "$TEST_TMP/w.o" >"$TEST_TMP/j" 2>/dev/null;
	python3 - "$TEST_TMP/j" "$SITE" "$READ" "$AFTER" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	by = {r["line"]: r for r in d["site_instances"]}
	w, r, a = by[int(sys.argv[2])], by[int(sys.argv[3])], by[int(sys.argv[4])]
	assert a["verdict"] == "ok", a
	assert [x["text"] for x in a["instructions"]] == ["movl (%rdi), %eax"], a
	assert w["verdict"] == "unattributed", w
	assert w["why"] == "1 instruction at the site could not be decoded", w
	assert r["verdict"] == "ok", r
	assert [x["text"] for x in r["instructions"]] == ["movl (%rsi), %eax"], r
	assert d["coverage"]["unattributed"]["undecoded"] == 1, d["coverage"]
	PY
'
# Without libLLVM (the test hook stands for a machine where it cannot be
# loaded) where the next instruction starts cannot be told: the rest of
# the stretch is skipped, and every site in it is 'not decoded' -- not
# 'no memory access', and never ok on a guess
test_expect_success 'no libLLVM: the sites after wrssq are not decoded, none ok, none called empty' '
	{ RWONCE_TEST_NO_LIBLLVM=1 "$RWONCE" scan -v -j 1 "$TEST_TMP/w.o" \
		>"$TEST_TMP/nl.out" 2>"$TEST_TMP/nl.err"; test $? = 0; } &&
	grep -q "unknown-insn-x86.c:$READ:9: note: READ_ONCE(\*flag) in .reinit. (.*w.o): unattributed: 1 instruction at the site could not be decoded" "$TEST_TMP/nl.err" &&
	grep -q "3 site instances: ok 0, torn 0, duplicated 0, widened 0, unattributed 3;" "$TEST_TMP/nl.err" &&
	grep -q "(not decoded 3)" "$TEST_TMP/nl.err" &&
	! grep -q "no memory access" "$TEST_TMP/nl.err"
'
test_done
