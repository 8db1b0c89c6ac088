#!/bin/sh
# Wall and CPU time of `rwonce fix --in-place` against the same run
# printing the diff, at -j 1 and -j 2 (issue #35): what writing the
# files costs -- each replaced atomically (a temporary file, fsync,
# rename, fsync of the folder), all after the walk, in path order.
#
#   bench/fix-inplace-time.sh TREE
#
# TREE is copied once (cp -a) to $RWONCE_CACHE/fix-inplace/NAME (default
# /work/cache), outside the repository; before each in-place run the
# files the previous run replaced are copied back from TREE, so every run
# starts from the same tree.  BENCH_RUNS (default 2) runs per case, the
# least wall and CPU time kept; wall time is what the writes change
# (fsync waits), CPU the steadier figure on a shared machine.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
[ $# = 1 ] || { echo "usage: $0 TREE" >&2; exit 2; }
tree=$(cd "$1" && pwd)
name=$(basename "$tree")
. "$root/bench/bench-lib.sh"
cache=${RWONCE_CACHE:-/work/cache}
work=$cache/fix-inplace/$name
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results
if [ ! -d "$work" ]; then
	mkdir -p "$cache/fix-inplace"
	cp -a "$tree" "$work.tmp.$$" && mv "$work.tmp.$$" "$work"
fi
runs=${BENCH_RUNS:-2}

# The files a diff changes (its +++ lines), relative to the tree.
changed() {
	sed -n 's|^+++ b/||p' "$1" | sort -u
}

cd "$work"
"$RWONCE" fix --no-config --no-progress -q -j 2 . >"$SCRATCH/plan.diff" || true
changed "$SCRATCH/plan.diff" >"$SCRATCH/files"
nfiles=$(grep -c . "$SCRATCH/files" || true)
[ "$nfiles" -gt 0 ] || { echo "bench: fix changes nothing in $tree" >&2; exit 2; }

restore() {
	while IFS= read -r f; do
		cp -p "$tree/$f" "$work/$f"
	done <"$SCRATCH/files"
}

printf '%s: %s files to replace; least of %s runs\n' "$name" "$nfiles" "$runs"
for j in 1 2; do
	bd= bc= id= ic=
	for _ in $(seq "$runs"); do
		RUNS=1 measure "fix -j $j (diff)" "$SCRATCH/d.out" \
			"$RWONCE" fix --no-config --no-progress -q -j "$j" . >/dev/null
		[ -z "$bd" ] || awk "BEGIN{exit !($LAST_S < $bd)}" && bd=$LAST_S
		[ -z "$bc" ] || awk "BEGIN{exit !($LAST_CPU < $bc)}" && bc=$LAST_CPU
		restore
		RUNS=1 measure "fix -j $j --in-place" "$SCRATCH/i.out" \
			"$RWONCE" fix --no-config --no-progress -j "$j" --in-place . >/dev/null
		grep -q "sites converted in $nfiles files" "$SCRATCH/err" || {
			echo "bench: fix --in-place did not replace the $nfiles files:" >&2
			tail -n 5 "$SCRATCH/err" >&2
			exit 2
		}
		[ -z "$id" ] || awk "BEGIN{exit !($LAST_S < $id)}" && id=$LAST_S
		[ -z "$ic" ] || awk "BEGIN{exit !($LAST_CPU < $ic)}" && ic=$LAST_CPU
	done
	restore
	printf '  -j %s: diff %6.2f s wall %6.2f s CPU; --in-place %6.2f s wall %6.2f s CPU; writing: +%.2f s wall\n' \
		"$j" "$bd" "$bc" "$id" "$ic" "$(awk "BEGIN{print $id - $bd}")"
done
