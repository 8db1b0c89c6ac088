#!/bin/sh
# rwonce fuzz on a fixed seed range on x86-64: gcc and clang at -O0 and
# -O2, run twice into two folders -- the results files must be the same
# byte for byte (deterministic per seed) -- and a rerun into the same
# folder resumes: it runs nothing and prints the same summary.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires clang-19 clang-19
need_cmd cc
fuzz_need_x86
fuzz_need_csmith

fuzz_private_tmpdir
CCS="--cc gcc"
have_cmd clang-19 && CCS="$CCS --cc clang-19"
F="$RWONCE fuzz $CCS --opt 0,2 --seeds 11-14 --max-funcs 2 -j2"

run() { # folder
	$F --out "$TEST_TMP/$1" >"$TEST_TMP/$1.summary" 2>"$TEST_TMP/$1.err"
	echo $? >"$TEST_TMP/$1.rc"
}
run a
run b
nconf=$(($(echo "$CCS" | wc -w) / 2 * 2))

test_expect_success 'the campaign ran (exit 0 or 1, never 2)' '
	rc=$(cat "$TEST_TMP/a.rc"); cat "$TEST_TMP/a.err"; [ "$rc" = 0 ] || [ "$rc" = 1 ]'
test_expect_success 'one result line per program and configuration' '
	test "$(wc -l <"$TEST_TMP/a/results.jsonl")" = $((4 * nconf))'
test_expect_success 'every program ran under the reference and was compared' '
	test "$(grep -c "\"verdict\":\"reference\"" "$TEST_TMP/a/results.jsonl")" = 4 &&
	! grep -q "\"verdict\":\"not-run\"" "$TEST_TMP/a/results.jsonl"'
test_expect_success 'the tracer saw volatile accesses' '
	grep -q "\"accesses\":[1-9]" "$TEST_TMP/a/results.jsonl"'
# With -j2 the lines are appended as programs finish, so their order may
# differ; each line (one program and configuration) must be the same.
test_expect_success 'two runs give the same results, line for line' '
	sort "$TEST_TMP/a/results.jsonl" >"$TEST_TMP/a.sorted" &&
	sort "$TEST_TMP/b/results.jsonl" >"$TEST_TMP/b.sorted" &&
	cmp "$TEST_TMP/a.sorted" "$TEST_TMP/b.sorted" &&
	cmp "$TEST_TMP/a.summary" "$TEST_TMP/b.summary"'
test_expect_success 'the summary counts every configuration' '
	grep -q "^rwonce fuzz: 4 programs (0 not generated), $nconf configurations" "$TEST_TMP/a.summary" &&
	grep -q "^gcc x86_64 -O2 " "$TEST_TMP/a.summary"'
test_expect_success 'timings go to their own file' '
	test "$(wc -l <"$TEST_TMP/a/times.jsonl")" = 4 &&
	grep -q "\"trace_s\":" "$TEST_TMP/a/times.jsonl"'

# Resume: the same folder again runs no program.
$F --out "$TEST_TMP/a" >"$TEST_TMP/a2.summary" 2>"$TEST_TMP/a2.err"
test_expect_success 'a rerun resumes: nothing run again, same summary' '
	! grep -q "programs in" "$TEST_TMP/a2.err" &&
	test "$(wc -l <"$TEST_TMP/a/results.jsonl")" = $((4 * nconf)) &&
	cmp "$TEST_TMP/a.summary" "$TEST_TMP/a2.summary"'
# An interrupted run: the last seed's lines are missing; it is run again.
head -n $((3 * nconf)) "$TEST_TMP/b/results.jsonl" >"$TEST_TMP/b/r" && mv "$TEST_TMP/b/r" "$TEST_TMP/b/results.jsonl"
$F --out "$TEST_TMP/b" >"$TEST_TMP/b2.summary" 2>"$TEST_TMP/b2.err"
test_expect_success 'an interrupted campaign completes the missing seed only' '
	grep -q "^rwonce fuzz: 1 programs in" "$TEST_TMP/b2.err" &&
	cmp "$TEST_TMP/a.summary" "$TEST_TMP/b2.summary"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
