#!/bin/sh
# Is scan's output byte for byte the same from two builds of rwonce?
# For a refactoring that must not change what scan says (issue 36: the
# per-architecture code moved to src/scan/isa/; issue 35: scan's speed and
# memory): each INPUT is scanned by BASE and by NEW in five modes -- text,
# --json, SARIF, -v and -vv (every decoded access) -- and stdout, stderr
# and the exit status are compared.
#
#   bench/scan-identical.sh [-o OUT] [-j N] [-O "OPTIONS"] BASE NEW INPUT...
#
# BASE, NEW: rwonce executables (each finds its own rwonce-scan.so).
# INPUT: an object, archive or ELF, scanned alone; a folder, whose *.o,
# *.so and *.a files (below it too) are scanned in one run; or @LIST, a
# file naming one input per line -- or, a line with blanks, the arguments
# of one run as they are (a userspace build's --macro options and its
# archives).  Every run also names tests/scan's and verify's raw-cast
# macros (RAW_READ ...), as the scan tests do, and OPTIONS (words without
# blanks: --sources DIR --allow-unchecked for a distribution's debug
# kernel).  With -j N > 1 stderr is compared sorted: -v's notes come in
# the order the workers reach them (BASE's own -j 2 differs from its
# -j 1 there, never in the reports).  OUT
# (default a temporary folder, removed) keeps both outputs of each run
# that differs.  Prints one line per run that differs and the totals;
# exit 0 when every run was identical, 1 when one differed, 2 on bad use.
set -u
out='' jobs=1 opts=''
while getopts o:j:O: opt; do
	case $opt in
	o) out=$OPTARG ;;
	j) jobs=$OPTARG ;;
	O) opts=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 3 ] || { echo "usage: $0 [-o OUT] [-j N] [-O \"OPTIONS\"] BASE NEW INPUT..." >&2; exit 2; }
base=$1 new=$2
shift 2
for b in "$base" "$new"; do
	[ -x "$b" ] || { echo "$0: $b: not an executable" >&2; exit 2; }
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
[ -n "$out" ] && mkdir -p "$out"
macros="--macro RAW_READ=read-once --macro RAW_WRITE=write-once --macro RAW_ACCESS=access-once"

# The inputs, one run per line: a file, or a folder's files.
: > "$tmp/runs"
add_input() {
	case $1 in
	*" "*) echo "$1" >> "$tmp/runs"; return ;;
	esac
	if [ -d "$1" ]; then
		files=$(find "$1" -type f \( -name '*.o' -o -name '*.so' \
			-o -name '*.a' \) | LC_ALL=C sort | tr '\n' ' ')
		[ -n "$files" ] && echo "$files" >> "$tmp/runs"
	elif [ -e "$1" ]; then
		echo "$1" >> "$tmp/runs"
	else
		echo "$0: $1: no such input" >&2
		exit 2
	fi
}
for i in "$@"; do
	case $i in
	@*) while read -r line; do add_input "$line"; done < "${i#@}" ;;
	*) add_input "$i" ;;
	esac
done

runs=0 differ=0 n=0
while read -r files; do
	n=$((n + 1))
	for mode in text json sarif v vv; do
		case $mode in
		text) flags= ;;
		json) flags=--json ;;
		sarif) flags=--format=sarif ;;
		v) flags=-v ;;
		vv) flags=-vv ;;
		esac
		for side in base new; do
			eval "tool=\$$side"
			# shellcheck disable=SC2086
			"$tool" scan --no-progress -j "$jobs" $macros $opts $flags $files \
				> "$tmp/$side.out" 2> "$tmp/$side.err"
			echo "exit $?" >> "$tmp/$side.err"
			if [ "$jobs" != 1 ]; then
				sort "$tmp/$side.err" > "$tmp/$side.sorted"
				mv "$tmp/$side.sorted" "$tmp/$side.err"
			fi
		done
		runs=$((runs + 1))
		if ! cmp -s "$tmp/base.out" "$tmp/new.out" ||
		   ! cmp -s "$tmp/base.err" "$tmp/new.err"; then
			differ=$((differ + 1))
			echo "differs: $mode: $files"
			if [ -n "$out" ]; then
				for f in base.out new.out base.err new.err; do
					cp "$tmp/$f" "$out/$n-$mode-$f"
				done
			fi
		fi
	done
done < "$tmp/runs"
echo "scan-identical: $runs runs ($n inputs x 5 modes), $differ differ"
[ "$differ" -eq 0 ]
