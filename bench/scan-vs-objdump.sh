#!/bin/sh
# `rwonce scan` against `objdump -d --line-numbers` -- what a person
# checking the generated code by hand would run -- over the same object
# files: every object named by a kernel build's compile_commands.json
# (bench/scan-kernel-build.sh makes them), or the files of a list -- a
# whole kernel build's vmlinux and modules (bench/kernel-6.12-build.sh;
# Debian's debug kernels).  Wall time from the ns clock, best of
# BENCH_RUNS (default 5), peak RSS from /usr/bin/time; scan single
# threaded (-j 1, as objdump is) for the ratio, and with -j 2, whose
# output must be byte for byte -j 1's; the CPU time (user+sys) of each
# too, steadier than wall time on a machine that others load; peak RSS
# from time(1).  Goals: scan -j 1 <= 1x objdump's wall time; scan -j 2
# <= 0.6x scan -j 1's on two cores -- a single large file (a vmlinux)
# too, whose units the workers share.
#
#   bench/scan-vs-objdump.sh RWONCE_BINARY BUILD_DIR
#   bench/scan-vs-objdump.sh RWONCE_BINARY --files LIST [--sources DIR]
#
# LIST holds one file a line (e.g. `{ echo BUILD/vmlinux; find BUILD
# -name '*.ko'; }`); --sources (and BENCH_SCAN_OPTS) is passed to scan (sources that are not
# where the line tables say, as for Debian's packages).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench-lib.sh"
usage() {
	echo "usage: $0 RWONCE_BINARY BUILD_DIR" >&2
	echo "   or: $0 RWONCE_BINARY --files LIST [--sources DIR]" >&2
	exit 2
}
[ $# -ge 2 ] || usage
RWONCE=$1
shift
build='' list='' sources=''
case $1 in
--files)
	[ $# -eq 2 ] || [ $# -eq 4 ] || usage
	list=$2
	[ -f "$list" ] || { echo "bench: $list: no such file list" >&2; exit 2; }
	if [ $# -eq 4 ]; then
		[ "$3" = --sources ] || usage
		sources=$4
		[ -d "$sources" ] || { echo "bench: $sources: not a folder" >&2; exit 2; }
	fi
	;;
*)
	[ $# -eq 1 ] || usage
	build=$(cd "$1" && pwd)
	[ -f "$build/compile_commands.json" ] || { echo "bench: $build/compile_commands.json missing (bench/scan-kernel-build.sh)" >&2; exit 2; }
	;;
esac
[ -x "$RWONCE" ] || { echo "bench: $RWONCE is not an executable" >&2; exit 2; }
# Unquoted where used: words without blanks.  BENCH_SCAN_OPTS adds
# scan options, e.g. --allow-unchecked for a whole kernel build whose
# generated sources sit in the build folder, not under --sources (each
# is still named on stderr).
SCAN_OPTS="${sources:+--sources $sources} ${BENCH_SCAN_OPTS:-}"
export SCAN_OPTS
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time missing (apt-get install time)" >&2; exit 2; }
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results

if [ -n "$list" ]; then
	# The files of the list, each checked to be there: a typo must not
	# shrink the measurement unseen.
	while IFS= read -r f; do
		[ -f "$f" ] || { echo "bench: $f (from $list): no such file" >&2; exit 2; }
		echo "$f"
	done <"$list" >"$SCRATCH/objects"
	build=$list
else
# The objects, as the compile commands name them (-o), that exist.
python3 - "$build/compile_commands.json" >"$SCRATCH/objects" <<'EOF2'
import json, os, shlex, sys
for e in json.load(open(sys.argv[1])):
    argv = e.get("arguments") or shlex.split(e["command"])
    if "-o" in argv:
        o = os.path.join(e["directory"], argv[argv.index("-o") + 1])
        if os.path.exists(o):
            print(o)
EOF2
fi
n=$(wc -l <"$SCRATCH/objects")
[ "$n" -gt 0 ] || { echo "bench: no objects found from $build/compile_commands.json" >&2; exit 2; }
first=$(head -n 1 "$SCRATCH/objects")
case $(readelf -h "$first" | sed -n 's/^ *Machine: *//p') in
*AArch64*) objdump=aarch64-linux-gnu-objdump ;;
*ARM*) objdump=arm-linux-gnueabihf-objdump ;;
*RISC-V*) objdump=riscv64-linux-gnu-objdump ;;
*X86-64*|*80386*) objdump=objdump ;;
*) echo "bench: $first: machine not handled here" >&2; exit 2 ;;
esac
command -v "$objdump" >/dev/null || { echo "bench: $objdump missing (deps/full/scan-real.txt)" >&2; exit 2; }
# xargs may run du more than once (a long list): add up every total.
bytes=$(xargs du -cb <"$SCRATCH/objects" | awk '$2 == "total" { s += $1 } END { print s + 0 }')
echo "== $build: $n objects, $((bytes / 1024 / 1024)) MiB, best of ${BENCH_RUNS:-5}"

