#!/bin/sh
# A use of a macro whose one access is *(volatile T *)E at an address no
# object has -- nsync's ASSERT crash store *(volatile int *)0 = 0 -- is
# judged at the width of T (issue 31).  Nothing else types its object,
# so since 103b4e4 such a use was "its size not known", unattributed; the
# cast names the width.  On the four builds (tests/scan/user-lib.sh) of
# tests/scan/cast-width.c: CRASH() (int), READ_REG() (unsigned long) and
# WRITE_HALF(v) (a typedef of the file, unsigned short) are ok, each one
# access of T's size.  And from x86-64 assembly with .loc lines, a 4-byte
# load at READ_REG() is torn: the cast's 8 bytes are the object's size,
# not a licence for any width.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3
requires x86_64-linux-gnu-as binutils-x86-64-linux-gnu

SRC=$RWONCE_ROOT/tests/scan/cast-width.c

while read -r name cfg; do
	user_config_enter "$name" "the casts' widths" $cfg || continue
	user_build "$name $cfg" "$SRC" w.o || exit 1
	test_expect_success "$name: each use, one access of its cast's width: ok" '
		{ "$RWONCE" scan -v w.o >out 2>err; test $? = 0; } &&
		grep -q "3 site instances: ok 3, torn 0, duplicated 0, widened 0, unattributed 0;" err &&
		"$RWONCE" scan --json w.o >j 2>/dev/null &&
		python3 - j <<-\PY
		import json, sys
		d = json.load(open(sys.argv[1]))
		want = {"CRASH()": ("int", 4), "READ_REG()": ("unsigned long", 8),
		        "WRITE_HALF(7)": ("half_t", 2)}
		got = {r["site"]: (r["type"], r["size"])
		       for r in d["site_instances"] if r["verdict"] == "ok"}
		assert got == want, (got, d["site_instances"])
		for r in d["site_instances"]:
		    assert len(r["instructions"]) == 1, r
		    assert r["why"] == "compiled to one %d-byte %s" % (
		        r["size"], "store" if r["access"] == "write" else "load"), r
		PY
	'
done <<EOF2
$USER_CONFIGS
EOF2

need_cmd x86_64-linux-gnu-as
L=$(line_of "$SRC" "x = READ_REG();")
COL=$(sed -n "${L}p" "$SRC" | awk '{ print index($0, "READ_REG(") }')
cat >"$TEST_TMP/n.s" <<ASM
	.file 1 "$SRC"
	.text
	.globl reg
	.type reg, @function
reg:
	.loc 1 $((L - 3)) 1
	.loc 1 $L $COL
	movl 4096, %eax
	.loc 1 $((L + 1)) 1
	ret
	.size reg, .-reg
ASM
x86_64-linux-gnu-as -o "$TEST_TMP/n.o" "$TEST_TMP/n.s" || exit 1
test_expect_success 'a 4-byte load at the 8-byte cast: torn, not ok' '
	{ "$RWONCE" scan -v "$TEST_TMP/n.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "1 site instance: ok 0, torn 1, duplicated 0, widened 0, unattributed 0;" "$TEST_TMP/err" &&
	grep -q "cast-width.c:$L:$COL: error: READ_REG() of .unsigned long. (8 bytes) compiled to one 4-byte load of the 8-byte object its volatile cast points to: torn" "$TEST_TMP/out"
'
test_done
