#!/bin/sh
# A fuzz run or merge in which no program was compiled, run and compared
# checked nothing: exit 2 with the reason, never 0.  Results holding only
# "generator-failed" lines (Csmith failed every seed) used to count as a
# clean run.  A merge where some folder checked something follows the
# checked results.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
need_cmd gcc
fuzz_need_x86
fuzz_need_csmith
fuzz_need_csmith_headers

fuzz_private_tmpdir

# A csmith that fails every seed, beside the real gcc.
mkdir "$TEST_TMP/bin"
printf '#!/bin/sh\necho "csmith: out of luck" >&2\nexit 1\n' >"$TEST_TMP/bin/csmith"
chmod +x "$TEST_TMP/bin/csmith"
ln -s "$(command -v gcc)" "$TEST_TMP/bin/gcc"

test_exit_msg 2 'every program not generated: the run exits 2, the reason said' \
	'^rwonce: error: nothing checked: no program in .*/g was compiled, run and compared \(its 2 results: 2 generator-failed; the first: csmith --seed 1 exited with status 1\)' \
	env PATH="$TEST_TMP/bin:$PATH" "$RWONCE" fuzz --cc gcc --opt 0 --seeds 1-2 --out "$TEST_TMP/g"
test_expect_success 'the results hold the two generator-failed lines' '
	test "$(grep -c "\"status\":\"generator-failed\"" "$TEST_TMP/g/results.jsonl")" = 2'
test_exit_msg 2 '--merge of that folder: exit 2, the reason said' \
	'^rwonce: error: nothing checked: no program in .*/g was compiled, run and compared \(its 2 results: 2 generator-failed' \
	"$RWONCE" fuzz --merge "$TEST_TMP/g"
test_exit_msg 2 '--merge --format=json of that folder: exit 2 too' \
	'nothing checked' "$RWONCE" fuzz --merge --format=json "$TEST_TMP/g"

mkdir "$TEST_TMP/e" && : >"$TEST_TMP/e/results.jsonl"
test_exit_msg 2 '--merge of an empty results file: exit 2' \
	'^rwonce: error: nothing checked: no program in the 1 folder merged' \
	"$RWONCE" fuzz --merge "$TEST_TMP/e"

# One real program beside: the merge checked something.
"$RWONCE" fuzz --cc gcc --opt 0 --seeds 5 --max-funcs 1 --out "$TEST_TMP/ok" \
	>/dev/null 2>"$TEST_TMP/ok.err"
rc=$?
test_expect_success 'a real program: compiled and compared' '
	cat "$TEST_TMP/ok.err"; test $rc = 0 &&
	grep -q "\"status\":\"ok\"" "$TEST_TMP/ok/results.jsonl"'
test_expect_success '--merge of it with the not-generated folder: exit 0, nothing-checked not said' '
	"$RWONCE" fuzz --merge "$TEST_TMP/g" "$TEST_TMP/ok" >"$TEST_TMP/m.out" 2>"$TEST_TMP/m.err" &&
	! grep -q "nothing checked" "$TEST_TMP/m.err" &&
	grep -q "^rwonce fuzz: 3 programs (2 not generated)" "$TEST_TMP/m.out"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
