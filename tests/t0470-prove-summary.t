#!/bin/sh
#
# `make check` runs prove through scripts/prove-summary (issue 11, item 6):
# plain prove's lines, failures in full, then the skip reasons with their
# counts, and prove's closing lines last, with prove's exit status.  Run
# here on three small TAP scripts: one passing with skips, one skipped
# whole, one failing.
. "$(dirname "$0")/lib/tap.sh"
need_cmd prove perl

# The made-up programs of the fake suite's skip reasons.
mentions gcc-99 qemu-foo

S=$TEST_TMP/suite
mkdir -p "$S"
cat >"$S/t1-pass.t" <<'T'
#!/bin/sh
echo "ok 1 - works"
echo "ok 2 - gcc-99 part # SKIP gcc-99 not installed (a made-up compiler)"
echo "ok 3 - gcc-99 other part # SKIP gcc-99 not installed (a made-up compiler)"
echo "ok 4 - qemu part # SKIP no qemu-foo"
echo "# a comment prove hides"
echo "1..4"
T
cat >"$S/t2-skipall.t" <<'T'
#!/bin/sh
echo "1..0 # SKIP needs RWONCE_FULL=1"
T
cat >"$S/t3-fail.t" <<'T'
#!/bin/sh
echo "ok 1 - fine"
echo "not ok 2 - broken thing"
echo "# why it broke"
echo "1..2"
exit 1
T
chmod +x "$S"/*.t

run() { (cd "$S" && "$RWONCE_ROOT/scripts/prove-summary" prove -v "$@") >"$TEST_TMP/out" 2>&1; echo $? >"$TEST_TMP/rc"; }

run t1-pass.t t2-skipall.t
test_expect_success 'a passing run: one line per file, skips counted by reason, Result last, status 0' '
	cat "$TEST_TMP/out"; test "$(cat "$TEST_TMP/rc")" = 0 &&
	grep -qx "t1-pass.t ..... ok" "$TEST_TMP/out" &&
	grep -q "^Not run on this machine: 3 tests skipped, and 1 whole test file" "$TEST_TMP/out" &&
	grep -qx "     2  gcc-99 not installed (a made-up compiler)" "$TEST_TMP/out" &&
	grep -qx "     1  no qemu-foo" "$TEST_TMP/out" &&
	grep -qx "  file  needs RWONCE_FULL=1" "$TEST_TMP/out" &&
	! grep -q "a comment prove hides" "$TEST_TMP/out" &&
	test "$(tail -n 1 "$TEST_TMP/out")" = "Result: PASS" &&
	tail -n 3 "$TEST_TMP/out" | grep -q "^Files=2, Tests=4,"'
test_expect_success 'the skip list comes before prove'"'"'s closing lines' '
	skips=$(grep -n "^Not run" "$TEST_TMP/out" | cut -d: -f1) &&
	done=$(grep -n "^All tests successful" "$TEST_TMP/out" | cut -d: -f1) &&
	[ "$skips" -lt "$done" ]'

run t1-pass.t t3-fail.t
test_expect_success 'a failing run: the failure in full, Result: FAIL last, prove'"'"'s status' '
	cat "$TEST_TMP/out"; test "$(cat "$TEST_TMP/rc")" != 0 &&
	grep -qx "not ok 2 - broken thing" "$TEST_TMP/out" &&
	grep -qx "# why it broke" "$TEST_TMP/out" &&
	grep -q "^Test Summary Report" "$TEST_TMP/out" &&
	test "$(tail -n 1 "$TEST_TMP/out")" = "Result: FAIL"'
test_expect_success 'make check runs prove through prove-summary' \
	'make -s -n -C "$RWONCE_ROOT" check-installed | grep -q "scripts/prove-summary prove -v"'
test_done
