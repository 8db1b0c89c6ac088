#!/bin/sh
# `rwonce audit` over Debian's whole linux-source-6.1 tree against
# `git grep -n volatile` and `grep -rn volatile` over the same files:
# warm cache, same core count, best of 5 runs (BENCH_RUNS), peak RSS from
# time(1).
# Goal: audit <= 2x git grep.
#
#   bench/linux-tree.sh [TREE]        (default: the kernel, unpacked once
#                                      into $RWONCE_CACHE, /work/cache)
# BENCH_RUNS=1 for a single run of each.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench-lib.sh"
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
tree=${1:-$(linux_tree)}
jobs=$(nproc)
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results

cd "$tree"
files=$(find . -type f \( -name '*.c' -o -name '*.h' \) | wc -l)
echo "tree: $tree ($files .c/.h files), $jobs cores"
# Warm the page cache so every tool reads from memory.
git grep --no-index -q -e zzzz_no_match -- '*.c' '*.h' >/dev/null 2>&1 || true

measure "git grep -n volatile (-j$jobs)" "$SCRATCH/gg" \
	git grep --no-index --threads "$jobs" -n volatile -- '*.c' '*.h'
gg=$LAST_S
measure "grep -rn volatile (1 thread)" "$SCRATCH/gr" \
	grep -rn volatile --include='*.c' --include='*.h' .
gr=$LAST_S
measure "rwonce audit (-j$jobs)" "$SCRATCH/audit" \
	"$RWONCE" audit -q --no-progress -j "$jobs" .
au=$LAST_S
au_rss=$LAST_RSS
measure "rwonce fix (-j$jobs)" "$SCRATCH/fix" \
	"$RWONCE" fix -q -j "$jobs" .
fx=$LAST_S

echo
echo "lines: git grep $(wc -l <"$SCRATCH/gg"), audit findings $(grep -c ': warning: ' "$SCRATCH/audit" || true), fix diff $(wc -l <"$SCRATCH/fix")"
echo "ratio audit / git grep: $(ratio "$au" "$gg")  (goal <= 2)"
echo "ratio audit / grep -r:  $(ratio "$au" "$gr")"
echo "ratio fix / git grep:   $(ratio "$fx" "$gg")  (goal <= 2)"
echo "audit peak RSS: $au_rss MiB"
