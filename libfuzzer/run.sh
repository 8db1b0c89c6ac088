#!/bin/sh
# Run every libFuzzer harness in FOLDER for SECONDS each on its seed corpus
# (libfuzzer/corpus/NAME plus the fix fixtures).  New inputs and crash files go
# to a scratch folder that is kept only when something failed.  Prints
# libFuzzer's final stats; exits 1 when any harness found a problem.
#
#   libfuzzer/run.sh build/libfuzzer 30
set -u
dir=${1:?usage: libfuzzer/run.sh FOLDER SECONDS}
secs=${2:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-fuzz.XXXXXX")
status=0

for h in "$dir"/*; do
	[ -f "$h" ] && [ -x "$h" ] || continue
	name=${h##*/}
	mkdir -p "$scratch/$name/new" "$scratch/$name/crash"
	log=$scratch/$name/log
	"$h" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
		-max_len=65536 -print_final_stats=1 \
		-artifact_prefix="$scratch/$name/crash/" \
		"$scratch/$name/new" "$root/libfuzzer/corpus/$name" "$root/tests/fix" \
		>"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	corp=$(ls "$scratch/$name/new" | wc -l)
	if [ $rc = 0 ]; then
		echo "$name: ok, ${runs:-?} runs in $secs s, ${cov:-cov: ?}, $corp new inputs"
	else
		echo "$name: FAILED (exit $rc) after ${runs:-?} runs; log and crash input in $scratch/$name"
		grep -E 'ERROR|SUMMARY|abort|deadly' "$log" | head -n 5
		status=1
	fi
done
[ $status = 0 ] && rm -rf "$scratch"
exit $status
