#!/bin/sh
# A verify run in which the tracer saw nothing is not a clean run.  A
# configuration whose every probe was unobservable (s390x MVC runs inside
# QEMU helpers, invisible to the plugin; see t1009) checked nothing: it is
# named "not checked" with the reason, and when no configuration checked
# anything the run exits 2.  With some configuration checked, the exit
# status follows the checked ones and the unchecked one is still named.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
requires qemu-s390x qemu-user
requires clang-19 clang-19
need_cmd s390x-linux-gnu-gcc s390x-linux-gnu-as qemu-s390x

mvc="$RWONCE_ROOT/tests/verify/mvc-copy-s390x.s"

test_exit_msg 2 'every probe unobservable: exit 2, the reason said' \
	'error: nothing was checked: in no configuration could the tracer see' \
	"$RWONCE" verify --target s390x --no-builtin --probes "$mvc" \
		--opt 0 --backend volatile

test_expect_success 'the configuration is named "not checked", in the report and on stderr' '
	{ "$RWONCE" verify --target s390x --no-builtin --probes "$mvc" \
		--opt 0 --backend volatile >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	  test $? = 2; } &&
	grep -q "^verdict: TROUBLE" "$TEST_TMP/out" &&
	grep -q "^Not checked (the tracer could not see any access of any probe there, so nothing was checked): cc s390x -O0\.$" "$TEST_TMP/out" &&
	grep -q "warning: cc s390x -O0: not checked: the tracer could not see any access of any probe (all unobservable)" "$TEST_TMP/err"
'

test_expect_success '-q says TROUBLE, not ok' '
	{ "$RWONCE" verify -q --target s390x --no-builtin --probes "$mvc" \
		--opt 0 --backend volatile >"$TEST_TMP/q" 2>/dev/null
	  test $? = 2; } &&
	test "$(cat "$TEST_TMP/q")" = "verdict: TROUBLE"
'

test_expect_success 'JSON: the configuration is "checked": false, the status trouble' '
	{ "$RWONCE" verify --json --target s390x --no-builtin --probes "$mvc" \
		--opt 0 --backend volatile >"$TEST_TMP/j" 2>/dev/null
	  test $? = 2; } &&
	json_ok "$TEST_TMP/j" &&
	grep -q "\"checked\": false" "$TEST_TMP/j" &&
	grep -q "^  \"status\": \"trouble\"" "$TEST_TMP/j"
'

test_expect_success 'one probe seen, one not: exit 0, nothing named unchecked' '
	"$RWONCE" verify --target s390x --probes "$mvc" --only "mvc_copy,read_u32" \
		--opt 0 --backend volatile >"$TEST_TMP/mix" 2>"$TEST_TMP/mixerr" &&
	grep -q "^verdict: ok" "$TEST_TMP/mix" &&
	! grep -q "Not checked" "$TEST_TMP/mix" &&
	! grep -q "not checked" "$TEST_TMP/mixerr"
'

if have_cmd clang-19; then
	# clang-19 -O0 copies the pair through memcpy (EX of MVC): unseen;
	# at -O2 the copy is inline and seen (torn).
	test_expect_success 'one configuration unseen, one checked: exit per the checked one, the other named' '
		{ "$RWONCE" verify --cc clang-19 --target s390x --opt 0,2 \
			--backend volatile --only raw_read_pair32 \
			>"$TEST_TMP/two" 2>"$TEST_TMP/twoerr"
		  test $? = 0; } &&
		grep -q "^Not checked .*: clang-19 s390x -O0\.$" "$TEST_TMP/two" &&
		grep -q "warning: clang-19 s390x -O0: not checked" "$TEST_TMP/twoerr" &&
		! grep -q "s390x -O2: not checked" "$TEST_TMP/twoerr" &&
		! grep -q "nothing was checked" "$TEST_TMP/twoerr"
	'
else
	test_skip 'one configuration unseen, one checked' "$(missing_why clang-19)"
fi

test_done
