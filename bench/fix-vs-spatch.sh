#!/bin/sh
# `rwonce fix` against Coccinelle's spatch with the semantic patches in
# bench/cocci/ (access-once.cocci, volatile-cast.cocci), and against
# `git grep -n -E 'ACCESS_ONCE|volatile'` as the floor, on the same trees:
#   1. Debian's linux-source-6.1 (unpacked once by bench/bench-lib.sh);
#   2. a generated tree full of ACCESS_ONCE (bench/fix-synth-tree.py,
#      deterministic; 6.1 has almost no ACCESS_ONCE left).
# Warm cache, all cores for every tool, fix best of 3, spatch once.
# Then the sites each converts, compared by bench/fix-compare-sites.py.
# Goals: fix >= 10x faster than spatch, within 2x of git grep.
#
#   bench/fix-vs-spatch.sh [synth|linux|both] [NFILES]
#
# BENCH_NO_SPATCH=1 times fix against git grep only (spatch takes about
# eight minutes on the generated tree).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench-lib.sh"
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
if [ -z "${BENCH_NO_SPATCH:-}" ]; then
	command -v spatch >/dev/null || { echo "bench: spatch not installed (apt-get install coccinelle)" >&2; exit 2; }
fi
which=${1:-both}
nfiles=${2:-2000}
jobs=$(nproc)
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT
RESULTS=$SCRATCH/results
cache=${RWONCE_CACHE:-/work/cache}

run_tree() { # label tree
	label=$1 tree=$2
	cd "$tree"
	echo "== $label: $tree ($(find . -type f \( -name '*.c' -o -name '*.h' \) | wc -l) .c/.h files), $jobs cores"
	git grep --no-index -q -e zzzz_no_match -- '*.c' '*.h' >/dev/null 2>&1 || true
	measure "git grep -n -E 'ACCESS_ONCE|volatile'" "$SCRATCH/gg" \
		git grep --no-index --threads "$jobs" -n -E 'ACCESS_ONCE|volatile' -- '*.c' '*.h'
	gg=$LAST_S
	measure "rwonce fix" "$SCRATCH/fix.diff" "$RWONCE" fix -q -j "$jobs" .
	fx=$LAST_S
	if [ -n "${BENCH_NO_SPATCH:-}" ]; then
		echo "ratio fix / git grep:                  $(ratio "$fx" "$gg")  (goal <= 2)"
		echo
		return
	fi
	# spatch: both semantic patches, headers too (fix reads .h files).
	RUNS=1 measure "spatch access-once.cocci" "$SCRATCH/ao.diff" \
		spatch --very-quiet --include-headers -j "$jobs" --timeout 120 \
		--sp-file "$root/bench/cocci/access-once.cocci" --dir .
	sa=$LAST_S
	if [ "$label" = linux-source-6.1 ] && [ -z "${BENCH_SPATCH_FULL:-}" ]; then
		# spatch needs over 30 min (-j2) for volatile-cast.cocci on the
		# whole kernel (2741 files say "volatile"; it was stopped after
		# 30 min 54 s here).  By default it gets only the files that hold
		# the idiom, split in $jobs groups run side by side; fix gets
		# the same files, timed too.  BENCH_SPATCH_FULL=1: whole tree.
		git grep --no-index -l -E '\*[[:space:]]*\([[:space:]]*(const[[:space:]]+)?volatile|\*[[:space:]]*\([^()]*volatile[[:space:]]*\*' \
			-- '*.c' '*.h' >"$SCRATCH/idiom-files"
		echo "volatile-cast idiom files: $(wc -l <"$SCRATCH/idiom-files")"
		split -n "r/$jobs" "$SCRATCH/idiom-files" "$SCRATCH/part."
		for f in "$SCRATCH"/part.*; do sed 's/$/\n/' "$f" >"$f.groups"; done
		RUNS=1 measure "spatch volatile-cast.cocci (idiom files)" "$SCRATCH/vc.diff" \
			sh -c 'for g in "$1"/part.*.groups; do spatch --very-quiet --include-headers --timeout 120 --sp-file "$2" --file-groups "$g" >"$g.out" 2>/dev/null & done; wait; cat "$1"/part.*.groups.out' \
			sh "$SCRATCH" "$root/bench/cocci/volatile-cast.cocci"
		sv=$LAST_S
		measure "rwonce fix (idiom files)" "$SCRATCH/fix-idiom.diff" \
			sh -c 'xargs "$1" fix -q -j "$2" <"$3"' sh "$RWONCE" "$jobs" "$SCRATCH/idiom-files"
		echo "ratio spatch / fix on the idiom files:   $(ratio "$sv" "$LAST_S")"
	else
		RUNS=1 measure "spatch volatile-cast.cocci" "$SCRATCH/vc.diff" \
			spatch --very-quiet --include-headers -j "$jobs" --timeout 120 \
			--sp-file "$root/bench/cocci/volatile-cast.cocci" --dir .
		sv=$LAST_S
	fi
	sp=$(awk "BEGIN{print $sa + $sv}")
	echo "ratio spatch (both patches, $sp s) / fix: $(ratio "$sp" "$fx")  (goal >= 10)"
	echo "ratio fix / git grep:                  $(ratio "$fx" "$gg")  (goal <= 2)"
	cat "$SCRATCH/ao.diff" "$SCRATCH/vc.diff" >"$SCRATCH/spatch.diff"
	python3 "$root/bench/fix-compare-sites.py" . "$SCRATCH/fix.diff" "$SCRATCH/spatch.diff" 4
	if [ -n "${BENCH_KEEP:-}" ]; then
		mkdir -p "$BENCH_KEEP/$label"
		cp "$SCRATCH/fix.diff" "$SCRATCH/spatch.diff" "$BENCH_KEEP/$label/"
	fi
	echo
}

if [ "$which" != linux ]; then
	synth=$cache/rwonce-synth-$nfiles
	if [ ! -d "$synth" ]; then
		python3 "$root/bench/fix-synth-tree.py" "$synth.tmp.$$" "$nfiles" 2017
		mv "$synth.tmp.$$" "$synth"
	fi
	run_tree "generated tree" "$synth"
fi
if [ "$which" != synth ]; then
	run_tree "linux-source-6.1" "$(linux_tree)"
fi
