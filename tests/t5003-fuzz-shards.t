#!/bin/sh
# Two shards run by GNU parallel, merged with --merge, give the summary
# one run over the same seeds prints (and the same result lines).
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires parallel parallel
need_cmd gcc parallel
fuzz_need_x86
fuzz_need_csmith

fuzz_private_tmpdir
F="--cc gcc --opt 0,2 --seeds 21-24 --max-funcs 1"

parallel --will-cite -j2 "$RWONCE" fuzz $F --shard {}/2 --out "$TEST_TMP/shard{}" ::: 1 2 \
	>"$TEST_TMP/par.out" 2>&1
test_expect_success 'both shards ran under parallel' '
	cat "$TEST_TMP/par.out" | head -20
	test -s "$TEST_TMP/shard1/results.jsonl" && test -s "$TEST_TMP/shard2/results.jsonl"'
test_expect_success 'the shards split the seeds (s mod 2 = K - 1)' '
	grep -q "\"seed\":22," "$TEST_TMP/shard1/results.jsonl" &&
	! grep -q "\"seed\":21," "$TEST_TMP/shard1/results.jsonl" &&
	grep -q "\"seed\":21," "$TEST_TMP/shard2/results.jsonl" &&
	! grep -q "\"seed\":22," "$TEST_TMP/shard2/results.jsonl"'
"$RWONCE" fuzz $F --out "$TEST_TMP/one" >"$TEST_TMP/one.summary" 2>"$TEST_TMP/one.err"
"$RWONCE" fuzz --merge "$TEST_TMP/shard1" "$TEST_TMP/shard2" >"$TEST_TMP/merged.summary"
test_expect_success 'merged shards = one run' '
	cmp "$TEST_TMP/one.summary" "$TEST_TMP/merged.summary" || diff "$TEST_TMP/one.summary" "$TEST_TMP/merged.summary"'
test_expect_success 'the same result lines' '
	cat "$TEST_TMP/shard1/results.jsonl" "$TEST_TMP/shard2/results.jsonl" | sort >"$TEST_TMP/a" &&
	sort "$TEST_TMP/one/results.jsonl" >"$TEST_TMP/b" && cmp "$TEST_TMP/a" "$TEST_TMP/b"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
