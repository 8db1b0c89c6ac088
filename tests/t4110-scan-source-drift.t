#!/bin/sh
# Sources that are not the text the build was made from are found by
# their content, not their time stamps: tests/scan/kernel-shape.c built,
# then two lines put at its top and its time stamp set back to before the
# build.  clang's DWARF 5 line table records each file's MD5: it differs.
# gcc 12 records none: the rows' columns fall between the moved text's
# tokens.  Either way the source is named, its sites are not judged (no
# finding comes from the drift: the line numbers would be wrong), and the
# run exits 2 -- where it had said "0 sites", exit 0; --sources DIR with
# the text of the build scans as before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires python3 python3
need_cmd clang gcc

SRC=$RWONCE_ROOT/tests/scan/kernel-shape.c
mkdir -p "$TEST_TMP/src" "$TEST_TMP/orig"
cp "$SRC" "$TEST_TMP/src/k.c"
cp "$SRC" "$TEST_TMP/orig/k.c"
(cd "$TEST_TMP/src" &&
	clang -O2 -g -c k.c -o ../clang.o &&
	clang -O2 -gdwarf-4 -c k.c -o ../clang4.o &&
	gcc -O2 -g -c k.c -o ../gcc.o)

test_expect_success 'before the move: clang torn twice (exit 1), gcc ok (exit 0)' '
	{ "$RWONCE" scan "$TEST_TMP/clang.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	test "$(grep -c "scan-torn" "$TEST_TMP/out")" = 2 &&
	"$RWONCE" scan "$TEST_TMP/gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	grep -q "2 site instances: ok 2" "$TEST_TMP/err"
'

{ printf '/* two lines put at the top\n * after the build */\n'; cat "$SRC"; } >"$TEST_TMP/src/k.c"
touch -d "2001-01-01 00:00" "$TEST_TMP/src/k.c"

test_expect_success 'clang DWARF 5: the MD5 differs; named, not judged, exit 2' '
	{ "$RWONCE" scan "$TEST_TMP/clang.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	test ! -s "$TEST_TMP/out" &&
	grep -q "rwonce: error: .*clang\\.o: source .*/src/k\\.c. does not match the build: its MD5 is not the one the line table records; its sites are not judged" "$TEST_TMP/err" &&
	grep -q "1 source that does not match the build" "$TEST_TMP/err" &&
	grep -q "3 not judged (source does not match the build)" "$TEST_TMP/err"
'

test_expect_success 'clang DWARF 4 (no MD5): rows between the tokens; named, exit 2' '
	{ "$RWONCE" scan "$TEST_TMP/clang4.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	test ! -s "$TEST_TMP/out" &&
	grep -q "clang4\\.o: source .*/src/k\\.c. does not match the build: [0-9]* of the [0-9]* line-table rows on it fall between its tokens" "$TEST_TMP/err"
'

test_expect_success 'gcc (no MD5): the site moved two lines down is not "0 sites, exit 0"' '
	{ "$RWONCE" scan "$TEST_TMP/gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	test ! -s "$TEST_TMP/out" &&
	grep -q "gcc\\.o: source .*/src/k\\.c. does not match the build: [0-9]* of the [0-9]* line-table rows on it fall between its tokens (the first at line [0-9]*, column [0-9]*); its sites are not judged" "$TEST_TMP/err"
'

test_expect_success 'JSON: the source counted as not matching' '
	{ "$RWONCE" scan --json "$TEST_TMP/gcc.o" >"$TEST_TMP/j" 2>"$TEST_TMP/err"; test $? = 2; } &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"sources\"][\"not_matching\"] == 1, d
assert d[\"coverage\"][\"source_mismatch\"] == 3, d[\"coverage\"]
assert all(s[\"reason\"] == \"source_mismatch\" for s in d[\"no_code_sites\"]), d
assert d[\"site_instances\"] == [], d
" "$TEST_TMP/j"
'

test_expect_success '--sources DIR with the text of the build: judged as before' '
	{ "$RWONCE" scan --sources "$TEST_TMP/orig" "$TEST_TMP/clang.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	test "$(grep -c "orig/k.c:[0-9]*:[0-9]*: error: .*scan-torn" "$TEST_TMP/out")" = 2 &&
	"$RWONCE" scan --sources "$TEST_TMP/orig" "$TEST_TMP/gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err" &&
	! grep -q "does not match" "$TEST_TMP/err"
'

test_expect_success 'a good object with a drifted one: the good one judged, exit 2' '
	(cd "$TEST_TMP/orig" && clang -O2 -g -c k.c -o ../good.o) &&
	{ "$RWONCE" scan "$TEST_TMP/good.o" "$TEST_TMP/gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	test "$(grep -c "orig/k.c:[0-9]*:[0-9]*: error: .*scan-torn" "$TEST_TMP/out")" = 2 &&
	{ "$RWONCE" scan --allow-unchecked "$TEST_TMP/good.o" "$TEST_TMP/gcc.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; }
'

test_done
