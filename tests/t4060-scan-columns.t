#!/bin/sh
# Two sites on one line: the line table's columns tell them apart (each
# torn with clang, each its own finding); built with -gno-column-info they
# are one instance, and the message says that the line's sites were
# checked together.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
need_cmd clang

SRC=$RWONCE_ROOT/tests/scan/two-sites.c
LINE=$(line_of "$SRC" "= READ_ONCE(*a), y = READ_ONCE(*b)")

test_expect_success 'with columns: two sites, two torn findings' '
	clang -O2 -g -c "$SRC" -o "$TEST_TMP/c.o" &&
	{ "$RWONCE" scan "$TEST_TMP/c.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "two-sites.c:$LINE:20: error: READ_ONCE(\*a) .*torn \[scan-torn\]" "$TEST_TMP/out" &&
	grep -q "two-sites.c:$LINE:39: error: READ_ONCE(\*b) .*torn \[scan-torn\]" "$TEST_TMP/out" &&
	! grep -q "checked together" "$TEST_TMP/out" &&
	grep -q "2 site instances: ok 0, torn 2" "$TEST_TMP/err"
'

test_expect_success 'without columns: one instance, said to be the line'"'"'s sites together' '
	clang -O2 -g -gno-column-info -c "$SRC" -o "$TEST_TMP/n.o" &&
	{ "$RWONCE" scan "$TEST_TMP/n.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "two-sites.c:$LINE:20: error: .*torn (the line.s 2 sites checked together: its line table has no columns) \[scan-torn\]" "$TEST_TMP/out" &&
	test "$(grep -c " note: [0-9a-f]* <two_locks+" "$TEST_TMP/out")" -ge 2 &&
	grep -q "1 site instance: ok 0, torn 1" "$TEST_TMP/err"
'

test_done
