#!/bin/sh
# "rwonce fuzz --check-one --print-lines" ties a difference to the source:
# per line, how many accesses of each kind the two configurations made
# to each object that differs.  tests/fuzz/cc-dup-load (gcc plus one
# duplicated load of the first volatile global) reads g_1 twice on its
# line and g_2 as gcc does (on a line with a difference, what both
# made is printed too; a failing addr2line is said, not hidden); tcc's
# dropped read in the left operand of a comma (doc/fuzz/tcc-comma.c) is
# a line with one read fewer.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires python3 python3
requires tcc tcc
need_cmd gcc python3
fuzz_need_x86
fuzz_need_csmith_headers
fuzz_need_addr2line
fuzz_private_tmpdir
P="$RWONCE_ROOT/tests/fuzz/oracle"
DUP="$RWONCE_ROOT/tests/fuzz/cc-dup-load"

test_expect_success 'a duplicated load is counted on its own line' '
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad "$DUP:x86_64:-O0" \
		--expect count --print-lines "$P/two-lines.c" >"$TEST_TMP/out" 2>"$TEST_TMP/err"
	rc=$?; cat "$TEST_TMP/err" "$TEST_TMP/out"; test $rc = 0 &&
	grep -qx "g_1: reference r4; here r4 r4" "$TEST_TMP/out" &&
	grep -qx "  line 7: r4 reference 1, here 2" "$TEST_TMP/out"'
test_expect_success 'an object read alike on every line is not printed' '
	! grep -q "g_2" "$TEST_TMP/out" && test "$(grep -c "^  line" "$TEST_TMP/out")" = 1'
test_expect_success 'without --print-lines no line is printed' '
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad "$DUP:x86_64:-O0" \
		--expect count --print-accesses "$P/two-lines.c" >"$TEST_TMP/out2" 2>/dev/null &&
	grep -q "^g_1: " "$TEST_TMP/out2" && ! grep -q "^  line" "$TEST_TMP/out2"'

test_expect_success 'on a line that differs, the accesses both made are printed too' '
	"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad "$DUP:x86_64:-O0" \
		--expect count --print-lines "$P/one-line-two.c" >"$TEST_TMP/out4" 2>"$TEST_TMP/err4"
	rc=$?; cat "$TEST_TMP/err4" "$TEST_TMP/out4"; test $rc = 0 &&
	test "$(grep "^  line" "$TEST_TMP/out4")" = "  line 6: r4 reference 1, here 2
  line 6: r4@+4 reference 1, here 1"'

# An addr2line that fails: the verdict stands, the sequences are printed,
# and the message says why there are no lines.
mkdir "$TEST_TMP/bin"
printf '#!/bin/sh\necho "cannot read it" >&2\nexit 3\n' >"$TEST_TMP/bin/x86_64-linux-gnu-addr2line"
chmod +x "$TEST_TMP/bin/x86_64-linux-gnu-addr2line"
test_expect_success 'a failing addr2line: no lines, said, the rest as before' '
	PATH="$TEST_TMP/bin:$PATH" "$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 \
		--bad "$DUP:x86_64:-O0" --expect count --print-lines "$P/two-lines.c" \
		>"$TEST_TMP/out5" 2>"$TEST_TMP/err5"
	rc=$?; cat "$TEST_TMP/err5" "$TEST_TMP/out5"; test $rc = 0 &&
	grep -q "gcc x86_64 -O0: no source lines: x86_64-linux-gnu-addr2line exited with status 3" "$TEST_TMP/err5" &&
	grep -qx "g_1: reference r4; here r4 r4" "$TEST_TMP/out5" &&
	! grep -q "^  line" "$TEST_TMP/out5"'

if have_cmd tcc; then
	test_expect_success 'tcc: the read dropped from a comma operand is on the comma line' '
		"$RWONCE" fuzz --check-one --ref gcc:x86_64:-O0 --bad tcc:x86_64:-O0 \
			--expect count --print-lines "$RWONCE_ROOT/doc/fuzz/tcc-comma.c" \
			>"$TEST_TMP/out3" 2>"$TEST_TMP/err3"
		rc=$?; cat "$TEST_TMP/err3" "$TEST_TMP/out3"; test $rc = 0 &&
		grep -qx "  line 5: r4 reference 1, here 0" "$TEST_TMP/out3"'
else
	test_skip 'tcc: the read dropped from a comma operand is on the comma line' \
		"$(missing_why tcc)"
fi
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
