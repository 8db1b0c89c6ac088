#!/bin/sh
# Byte comparison of two rwonce builds' audit and fix outputs on real
# trees: a speed change must not change a finding, a note or a diff line
# (issue #35).  For each TREE, both builds run
#
#   audit --format=json and --format=sarif          (one run, --output)
#   audit --preset=linux, json and sarif            (as doc/ci.md uses it)
#   fix (the diff) and fix --no-volatile-casts       (diff and notes)
#
# and every stdout and stderr is compared with cmp.  The old build's
# outputs are kept in OUT and reused when they are there (BASE is meant
# to be a build of main that nobody edits), so a rerun costs one side.
#
#   bench/audit-fix-identical.sh OUT BASE_RWONCE NEW_RWONCE TREE...
#
# NEW_RWONCE "-" records the base side only.  IDENTICAL_ONLY=audit or
# =fix runs only one command.  Exit 0: all
# identical; 1: some output differs (named); 2: trouble.
set -eu
[ $# -ge 4 ] || { echo "usage: $0 OUT BASE_RWONCE NEW_RWONCE TREE..." >&2; exit 2; }
out=$(mkdir -p "$1" && cd "$1" && pwd)
base=$2 new=$3
shift 3
for b in "$base" "$new"; do
	[ "$b" = - ] && continue
	[ -x "$b" ] || { echo "bench: $b is not an executable" >&2; exit 2; }
done
jobs=${JOBS:-2}
only=${IDENTICAL_ONLY:-}
differ=0

# run SIDE NAME TREE ARGS...: the outputs of one run in OUT/SIDE/NAME.*;
# the base side is reused when it is there.  Paths are given relative to
# the tree (the run happens in it) so that both sides print the same.
run() {
	side=$1 name=$2 tree=$3
	shift 3
	mkdir -p "$out/$side"
	prefix=$out/$side/$name
	if [ "$side" = base ] && [ -f "$prefix.status" ]; then return 0; fi
	case $side in base) exe=$base ;; *) exe=$new ;; esac
	# shellcheck disable=SC2030 # the subshell only changes folder
	st=0
	(cd "$tree" && "$exe" "$@") >"$prefix.out" 2>"$prefix.err" || st=$?
	echo "$st" >"$prefix.status"
}

compare() { # NAME: every file the base side wrote for NAME
	for f in "$out/base/$1".*; do
		g=$out/new/${f##*/}
		if cmp -s "$f" "$g"; then
			echo "identical: ${f##*/} ($(wc -c <"$f") bytes)"
		else
			echo "DIFFERS:   ${f##*/}"
			differ=1
		fi
	done
}

for tree in "$@"; do
	tree=$(cd "$tree" && pwd)
	t=$(basename "$tree")
	sides="base new"
	[ "$new" = - ] && sides=base
	for side in $sides; do
		if [ "$only" != fix ]; then
			run $side "$t.audit" "$tree" audit --no-config --no-progress -j "$jobs" \
				--output "json=$out/$side/$t.audit.json" \
				--output "sarif=$out/$side/$t.audit.sarif" .
			run $side "$t.audit-linux" "$tree" audit --no-config --no-progress -j "$jobs" \
				--preset linux \
				--output "json=$out/$side/$t.audit-linux.json" \
				--output "sarif=$out/$side/$t.audit-linux.sarif" .
		fi
		if [ "$only" != audit ]; then
			run $side "$t.fix" "$tree" fix --no-config --no-progress -j "$jobs" .
			run $side "$t.fix-novc" "$tree" fix --no-config --no-progress -j "$jobs" \
				--no-volatile-casts .
		fi
	done
	[ "$new" = - ] && continue
	if [ "$only" != fix ]; then compare "$t.audit"; compare "$t.audit-linux"; fi
	if [ "$only" != audit ]; then compare "$t.fix"; compare "$t.fix-novc"; fi
done
if [ "$new" = - ]; then
	echo "recorded the base outputs in $out/base"
elif [ $differ = 0 ]; then
	echo "all identical"
else
	echo "some outputs differ"
fi
exit $differ
