#!/bin/sh
# CPU seconds (user + system) of rwonce audit and fix against grep over
# the same tree, measured in one run (issue #35): the ratio is what
# counts on a machine others load, never the wall time.
#
#   bench/audit-fix-vs-grep.sh audit TREE   rwonce audit -j 1 --format=json
#                                          vs grep -rn -E 'volatile|READ_ONCE|WRITE_ONCE|ACCESS_ONCE'
#   bench/audit-fix-vs-grep.sh fix TREE     rwonce fix -j 1 (the diff)
#                                          vs grep -rn 'ACCESS_ONCE('
#                                          and spatch -j 1 with the kernel's
#                                          2017 SmPL (bench/cocci/
#                                          access-once.cocci) over the
#                                          files holding ACCESS_ONCE
#
# Each side runs BENCH_RUNS times (default 2), the sides alternating so
# that all see the same load; the least CPU time of each is kept.
# RWONCE picks the build (default build/rwonce).  Goals: both ratios
# to grep <= 2, spatch / fix >= 50 (doc/bench-audit.md keeps the
# figures).  spatch (Debian's coccinelle, deps/full/bench-fix.txt) runs
# from a scratch folder on the files' absolute paths, so that the tree's
# .cocciconfig (Linux's asks for git) is not read; BENCH_NO_SPATCH=1, or
# no spatch installed, leaves it out (said).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
[ $# = 2 ] || { echo "usage: $0 audit|fix TREE" >&2; exit 2; }
what=$1
tree=$(cd "$2" && pwd)
. "$root/bench/bench-lib.sh"
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results
case $what in
audit)
	set -- "$RWONCE" audit --no-config --no-progress -j 1 --format=json .
	peer="grep -rn -E volatile|READ_ONCE|WRITE_ONCE|ACCESS_ONCE"
	pattern='volatile|READ_ONCE|WRITE_ONCE|ACCESS_ONCE'
	;;
fix)
	set -- "$RWONCE" fix --no-config --no-progress -j 1 .
	peer="grep -rn ACCESS_ONCE("
	pattern='ACCESS_ONCE('
	;;
*)
	echo "usage: $0 audit|fix TREE" >&2
	exit 2
	;;
esac
runs=${BENCH_RUNS:-2}
best_rw= best_peer= best_spatch=
cd "$tree"
spatch_files=
if [ "$what" = fix ] && [ -z "${BENCH_NO_SPATCH:-}" ]; then
	if command -v spatch >/dev/null; then
		spatch_files=$SCRATCH/spatch.groups
		# one file per group, as bench/fix-vs-spatch-trees.sh runs it
		grep -rl --include='*.c' --include='*.h' 'ACCESS_ONCE' . |
			sed "s|^\./|$tree/|" | sort | sed 's/$/\n/' >"$spatch_files"
	else
		echo "bench: spatch is not installed (apt-get install coccinelle): not measured" >&2
	fi
fi
for _ in $(seq "$runs"); do
	RUNS=1 measure "rwonce $what -j 1" "$SCRATCH/rw.out" "$@" >/dev/null
	if [ -z "$best_rw" ] || awk "BEGIN{exit !($LAST_CPU < $best_rw)}"; then
		best_rw=$LAST_CPU
	fi
	if [ "$what" = audit ]; then
		RUNS=1 measure "$peer" "$SCRATCH/peer.out" grep -rn -E "$pattern" . >/dev/null
	else
		RUNS=1 measure "$peer" "$SCRATCH/peer.out" grep -rn "$pattern" . >/dev/null
	fi
	if [ -z "$best_peer" ] || awk "BEGIN{exit !($LAST_CPU < $best_peer)}"; then
		best_peer=$LAST_CPU
	fi
	[ -n "$spatch_files" ] || continue
	# in the scratch folder, not a subshell: measure sets LAST_CPU
	cd "$SCRATCH"
	RUNS=1 measure "spatch -j 1 access-once.cocci" \
		"$SCRATCH/spatch.out" spatch --very-quiet --include-headers \
		--timeout 120 -j 1 --sp-file "$root/bench/cocci/access-once.cocci" \
		--file-groups "$spatch_files" >/dev/null
	cd "$tree"
	if ! grep -q '^+++ ' "$SCRATCH/spatch.out"; then
		echo "bench: spatch changed nothing; its messages:" >&2
		tail -n 20 "$SCRATCH/err" >&2
		exit 2
	fi
	if [ -z "$best_spatch" ] || awk "BEGIN{exit !($LAST_CPU < $best_spatch)}"; then
		best_spatch=$LAST_CPU
	fi
done
printf '%s of %s, CPU seconds (user+sys), best of %s:\n' "$what" "$tree" "$runs"
printf '  %-58s %7.2f s\n' "rwonce $what -j 1" "$best_rw" "$peer" "$best_peer"
printf '  ratio rwonce / grep: %s (goal <= 2)\n' "$(ratio "$best_rw" "$best_peer")"
if [ -n "$spatch_files" ]; then
	printf '  %-58s %7.2f s\n' "spatch -j 1 (access-once.cocci, $(grep -c . "$spatch_files") files)" "$best_spatch"
	printf '  ratio spatch / rwonce: %s (goal >= 50)\n' "$(ratio "$best_spatch" "$best_rw")"
fi
