#!/bin/sh
# volatile-aggregate in the libclang engine, unions included (issue #12),
# checked against the code clang generates: on tests/audit/aggregate/
# shapes.c the engine reports exactly the accesses marked "may-split",
# and clang -O2 (x86-64) indeed splits exactly those into more than one
# load or store.  The --macro READ_ONCE=volatile-cast spelling is taken
# (the engine judges the expansion itself, so it changes nothing here).
. "$(dirname "$0")/lib/tap.sh"

requires clang-14 clang-14
clang_audit() { "$TEST_TOOL" clang-audit "$@"; }
AUDIT=clang_audit
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (make)"
"$AUDIT" -p /nonexistent 2>&1 | grep -q 'built without libclang' &&
	skip_all "rwonce built without libclang (apt-get install libclang-dev)"

F=$RWONCE_ROOT/tests/audit/aggregate/shapes.c
D=$TEST_TMP/db
mkdir -p "$D" && cp "$F" "$D/shapes.c"
printf '[{"directory": "%s", "file": "shapes.c", "command": "cc -O2 -c -o shapes.o shapes.c"}]\n' \
	"$D" >"$D/compile_commands.json"
grep -n '/\* expect: may-split \*/' "$F" | cut -d: -f1 >"$TEST_TMP/want"

test_expect_success 'the engine reports exactly the may-split accesses, unions included' "
	\"$RWONCE\" audit -q --engine=clang -p '$D' --macro READ_ONCE=volatile-cast >$TEST_TMP/out; [ \$? = 1 ] &&
	sed -n 's/^[^:]*:\([0-9]*\):.*\[volatile-aggregate\]\$/\1/p' $TEST_TMP/out | sort -n >$TEST_TMP/got &&
	diff -u $TEST_TMP/want $TEST_TMP/got"
test_expect_success 'a union finding says may be split and names rwonce scan' "
	grep -q \"volatile read of 4-byte union 'union ticket' with 2 storage units.*may split it.*'rwonce scan' on the build confirms it\" $TEST_TMP/out"

LC_ALL=C
export LC_ALL
if [ "$(uname -m)" != x86_64 ]; then
	test_skip 'clang-14 -O2 splits exactly the may-split shapes' "the counts are of x86-64 code; this is $(uname -m)"
elif ! have_cmd clang-14; then
	test_skip 'clang-14 -O2 splits exactly the may-split shapes' "$(missing_why clang-14)"
else
	# Loads or stores through the first argument (%rdi), per function.
	test_expect_success 'clang-14 -O2 splits exactly the may-split shapes (more than one access)' "
		clang-14 -O2 -S -o $TEST_TMP/s.s '$F' &&
		awk '/^[a-z_0-9]+:/{fn=\$1; sub(\":\",\"\",fn); n[fn]=0} /\\(%rdi\\)/{n[fn]++} END{for (f in n) print f, n[f]}' $TEST_TMP/s.s |
			sort >$TEST_TMP/counts &&
		awk '/^(int|void) [a-z_0-9]+\\(/{fn=\$2; sub(/\\(.*/,\"\",fn)} /\\/\\* expect: may-split/{print fn, \"split\"} /\\/\\* expect: one-unit/{print fn, \"one\"}' '$F' |
			sort >$TEST_TMP/marks &&
		join $TEST_TMP/counts $TEST_TMP/marks >$TEST_TMP/joined &&
		test \$(wc -l <$TEST_TMP/joined) = 15 &&
		! awk '(\$3 == \"split\" && \$2 < 2) || (\$3 == \"one\" && \$2 != 1)' $TEST_TMP/joined | grep ."
fi
test_done
