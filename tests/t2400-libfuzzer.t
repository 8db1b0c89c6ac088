#!/bin/sh
# The libFuzzer harnesses (libfuzzer/) for the lexer, fix, the tree type
# index and scan's ELF/DWARF reader, run for a bounded time on their seed
# corpus (the reader's: objects the build compiles for four targets, and
# an archive): no crash, no sanitizer report, no leak per input, token
# preservation, idempotence, diffs that re-apply to the fixed text, the
# tree index's own properties, and the reader's accounting (no unit
# whose line table cannot be read counted as read).  check-full runs the
# reader for 10^6 executions (make libfuzzer-scan-long).
# FUZZ_SECONDS (default 20 per harness; RWONCE_FULL: 120) bounds the run.
# make check fuzzes from a fixed seed (FUZZ_SEED, default 1): a random
# run once found a new input in CI and turned it red for a reader bug
# no change of that run had touched (t4583); a seeded run fails only for
# what the code does, and its failure replays.  check-full
# (RWONCE_FULL=1) draws a new seed each time, to find new inputs.
. "$(dirname "$0")/lib/tap.sh"

cd "$RWONCE_ROOT" || exit 1
# FUZZ_CC (mk/56-libfuzzer.mk) may name another clang.
requires clang-14 clang-14
requires clang-16 clang-16
requires clang-19 clang-19
requires clang clang
FUZZ_CC=${FUZZ_CC:-clang-14}
need_cmd "$FUZZ_CC"
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$TEST_TMP/probe.c"
"$FUZZ_CC" -fsanitize=fuzzer,address,undefined -o "$TEST_TMP/probe" "$TEST_TMP/probe.c" 2>"$TEST_TMP/probe.err" ||
	skip_all "$FUZZ_CC cannot link -fsanitize=fuzzer (libclang-rt-14-dev missing?): $(head -n 1 "$TEST_TMP/probe.err")"

secs=${FUZZ_SECONDS:-20}
[ "${RWONCE_FULL:-0}" = 1 ] && secs=${FUZZ_SECONDS:-120}
out="$TEST_TMP/fuzz-build"
if [ "${RWONCE_FULL:-0}" = 1 ]; then
	FUZZ_SEED=${FUZZ_SEED:-}
else
	FUZZ_SEED=${FUZZ_SEED:-1}
fi
export FUZZ_SEED

test_expect_success 'the harnesses build' "
	make -s BUILD='$out' FUZZ_CC='$FUZZ_CC' libfuzzer"
n=$(ls libfuzzer/*.c | wc -l)
test_expect_success "every harness ($n: cfront-lexer, fix, treetypes, scan-reader) runs ${secs} s without a finding" "
	libfuzzer/run.sh '$out/libfuzzer' $secs >'$TEST_TMP/fuzz.log' 2>&1; rc=\$?;
	cat '$TEST_TMP/fuzz.log'; test \$rc = 0 && test \$(grep -c ': ok,' '$TEST_TMP/fuzz.log') = $n"
diag "$(cat "$TEST_TMP/fuzz.log" 2>/dev/null)"
test_done
