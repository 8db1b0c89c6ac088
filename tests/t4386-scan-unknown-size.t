#!/bin/sh
# One access of an object whose size nothing tells -- no type in the
# sources scan reads, none in the DWARF -- is not "ok" (issue 31): it may
# be part of the object.  Before, "compiled to one 4-byte load: ok" was
# said of a 4-byte load at a site whose object could be 8 bytes.  Now the
# instance is unattributed, "its size not known", the load named.  From
# assembly with .loc lines on tests/scan/unknown-size.c (its struct in a
# header that is not there).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu
need_cmd x86_64-linux-gnu-as

SRC=$RWONCE_ROOT/tests/scan/unknown-size.c
L=$(line_of "$SRC" "return MY_READ(s->w);")
COL=$(sed -n "${L}p" "$SRC" | awk '{ print index($0, "MY_READ(") }')

cat >"$TEST_TMP/u.s" <<ASM
	.file 1 "$SRC"
	.text
	.globl wide_get
	.type wide_get, @function
wide_get:
	.loc 1 $((L - 2)) 1
	.loc 1 $L $COL
	movl 8(%rdi), %eax
	.loc 1 $((L + 1)) 1
	ret
	.size wide_get, .-wide_get
ASM
x86_64-linux-gnu-as -o "$TEST_TMP/u.o" "$TEST_TMP/u.s" || exit 1

test_expect_success 'one load of an object of unknown size: unattributed, not ok' '
	{ "$RWONCE" scan -v "$TEST_TMP/u.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 0; } &&
	grep -q "1 site instance: ok 0, torn 0, duplicated 0, widened 0, unattributed 1;" "$TEST_TMP/err" &&
	grep -q "unknown-size.c:$L:[0-9]*: note: MY_READ(s->w) in .wide_get.*unattributed: compiled to one 4-byte load, but the object.s size is unknown" "$TEST_TMP/err" &&
	grep -q "1 of 1 instance unattributed (its size not known 1)" "$TEST_TMP/err"
'
test_expect_success 'JSON: the reason counted as size, the load named' '
	"$RWONCE" scan --json "$TEST_TMP/u.o" >"$TEST_TMP/j" 2>/dev/null &&
	python3 - "$TEST_TMP/j" <<-\PY
	import json, sys
	d = json.load(open(sys.argv[1]))
	assert d["coverage"]["unattributed"]["size"] == 1, d["coverage"]
	(r,) = d["site_instances"]
	assert r["verdict"] == "unattributed" and "size is unknown" in r["why"], r
	assert [i["text"] for i in r["instructions"]] == ["movl 8(%rdi), %eax"], r
	PY
'
test_done
