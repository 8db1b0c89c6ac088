#!/bin/sh
# Several accesses at a site's rows, the last wider than the object: the
# last is not "one access" of it.  nsync built by clang showed the shape
# (ATM_LOAD_ACQ at internal/counter.c:112): the line also loads two 8-byte
# nsync_time constants, the site's own 4-byte cmpl on a row of its own,
# and scan said "compiled to one 8-byte load: ok" of the 4-byte object,
# citing a constant's load.  Now it is unattributed, "which is the
# object's, cannot tell".  From assembly with .loc lines on
# tests/scan/wide-candidates.c.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu
need_cmd x86_64-linux-gnu-as

SRC=$RWONCE_ROOT/tests/scan/wide-candidates.c
L=$(line_of "$SRC" "x = READ_WORD();")
COL=$(sed -n "${L}p" "$SRC" | awk '{ print index($0, "READ_WORD(") }')

cat >"$TEST_TMP/w.s" <<ASM
	.file 1 "$SRC"
	.text
	.globl word
	.type word, @function
word:
	.loc 1 $((L - 4)) 1
	.loc 1 $L $COL
	movq (%rsi), %rax
	movq (%rdx), %rdx
	.loc 1 $((L + 1)) 1
	ret
	.size word, .-word
ASM
x86_64-linux-gnu-as -o "$TEST_TMP/w.o" "$TEST_TMP/w.s" || exit 1

test_expect_success 'two loads wider than the object: unattributed, not ok' '
	{ "$RWONCE" scan -v "$TEST_TMP/w.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/err" &&
	grep -q "READ_WORD() in .word.*unattributed: 2 accesses at the site.s rows, the last an 8-byte load, wider than the 4-byte object: which is the object.s, cannot tell" "$TEST_TMP/err"
'
test_expect_success 'JSON: counted as address, the cited load is the last' '
	"$RWONCE" scan --json "$TEST_TMP/w.o" >"$TEST_TMP/j" 2>/dev/null &&
	python3 - "$TEST_TMP/j" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["coverage"]["unattributed"]["address"] == 1, d["coverage"]
	(r,) = d["site_instances"]
	assert r["verdict"] == "unattributed" and r["size"] == 4, r
	assert "cannot tell" in r["why"], r
	PY
'
test_done
