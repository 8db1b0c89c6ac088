#!/bin/sh
# The double-fetch rule on its common shapes (issue #12): two declarations,
# two assignments, a declaration then a return, a call then a declaration,
# a test then a cast "(int)*rp", a compound assignment -- and near misses
# that must stay silent (a store, a marked read, a new pointer value, a
# volatile pointer, private memory, sizeof, a cast then a product).  The
# fixture marks each expected finding with "expect: double-fetch" on its
# line, so the expectation sits beside the code.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$RWONCE_ROOT/tests/audit" || exit 1
F=double-fetch/shapes.c

test_expect_success 'exit status 1: there are findings' "
	\"$RWONCE\" audit -q --enable double-fetch $F >$TEST_TMP/out.txt; [ \$? = 1 ]"
test_expect_success 'exactly the marked lines are reported, once each, at the second read' "
	grep -n 'expect: double-fetch' $F | cut -d: -f1 >$TEST_TMP/want &&
	sed -n 's/^[^:]*:\([0-9]*\):.*\[double-fetch\]\$/\1/p' $TEST_TMP/out.txt >$TEST_TMP/got &&
	test -s $TEST_TMP/want && diff -u $TEST_TMP/want $TEST_TMP/got"
test_expect_success 'the column is the dereference, the first read is named' "
	grep -q '^$F:56:14: .*(first read at 54:6)' $TEST_TMP/out.txt &&
	grep -q '^$F:46:10: .*(first read at 45:6)' $TEST_TMP/out.txt"
test_expect_success 'nothing is reported with the rule off (its default)' "
	\"$RWONCE\" audit -q $F >$TEST_TMP/off.txt; [ \$? = 0 ] && ! test -s $TEST_TMP/off.txt"
C=double-fetch/checked.c
test_expect_success 'checked then used (issue #22): exactly the marked lines, once each' "
	\"$RWONCE\" audit -q --enable double-fetch --disable volatile-cast $C >$TEST_TMP/c.txt; [ \$? = 1 ] &&
	grep -n 'expect: double-fetch' $C | cut -d: -f1 >$TEST_TMP/cwant &&
	sed -n 's/^[^:]*:\([0-9]*\):.*\[double-fetch\]\$/\1/p' $TEST_TMP/c.txt >$TEST_TMP/cgot &&
	test \$(wc -l <$TEST_TMP/cwant) = 7 && diff -u $TEST_TMP/cwant $TEST_TMP/cgot"
test_expect_success 'checked then used: the message names the use and the check' "
	grep -q '^$C:24:13: warning: .\*shared. is read again and used as an array index, but the value checked (>=, at 22:6)' $TEST_TMP/c.txt &&
	grep -q 'used as a size' $TEST_TMP/c.txt && grep -q 'used as a loop bound' $TEST_TMP/c.txt &&
	grep -q 'used as a pointer, but the value checked (!,' $TEST_TMP/c.txt"
test_expect_success 'the seed fixture still gives its two findings' "
	\"$RWONCE\" audit -q --enable double-fetch rules/double-fetch.c | grep -c '\\[double-fetch\\]' | grep -qx 2"
test_done
