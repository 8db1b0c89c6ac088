#!/bin/sh
# `rwonce scan` against LLVM's tools on one ELF (issue 35): the same
# address-to-line job done by `llvm-dwarfdump-19 --debug-line` (every
# line table decoded and printed) and `llvm-objdump-19 -d -l` (every
# instruction decoded, with its line); GNU `objdump -dl` too when the file
# is small (it did not finish on a vmlinux in 25 minutes).  CPU seconds
# (user + system, the least of BENCH_RUNS runs, default 3) and peak RSS
# (/usr/bin/time's %M, the largest of the runs) of each, scan at -j 1, 2
# and 4, all measured in this one run; the ratios against the goals:
#
#   scan -j 1 CPU  <= 1.0x llvm-dwarfdump --debug-line
#   scan -j 1 CPU  <= 0.2x llvm-objdump -d -l
#   scan -j 1 RSS  <= 300 MiB (on the 590 MB Debian vmlinux)
#   scan -j 2, -j 4 RSS <= 1.25x scan -j 1's
#
# The outputs of scan at -j 2 and -j 4 must be those of -j 1 (stdout and
# the summary), or the run stops with exit 2.
#
#   bench/scan-vs-llvm.sh RWONCE_BINARY ELF [SCAN OPTION...]
#
# e.g. (bench/install-peers scan installs the debug kernel and LLVM 19):
#   bench/scan-vs-llvm.sh build/rwonce \
#       /usr/lib/debug/boot/vmlinux-6.1.0-57-cloud-amd64 \
#       --sources /work/cache/linux-source-6.1 --allow-unchecked
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bench-lib.sh
. "$root/bench/bench-lib.sh"
[ $# -ge 2 ] || { echo "usage: $0 RWONCE_BINARY ELF [SCAN OPTION...]" >&2; exit 2; }
RWONCE=$1 ELF=$2
shift 2
[ -x "$RWONCE" ] || { echo "bench: $RWONCE is not an executable" >&2; exit 2; }
[ -f "$ELF" ] || { echo "bench: $ELF: no such file" >&2; exit 2; }
for t in llvm-dwarfdump-19 llvm-objdump-19 /usr/bin/time; do
	command -v "$t" >/dev/null || { echo "bench: $t missing (bench/install-peers scan)" >&2; exit 2; }
done
RUNS=${BENCH_RUNS:-3}
export RUNS
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
# shellcheck disable=SC2034 # measure() (bench-lib.sh) appends to it
RESULTS=$SCRATCH/results
bytes=$(wc -c <"$ELF")
echo "== $ELF: $((bytes / 1024 / 1024)) MiB, best of $RUNS, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
cat "$ELF" >/dev/null # the page cache, for every tool alike

# Once, outside the measurement: scan must scan (exit 2 is trouble).
set +e
"$RWONCE" scan --no-progress -j 1 "$@" "$ELF" >"$SCRATCH/check" 2>"$SCRATCH/check.err"
st=$?
set -e
scan_must_have_scanned "$st" "$SCRATCH/check.err"
grep '^rwonce scan: [0-9]* finding' "$SCRATCH/check.err" | sed 's/^rwonce scan: /scan summary: /'

# measure prints the best wall time and the peak RSS; row the CPU
row() { printf '%-40s %8.2f s CPU (user+sys)\n' "" "$LAST_CPU"; }
for j in 1 2 4; do
	measure "rwonce scan -j $j" "$SCRATCH/scan$j.out" \
		"$RWONCE" scan --no-progress -j "$j" "$@" "$ELF"
	row
	case $j in
	1) sc1_cpu=$LAST_CPU sc1_rss=$LAST_RSS ;;
	2) sc2_cpu=$LAST_CPU sc2_rss=$LAST_RSS ;;
	*) sc4_cpu=$LAST_CPU sc4_rss=$LAST_RSS ;;
	esac
	grep '^rwonce scan: ' "$SCRATCH/err" >"$SCRATCH/scan$j.sum" || true
	if [ "$j" != 1 ] && { ! cmp -s "$SCRATCH/scan1.out" "$SCRATCH/scan$j.out" ||
			      ! cmp -s "$SCRATCH/scan1.sum" "$SCRATCH/scan$j.sum"; }; then
		echo "bench: rwonce scan -j $j printed something else than -j 1" >&2
		exit 2
	fi
done
measure "llvm-dwarfdump-19 --debug-line" /dev/null \
	llvm-dwarfdump-19 --debug-line "$ELF"
row
dd_cpu=$LAST_CPU dd_rss=$LAST_RSS
measure "llvm-objdump-19 -d -l" /dev/null \
	llvm-objdump-19 -d -l "$ELF"
row
od_cpu=$LAST_CPU od_rss=$LAST_RSS
gnu=
if [ "$bytes" -le $((64 * 1024 * 1024)) ] && command -v objdump >/dev/null; then
	measure "objdump -dl (GNU)" /dev/null objdump -dl "$ELF"
	row
	gnu=$LAST_CPU
fi

echo "scan -j 2, -j 4 output: identical to -j 1 ($(wc -c <"$SCRATCH/scan1.out") bytes, and the summary)"
echo "CPU: scan -j 1 $sc1_cpu s; llvm-dwarfdump --debug-line $dd_cpu s: $(ratio "$sc1_cpu" "$dd_cpu")x (goal <= 1.0); llvm-objdump -d -l $od_cpu s: $(ratio "$sc1_cpu" "$od_cpu")x (goal <= 0.2)${gnu:+; GNU objdump -dl $gnu s: $(ratio "$sc1_cpu" "$gnu")x}"
echo "CPU: scan -j 2 $sc2_cpu s, -j 4 $sc4_cpu s (all workers' CPU)"
echo "peak RSS: scan -j 1 $sc1_rss MiB (goal <= 300 on the 590 MB vmlinux), -j 2 $sc2_rss MiB = $(ratio "$sc2_rss" "$sc1_rss")x, -j 4 $sc4_rss MiB = $(ratio "$sc4_rss" "$sc1_rss")x (goal <= 1.25); llvm-dwarfdump $dd_rss MiB, llvm-objdump $od_rss MiB"