# Warm the page cache, and check once that scan really scans: exit 2 is
# trouble, not a measurement.  Exit 1 (findings) is passed on as 0:
# xargs turns any exit from 1 to 125 into its own 123.  A real build
# names a few inputs scan cannot check (a kernel build's host programs
# have no line tables; a source package lacks the generated headers):
# --allow-unchecked keeps exit 2 for nothing checked at all, and the
# summary printed below counts what was not checked.
xargs cat <"$SCRATCH/objects" >/dev/null
set +e
xargs -a "$SCRATCH/objects" -d '\n' sh -c '"$0" scan --no-progress --allow-unchecked -j 1 $SCAN_OPTS "$@"; s=$?; [ "$s" -eq 1 ] && s=0; exit "$s"' "$RWONCE" >"$SCRATCH/check" 2>"$SCRATCH/check.err"
st=$?
set -e
scan_must_have_scanned "$st" "$SCRATCH/check.err"
grep '^rwonce scan: .* files\{0,1\} checked' "$SCRATCH/check.err" | sed 's/^rwonce scan: /scan summary: /'
grep '^rwonce scan: coverage: ' "$SCRATCH/check.err" | sed 's/^rwonce scan: /scan /'

# The objects as arguments of one process each (a kernel build's paths
# have no blanks; a few hundred fit in argv): time(1) then sees the tool
# itself, so its peak RSS is the tool's.
# shellcheck disable=SC2046
set -- $(cat "$SCRATCH/objects")
# A whole build's listing runs to gigabytes: objdump writes it to
# /dev/null there (it does not know), and shows once that it prints.
od_out=$SCRATCH/objdump.out
if [ -n "$list" ]; then
	od_out=/dev/null
	"$objdump" -d --line-numbers "$first" 2>/dev/null | head -c 1024 >"$SCRATCH/objdump.out" || true
fi
measure "$objdump -d --line-numbers" "$od_out" \
	"$objdump" -d --line-numbers "$@"
od_s=$LAST_S od_rss=$LAST_RSS od_cpu=$LAST_CPU
# shellcheck disable=SC2086 # SCAN_OPTS: words without blanks
measure "rwonce scan -j 1" "$SCRATCH/scan.out" \
	"$RWONCE" scan --no-progress -j 1 $SCAN_OPTS "$@"
sc_s=$LAST_S sc_rss=$LAST_RSS sc_cpu=$LAST_CPU
cp "$SCRATCH/err" "$SCRATCH/scan.err"
# shellcheck disable=SC2086
measure "rwonce scan -j 2" "$SCRATCH/scan2.out" \
	"$RWONCE" scan --no-progress -j 2 $SCAN_OPTS "$@"
sc2_s=$LAST_S
if ! cmp -s "$SCRATCH/scan.out" "$SCRATCH/scan2.out" ||
   ! cmp -s "$SCRATCH/scan.err" "$SCRATCH/err"; then
	echo "bench: rwonce scan -j 2 printed something else than -j 1" >&2
	exit 2
fi
echo "scan -j 2 output: identical to -j 1 ($(wc -c <"$SCRATCH/scan.out") bytes, and the summary)"
[ -s "$SCRATCH/objdump.out" ] || { echo "bench: objdump printed nothing" >&2; exit 2; }
[ -n "$list" ] || echo "objdump output: $(wc -c <"$SCRATCH/objdump.out") bytes"
echo "peak RSS objdump $od_rss MiB, scan $sc_rss MiB"
echo "CPU (user+sys, least of the runs): objdump $od_cpu s, scan -j 1 $sc_cpu s; ratio $(ratio "$sc_cpu" "$od_cpu")"
echo "ratio scan -j 1 / objdump (wall): $(ratio "$sc_s" "$od_s")  (goal <= 1)"
echo "ratio scan -j 2 / scan -j 1 (wall): $(ratio "$sc2_s" "$sc_s")  (goal <= 0.6)"
