#!/bin/sh
# Does a tree still compile after `rwonce fix`?  Every .c file of DIR
# (below TREE) is compiled on its own, from its folder, with gcc and
# clang at -Wall -Werror, before and after the fix diff is applied to a
# copy; a file that compiled before and does not after is a regression.
# Headers are compiled where they are used, through the .c files.
#
#   bench/fix-compile-tree.sh TREE FIX.diff [DIR] [PREPARE...]
#
# DIR (default .): the part of the tree to compile (perfbook: CodeSamples).
# PREPARE: a command run in DIR of both copies before compiling -- the
# build's generated files, e.g. perfbook's "make -s pthreads" (api.h).
# The include path: rwonce's include/ (where <rwonce.h> is), and the
# include/ folders above each file.  Used for perfbook in doc/fix.md; a
# Linux tree is checked with its own build (doc/fix.md, "compiles").
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 2 ] || { echo "usage: $0 TREE FIX.diff [DIR] [PREPARE...]" >&2; exit 2; }
tree=$(cd "$1" && pwd)
diff=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
dir=${3:-.}
[ $# -ge 3 ] && shift 3 || shift $#
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-compile.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT

for v in before after; do
	mkdir -p "$SCRATCH/$v"
	cp -r "$tree/." "$SCRATCH/$v/"
done
(cd "$SCRATCH/after" && patch -s -p1 <"$diff")
if [ $# -gt 0 ]; then
	for v in before after; do
		(cd "$SCRATCH/$v/$dir" && "$@") >/dev/null 2>&1 ||
			echo "bench: '$*' failed in the $v copy" >&2
	done
fi

compile_all() { # copy cc
	top=$SCRATCH/$1/$dir
	(cd "$top" && find . -name '*.c' | sort) | while read -r f; do
		d=$(dirname "$f")
		inc=
		p=$top/$d
		while :; do
			[ -d "$p/include" ] && inc="$inc -I$p/include"
			[ "$p" = "$SCRATCH/$1" ] && break
			p=$(dirname "$p")
		done
		# shellcheck disable=SC2086 # $inc is a list of options
		if (cd "$top/$d" && $2 -std=gnu11 -Wall -Werror -fsyntax-only \
			-I"$root/include" $inc "$(basename "$f")") >/dev/null 2>&1; then
			echo "$f ok"
		else
			echo "$f fail"
		fi
	done
}

changed=$(grep -c '^+++ ' "$diff" || true)
echo "== $tree ($dir): $changed files changed by the diff"
for cc in gcc clang; do
	command -v $cc >/dev/null || { echo "$cc: not installed, skipped"; continue; }
	compile_all before $cc >"$SCRATCH/$cc.before"
	compile_all after $cc >"$SCRATCH/$cc.after"
	total=$(wc -l <"$SCRATCH/$cc.before")
	ok_b=$(grep -c ' ok$' "$SCRATCH/$cc.before" || true)
	ok_a=$(grep -c ' ok$' "$SCRATCH/$cc.after" || true)
	join "$SCRATCH/$cc.before" "$SCRATCH/$cc.after" |
		awk '$2 == "ok" && $3 == "fail" { print $1 }' >"$SCRATCH/$cc.regressed"
	echo "$cc -Wall -Werror: $ok_b of $total .c files compile before, $ok_a after; regressions: $(wc -l <"$SCRATCH/$cc.regressed")"
	sed 's/^/  regressed: /' "$SCRATCH/$cc.regressed"
done
