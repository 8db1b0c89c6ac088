#!/bin/sh
# rwonce fuzz --reduce and --check-one in --mode once: the interestingness
# test judges the once-mode oracle on the two configurations.
#
# A fixed program served by the csmith stand-in (tests/fuzz/once/seed-5.c)
# is found with a torn marked site by tests/fuzz/cc-split-marked (gcc
# plus a 2-byte load at a marked line), and kept converted to rwonce.h.
# --check-one --mode once then says yes to it (torn site; a duplicated
# volatile load by cc-dup-load as count) and no to plain gcc, to a
# candidate that lost its #include "rwonce.h", and to one that lost the
# bug.  C-Vise itself runs for 120 s (900 s in make check-full).
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires python3 python3
requires cvise cvise
requires creduce creduce
need_cmd gcc python3
fuzz_need_x86
fuzz_need_csmith
fuzz_need_addr2line

fuzz_private_tmpdir
SPLIT="$RWONCE_ROOT/tests/fuzz/cc-split-marked"
DUP="$RWONCE_ROOT/tests/fuzz/cc-dup-load"
STANDIN="$RWONCE_ROOT/tests/fuzz/once"

PATH="$STANDIN:$PATH" $RWONCE fuzz --mode once --cc gcc --cc "$SPLIT" --opt 2 --seeds 5 \
	--out "$TEST_TMP/o" >"$TEST_TMP/o.summary" 2>"$TEST_TMP/o.err"
rc=$?
P="$TEST_TMP/o/programs/seed-5-rwonce.c"
test_expect_success 'the planted torn site is found (exit 1) and the converted program kept' '
	cat "$TEST_TMP/o.err"; test $rc = 1 &&
	grep -q "cc-split-marked x86_64 -O2 rwonce.h  marked site torn: g_2 (4 bytes) at line 30: r2 " "$TEST_TMP/o.summary" &&
	grep -q "^#include \"rwonce.h\"" "$P" && grep -q "WRITE_ONCE(g_2, " "$P"'

check() { # expected-status args...: --check-one --mode once on args
	want=$1; shift
	"$RWONCE" fuzz --check-one --mode once "$@" 2>"$TEST_TMP/err"
	got=$?
	cat "$TEST_TMP/err"
	test "$got" = "$want"
}
test_expect_success 'check-one: the torn marked site is still interesting' '
	check 0 --ref gcc:x86_64:-O2 --bad "$SPLIT:x86_64:-O2" --expect-site torn "$P" &&
	grep -q "marked sites of .*cc-split-marked:x86_64:-O2: torn: g_2 (4 bytes) at line 30: r2" "$TEST_TMP/err"'
test_expect_success 'check-one: plain gcc reads the marks at full width: not interesting' '
	check 1 --ref gcc:x86_64:-O2 --bad gcc:x86_64:-O2 --expect-site torn "$P" &&
	grep -q "marked sites of gcc:x86_64:-O2: ok" "$TEST_TMP/err"'
test_expect_success 'check-one: a duplicated volatile load is count against gcc' '
	check 0 --ref gcc:x86_64:-O2 --bad "$DUP:x86_64:-O2" --expect count "$P" &&
	grep -q "count: g_1: reference r4 r4; here r4 r4 r4" "$TEST_TMP/err"'
test_expect_success 'check-one: gcc against itself is no count' '
	check 1 --ref gcc:x86_64:-O2 --bad gcc:x86_64:-O2 --expect count "$P"'
sed "/#include \"rwonce.h\"/d; s/WRITE_ONCE(g_2, \(.*\));/g_2 = \1;/; s/READ_ONCE(g_2)/g_2/g" \
	"$P" >"$TEST_TMP/noinc.c"
test_expect_success 'check-one: a candidate without #include "rwonce.h" is not interesting' '
	check 1 --ref gcc:x86_64:-O2 --bad "$DUP:x86_64:-O2" --expect count "$TEST_TMP/noinc.c" &&
	grep -q "does not #include \"rwonce.h\"" "$TEST_TMP/err"'
test_expect_success 'check-one: the volatile-cast variant is judged on its own marks' '
	check 0 --variant volatile-cast --ref gcc:x86_64:-O2 --bad "$SPLIT:x86_64:-O2" \
		--expect-site torn "$TEST_TMP/o/programs/seed-5.c"'
test_expect_success 'check-one: --expect-site needs --mode once' '
	! "$RWONCE" fuzz --check-one --ref gcc:x86_64:-O2 --bad gcc:x86_64:-O2 \
		--expect-site torn "$P" 2>"$TEST_TMP/err" &&
	grep -q "expect-site" "$TEST_TMP/err"'

if ! have_cmd cvise && ! have_cmd creduce; then
	test_skip 'once mode reduced' "$(missing_why cvise creduce)"
else
	# C-Vise keeps trying its passes until it runs out, minutes on this
	# 37-line program; what it has at the limit is the testcase (by hand
	# with 300 s: 15 lines).  make check gives it 120 s, check-full 900.
	limit=120
	[ "${RWONCE_FULL:-0}" = 1 ] && limit=900
	PATH="$STANDIN:$PATH" RWONCE_REDUCE_TIMEOUT=$limit RWONCE_REDUCE_JOBS=2 $RWONCE fuzz \
		--mode once --cc gcc --cc "$SPLIT" --opt 2 --seeds 5 --reduce \
		--out "$TEST_TMP/r" >/dev/null 2>"$TEST_TMP/r.err"
	T="$TEST_TMP/r/reduced/seed-5"
	test_expect_success 'once mode reduced, test.sh judges the rwonce.h program' '
		cat "$TEST_TMP/r.err"; test -s "$T/testcase.c" &&
		grep -q -- "--mode once --variant rwonce.h .* --expect-site torn testcase.c" "$T/test.sh"'
	test_expect_success 'the testcase is smaller, still includes rwonce.h and has a mark' '
		cat "$T/testcase.c"
		test "$(wc -l <"$T/testcase.c")" -lt "$(wc -l <"$P")" &&
		grep -q "#include \"rwonce.h\"" "$T/testcase.c" && grep -Eq "(READ|WRITE)_ONCE" "$T/testcase.c"'
	test_expect_success 'it still shows the torn site and passes the UB guards' '(cd "$T" && ./test.sh)'
	test_expect_success 'and compiles with rwonce.h under plain gcc with the marks at full width' '
		check 1 --ref gcc:x86_64:-O2 --bad gcc:x86_64:-O2 --expect-site torn "$T/testcase.c" &&
		grep -q "marked sites of gcc:x86_64:-O2: ok" "$TEST_TMP/err"'
	test_expect_success 'the report gives the marked-site verdicts' '
		grep -q "marked sites (--mode once): reference ok.*; here torn: g_2" "$T/report.md"'
fi
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
