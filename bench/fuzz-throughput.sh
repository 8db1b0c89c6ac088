#!/bin/sh
# rwonce fuzz throughput against its peer measured in the same run:
# "generate, compile and run without tracing" (rwonce fuzz --no-trace:
# the same Csmith programs, the same compilers and levels, the same
# emulator, only without the tracing plugin) on the same seeds.
# Goal (issue #14): traced throughput >= 0.5x the untraced one.
#
#   bench/fuzz-throughput.sh [SEEDS] [extra rwonce fuzz options]
#   e.g. bench/fuzz-throughput.sh 101-120 --cc gcc --cc clang-19 --opt 0,2
set -eu
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=${RWONCE:-$ROOT/build/rwonce}
SEEDS=${1:-101-110}
[ $# -gt 0 ] && shift
[ $# -gt 0 ] || set -- --cc gcc --cc clang-19 --opt 0,2
command -v csmith >/dev/null || { echo "bench: csmith not installed (apt-get install csmith libcsmith-dev)" >&2; exit 2; }
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench-fuzz.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT INT TERM
export NO_PROGRESS=1

run() { # name extra-option...
	name=$1
	shift
	t0=$(date +%s%N)
	"$RWONCE" fuzz "$@" --seeds "$SEEDS" --out "$SCRATCH/$name" >"$SCRATCH/$name.summary" 2>"$SCRATCH/$name.err" || [ $? = 1 ]
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}
# Untraced first, traced second, then once more each way: the page cache
# and the load of a shared machine treat both alike.
u1=$(run plain1 --no-trace "$@")
t1=$(run traced1 "$@")
u2=$(run plain2 --no-trace "$@")
t2=$(run traced2 "$@")
u=$((u1 < u2 ? u1 : u2))
t=$((t1 < t2 ? t1 : t2))
n=$(grep -c . "$SCRATCH/traced1/times.jsonl")
split=$(awk -F'[:,}]' '{g+=$4; c+=$6; r+=$8} END {printf "generate %.1f s, compile %.1f s, trace %.1f s", g, c, r}' "$SCRATCH/traced1/times.jsonl")
echo "programs: $n (seeds $SEEDS; $*)"
echo "rwonce fuzz (traced):        $((t / 1000)).$((t % 1000 / 100)) s  [$split]"
echo "generate+compile+run (peer): $((u / 1000)).$((u % 1000 / 100)) s"
awk -v t="$t" -v u="$u" 'BEGIN { printf "throughput ratio fuzz / untraced peer: %.2fx (goal >= 0.5x)\n", u / t }'
awk -v t="$t" -v n="$n" 'BEGIN { printf "programs per hour (this machine, one job): %.0f\n", n * 3600000 / t }'
