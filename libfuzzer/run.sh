#!/bin/sh
# Run every libFuzzer harness in FOLDER for SECONDS each on its seed corpus
# (libfuzzer/corpus/NAME, the corpus the build generated in
# FOLDER/corpus/NAME, and, for the C parsers, the fix fixtures).  New
# inputs and crash files go to a scratch folder that is kept only when
# something failed.  Prints libFuzzer's final stats; exits 1 when any
# harness found a problem.
#
#   libfuzzer/run.sh build/libfuzzer 30
#   libfuzzer/run.sh --runs 1000000 build/libfuzzer/scan-reader
#                    (one harness, that many executions, no time limit,
#                    no leak check per input: see below)
# FUZZ_SEED, when set, is libFuzzer's -seed: the same inputs are tried in
# the same order on every machine (a slower one tries fewer), so a
# failure in `make check` is one anyone can replay.
set -u
runs=
if [ "${1:-}" = --runs ]; then
	runs=${2:?usage: libfuzzer/run.sh --runs N HARNESS}
	shift 2
fi
dir=${1:?usage: libfuzzer/run.sh FOLDER SECONDS}
secs=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-fuzz.XXXXXX")
status=0
if [ -n "$runs" ]; then
	harnesses=$dir
	dir=$(dirname "$dir")
	# No leak check per input in a long run: where libdw's allocations
	# of an input do not balance, libFuzzer runs LeakSanitizer's full
	# scan after it, and those scans were 45% of scan-reader's time
	# (perf, 3000 executions).  The timed runs (make check) keep it.
	limit="-runs=$runs -detect_leaks=0"
else
	harnesses="$dir/*"
	limit="-max_total_time=$secs"
fi
[ -n "${FUZZ_SEED:-}" ] && limit="$limit -seed=$FUZZ_SEED"

for h in $harnesses; do
	[ -f "$h" ] && [ -x "$h" ] || continue
	name=${h##*/}
	mkdir -p "$scratch/$name/new" "$scratch/$name/crash"
	log=$scratch/$name/log
	set --
	for c in "$root/libfuzzer/corpus/$name" "$dir/corpus/$name"; do
		[ -d "$c" ] && set -- "$@" "$c"
	done
	case $name in
	scan-reader) ;;                   # objects: C sources would be noise
	*) set -- "$@" "$root/tests/fix" ;;
	esac
	start=$(date +%s)
	"$h" $limit -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 \
		-artifact_prefix="$scratch/$name/crash/" \
		"$scratch/$name/new" "$@" \
		>"$log" 2>&1
	rc=$?
	took=$(( $(date +%s) - start ))
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	corp=$(ls "$scratch/$name/new" | wc -l)
	if [ $rc = 0 ]; then
		echo "$name: ok, ${execs:-?} runs in $took s, ${cov:-cov: ?}, $corp new inputs"
	else
		echo "$name: FAILED (exit $rc) after ${execs:-?} runs in $took s${FUZZ_SEED:+ (seed $FUZZ_SEED)}; log and crash input in $scratch/$name"
		grep -E 'ERROR|SUMMARY|abort|deadly' "$log" | head -n 5
		status=1
	fi
done
[ $status = 0 ] && rm -rf "$scratch"
exit $status
