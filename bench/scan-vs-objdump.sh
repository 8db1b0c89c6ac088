#!/bin/sh
# `rwonce scan` against `objdump -d --line-numbers` -- what a person
# checking the generated code by hand would run -- over the same object
# files: every object named by a kernel build's compile_commands.json
# (bench/scan-kernel-build.sh makes them).  Wall time from the ns clock,
# best of BENCH_RUNS (default 5), peak RSS from /usr/bin/time; scan single
# threaded (-j 1, as objdump is) for the ratio, and with -j 2 for the
# record; the CPU time (user+sys) of each too, steadier than wall time on
# a machine that others load; peak RSS from time(1).  Goal: scan <= 1x
# objdump's wall time.
#
#   bench/scan-vs-objdump.sh RWONCE_BINARY BUILD_DIR
#   bench/scan-vs-objdump.sh RWONCE_BINARY VMLINUX [SOURCES]
#
# The second form times one linked image -- Debian's debug vmlinux, about
# 590 MB -- with --sources SOURCES (its linux-source tree), where the goal
# is also under 60 s of wall time.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench-lib.sh"
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
	echo "usage: $0 RWONCE_BINARY BUILD_DIR | $0 RWONCE_BINARY VMLINUX [SOURCES]" >&2
	exit 2
fi
RWONCE=$1
[ -x "$RWONCE" ] || { echo "bench: $RWONCE is not an executable" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results
sources=
if [ -f "$2" ]; then
	# one linked image
	build=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
	echo "$build" >"$SCRATCH/objects"
	if [ $# -eq 3 ]; then sources=$(cd "$3" && pwd); fi
else
	build=$(cd "$2" && pwd)
	[ -f "$build/compile_commands.json" ] || { echo "bench: $build/compile_commands.json missing (bench/scan-kernel-build.sh)" >&2; exit 2; }
	# The objects, as the compile commands name them (-o), that exist.
	python3 - "$build/compile_commands.json" >"$SCRATCH/objects" <<'EOF'
import json, os, shlex, sys
for e in json.load(open(sys.argv[1])):
    argv = e.get("arguments") or shlex.split(e["command"])
    if "-o" in argv:
        o = os.path.join(e["directory"], argv[argv.index("-o") + 1])
        if os.path.exists(o):
            print(o)
EOF
fi
# options without blanks (a path with a blank would need more care)
scan_args="--no-progress --allow-unchecked${sources:+ --sources $sources}"
n=$(wc -l <"$SCRATCH/objects")
[ "$n" -gt 0 ] || { echo "bench: no objects found from $build/compile_commands.json" >&2; exit 2; }
first=$(head -n 1 "$SCRATCH/objects")
case $(readelf -h "$first" | sed -n 's/^ *Machine: *//p') in
*ARM*) objdump=arm-linux-gnueabihf-objdump ;;
*X86-64*|*80386*) objdump=objdump ;;
*) echo "bench: $first: machine not handled here" >&2; exit 2 ;;
esac
command -v "$objdump" >/dev/null || { echo "bench: $objdump missing (deps/full/scan-real.txt)" >&2; exit 2; }
bytes=$(xargs du -cb <"$SCRATCH/objects" | tail -n 1 | cut -f1)
echo "== $build: $n objects, $((bytes / 1024 / 1024)) MiB, best of ${BENCH_RUNS:-5}"

# Warm the page cache, and check once that scan really scans: exit 2 is
# trouble, not a measurement.  Exit 1 (findings) is passed on as 0:
# xargs turns any exit from 1 to 125 into its own 123.  A kernel's
# compile_commands.json names host tools built without -g: scan names
# them (exit 2 without --allow-unchecked); the summary says how many.
xargs cat <"$SCRATCH/objects" >/dev/null
set +e
xargs -a "$SCRATCH/objects" -d '\n' sh -c '"$0" scan '"$scan_args"' -j 1 "$@"; s=$?; [ "$s" -eq 1 ] && s=0; exit "$s"' "$RWONCE" >"$SCRATCH/check" 2>"$SCRATCH/check.err"
st=$?
set -e
if [ "$st" -ge 2 ]; then
	echo "bench: rwonce scan exited $st:" >&2
	tail -n 20 "$SCRATCH/check.err" >&2
	exit 2
fi
grep '^rwonce scan: ' "$SCRATCH/check.err" | sed 's/^rwonce scan: /scan summary: /'

# The objects as arguments of one process each (a kernel build's paths
# have no blanks; a few hundred fit in argv): time(1) then sees the tool
# itself, so its peak RSS is the tool's.
# shellcheck disable=SC2046
set -- $(cat "$SCRATCH/objects")
measure "$objdump -d --line-numbers" "$SCRATCH/objdump.out" \
	"$objdump" -d --line-numbers "$@"
od_s=$LAST_S od_rss=$LAST_RSS od_cpu=$LAST_CPU
# shellcheck disable=SC2086 # $scan_args: options to split
measure "rwonce scan -j 1" "$SCRATCH/scan.out" \
	"$RWONCE" scan $scan_args -j 1 "$@"
sc_s=$LAST_S sc_rss=$LAST_RSS sc_cpu=$LAST_CPU
# shellcheck disable=SC2086
measure "rwonce scan -j 2" "$SCRATCH/scan2.out" \
	"$RWONCE" scan $scan_args -j 2 "$@"
[ -s "$SCRATCH/objdump.out" ] || { echo "bench: objdump printed nothing" >&2; exit 2; }
echo "objdump output: $(wc -c <"$SCRATCH/objdump.out") bytes; peak RSS objdump $od_rss MiB, scan $sc_rss MiB"
echo "CPU (user+sys, least of the runs): objdump $od_cpu s, scan -j 1 $sc_cpu s; ratio $(ratio "$sc_cpu" "$od_cpu")"
echo "ratio scan -j 1 / objdump (wall): $(ratio "$sc_s" "$od_s")  (goal <= 1)"
if [ -f "$build" ]; then
	echo "one image: scan -j 1 $sc_s s wall (goal < 60 s), peak RSS $sc_rss MiB"
fi
