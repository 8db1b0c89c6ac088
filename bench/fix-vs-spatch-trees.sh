#!/bin/sh
# `rwonce fix` against Coccinelle's spatch (bench/cocci/access-once.cocci,
# the kernel's 2017 conversion minus its ++/compound/& mistakes) on whole
# real trees that still say ACCESS_ONCE: Linux 3.17.0, 4.14.5 and
# perfbook's CodeSamples (public GitHub copies kept as test input outside
# the repository, described in doc/fix.md).  For each TREE:
#
#   - spatch over the files that hold ACCESS_ONCE, one file per group,
#     --include-headers --timeout 120 (the tree's .cocciconfig, if any,
#     must be set aside first: it asks for git);
#   - rwonce fix --no-volatile-casts over the WHOLE tree (a macro body is
#     converted by the uses of the macro everywhere in the tree, and the
#     once-macro headers are found there);
#   - bench/fix-compare-sites.py --word ACCESS_ONCE: the original lines
#     holding ACCESS_ONCE that both, only fix, only spatch change.
#
# A Linux tree older than 3.19 has no READ_ONCE/WRITE_ONCE, so fix leaves
# every site ("this Linux tree's include/linux/compiler.h defines no
# READ_ONCE"), which is right and says nothing about the conversions.  For
# those the comparison runs on a hard-linked copy (cp -al, in $OUT) whose
# include/linux/compiler.h gets 3.19's two definitions appended, as the
# 2014 series added them; spatch ignores definitions either way.
#
#   bench/fix-vs-spatch-trees.sh OUT TREE...
#
# OUT keeps per tree: NAME.spatch.diff, NAME.fix.diff, NAME.fix.notes,
# NAME.compare (the report), NAME.time.  BENCH_REUSE_SPATCH=1 reuses a
# spatch diff already in OUT (spatch takes minutes per tree).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
command -v spatch >/dev/null || { echo "bench: spatch not installed (apt-get install coccinelle)" >&2; exit 2; }
[ $# -ge 2 ] || { echo "usage: $0 OUT TREE..." >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
shift
jobs=$(nproc)

for tree in "$@"; do
	tree=$(cd "$tree" && pwd)
	name=$(basename "$tree")
	echo "== $name: $tree"
	(cd "$tree" && grep -rl --include='*.c' --include='*.h' ACCESS_ONCE . |
		sed 's|^\./||' | sort) >"$out/$name.files"
	echo "files holding ACCESS_ONCE: $(wc -l <"$out/$name.files")"
	if [ -f "$tree/.cocciconfig" ]; then
		echo "bench: $tree/.cocciconfig would make spatch use git; set it aside" >&2
		exit 2
	fi
	if [ -z "${BENCH_REUSE_SPATCH:-}" ] || [ ! -s "$out/$name.spatch.diff" ]; then
		sed 's/$/\n/' "$out/$name.files" >"$out/$name.groups"
		start=$(date +%s)
		(cd "$tree" && /usr/bin/time -f '%e s wall, %U s user, %M KiB' \
			spatch --very-quiet --include-headers --timeout 120 -j "$jobs" \
			--sp-file "$root/bench/cocci/access-once.cocci" \
			--file-groups "$out/$name.groups") >"$out/$name.spatch.diff" \
			2>"$out/$name.spatch.err" || true
		echo "spatch: $(tail -n 1 "$out/$name.spatch.err")" | tee "$out/$name.time"
	fi
	fixtree=$tree
	if [ -f "$tree/include/linux/compiler.h" ] &&
	   ! grep -q 'define READ_ONCE' "$tree/include/linux/compiler.h"; then
		fixtree=$out/$name.with-read-once
		if [ ! -d "$fixtree" ]; then
			cp -al "$tree" "$fixtree"
			for h in include/linux/compiler.h tools/include/linux/compiler.h; do
				[ -f "$tree/$h" ] || continue
				# a new file, not the hard link: the original stays
				cp "$tree/$h" "$fixtree/$h.new"
				printf '%s\n' '' \
					'/* Added for the comparison (bench/fix-vs-spatch-trees.sh), as Linux 3.19 did. */' \
					'#define READ_ONCE(x) ACCESS_ONCE(x)' \
					'#define WRITE_ONCE(x, val) ({ ACCESS_ONCE(x) = (val); })' \
					>>"$fixtree/$h.new"
				mv "$fixtree/$h.new" "$fixtree/$h"
			done
		fi
		echo "fix runs on $fixtree (READ_ONCE/WRITE_ONCE appended to its linux/compiler.h)"
	fi
	(cd "$fixtree" && /usr/bin/time -f '%e s wall, %U s user, %M KiB' \
		"$RWONCE" fix --no-volatile-casts -j "$jobs" .) >"$out/$name.fix.diff" \
		2>"$out/$name.fix.notes" || true
	echo "fix: $(tail -n 1 "$out/$name.fix.notes")" | tee -a "$out/$name.time"
	grep '^rwonce fix:' "$out/$name.fix.notes" || true
	python3 "$root/bench/fix-compare-sites.py" --word ACCESS_ONCE "$tree" \
		"$out/$name.fix.diff" "$out/$name.spatch.diff" 20 | tee "$out/$name.compare"
done
