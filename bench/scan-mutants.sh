#!/bin/sh
# `rwonce scan` on damaged objects: bit-flipped copies of real objects
# (x86-64 by gcc, arm64, ppc64le, an archive of x86-64 objects by gcc
# and clang), each mutant scanned alone.  Counts per input the exit
# statuses (0, 1, 2, anything else: a crash or a timeout), and the
# silent passes: an exit 0 whose run did not read what the undamaged
# object's run read -- fewer sources read, fewer sites, no site instance
# where the original had some, or a file not counted as checked.  Such a
# run is a file that was not (fully) checked passed as clean; the number
# must be 0.  Issue 33 asks for it before and after its fixes.
#
#   bench/scan-mutants.sh RWONCE_BINARY [MUTANTS] [SEED]
#
# MUTANTS (default 750) are spread over the four inputs; SEED (default
# 33) makes the bit positions repeatable, so two builds of the tool can
# be compared on the same mutants (the inputs are built in a folder of
# the same name length each time: the paths are in the objects).  Each
# run has a 30 s timeout.  MUTANTS_VERBOSE=1 names each silent pass;
# MUTANTS_KEEP=DIR keeps the inputs, their sources and those mutants
# there, to look at.  Needs
# gcc, clang, aarch64-linux-gnu-gcc, powerpc64le-linux-gnu-gcc, perl,
# python3; a missing cross compiler drops its input (said).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 RWONCE_BINARY [MUTANTS] [SEED]" >&2; exit 2; }
RWONCE=$1
total=${2:-750}
seed=${3:-33}
tmp=$(mktemp -d "/tmp/scan-mutants.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
keep=${MUTANTS_KEEP:-}
[ -z "$keep" ] || mkdir -p "$keep"
trap 'exit 130' INT TERM

# The inputs, built from the scan tests' fixtures in $tmp/src (the paths
# their line tables name stay valid for every mutant).
mkdir -p "$tmp/src" "$tmp/in" "$tmp/m"
cp "$root/tests/scan/kernel-shape.c" "$root/tests/scan/writes.c" "$tmp/src/"
inputs=''
build() { # name compiler args...
	name=$1
	shift
	if ! command -v "$1" >/dev/null 2>&1; then
		echo "bench: $1 not installed: no $name input" >&2
		return 0
	fi
	(cd "$tmp/src" && "$@") && inputs="$inputs $name"
}
# x86-64: two units in one object (ld -r), as a kernel's built-in.o
build x86-64.o gcc -O2 -g -c kernel-shape.c writes.c
ld -r -o "$tmp/in/x86-64.o" "$tmp/src/kernel-shape.o" "$tmp/src/writes.o"
build arm64.o aarch64-linux-gnu-gcc -O2 -g -c kernel-shape.c -o ../in/arm64.o
build ppc64le.o powerpc64le-linux-gnu-gcc -O2 -g -c writes.c -o ../in/ppc64le.o
if command -v clang >/dev/null 2>&1; then
	(cd "$tmp/src" && clang -O2 -g -c kernel-shape.c -o k-clang.o &&
		gcc -O2 -g -c writes.c -o w-gcc.o &&
		ar rc ../in/lib.a k-clang.o w-gcc.o) && inputs="$inputs lib.a"
else
	echo "bench: clang not installed: no archive input" >&2
fi
set -- $inputs
[ $# -gt 0 ] || { echo "bench: no input could be built" >&2; exit 2; }

# What a run read, from scan's JSON: sources read, sites, instances,
# files checked (missing members: 0).
readout() { # json-file
	python3 -c '
import json, sys
try:
    d = json.load(open(sys.argv[1]))
    c = d.get("coverage", {})
    i = d.get("instances", {})
    print(c.get("sources", 0), c.get("sites", 0), sum(i.values()),
          d.get("files", {}).get("checked", 0))
except Exception:
    print("bad")' "$1"
}

per=$((total / $#))
extra=$((total - per * $#))
printf '%-10s %7s %5s %5s %5s %6s %16s\n' input mutants exit0 exit1 exit2 other exit0-unchecked
n_all=0 s0=0 s1=0 s2=0 so=0 su=0
for name in "$@"; do
	in=$tmp/in/$name
	n=$per
	[ "$extra" -gt 0 ] && { n=$((n + 1)); extra=$((extra - 1)); }
	"$RWONCE" scan --json -j 1 --no-progress "$in" >"$tmp/orig.json" 2>/dev/null || true
	orig=$(readout "$tmp/orig.json")
	set -- $orig
	o_src=$1 o_sites=$2 o_inst=$3
	size=$(wc -c <"$in")
	# one bit position a mutant, from the seed
	perl -e 'srand($ARGV[0]); for (1 .. $ARGV[1]) { print int(rand($ARGV[2] * 8)), "\n" }' \
		"$seed" "$n" "$size" >"$tmp/bits"
	c0=0 c1=0 c2=0 co=0 cu=0 k=0
	while read -r bit; do
		k=$((k + 1))
		m=$tmp/m/$k-$name
		cp "$in" "$m"
		perl -e '
			open(my $f, "+<:raw", $ARGV[0]) or die; my $b = $ARGV[1];
			seek($f, $b >> 3, 0); read($f, my $c, 1);
			seek($f, $b >> 3, 0); print $f chr(ord($c) ^ (1 << ($b & 7)));
			close($f) or die' "$m" "$bit"
		set +e
		timeout 30 "$RWONCE" scan --json -j 1 --no-progress "$m" \
			>"$tmp/out.json" 2>"$tmp/err"
		rc=$?
		set -e
		case $rc in
		0)
			c0=$((c0 + 1))
			got=$(readout "$tmp/out.json")
			set -- $got
			if [ "$got" = bad ] || [ "$1" -lt "$o_src" ] ||
			   [ "$2" -lt "$o_sites" ] || [ "$4" -lt 1 ] ||
			   { [ "$3" = 0 ] && [ "$o_inst" != 0 ]; }; then
				cu=$((cu + 1))
				[ -z "$keep" ] || cp "$m" "$keep/"
				[ -z "${MUTANTS_VERBOSE:-}" ] ||
					echo "exit 0 unchecked: $name bit $bit: $got (original $orig): $(tail -n 2 "$tmp/err" | head -n 1)" >&2
			fi ;;
		1) c1=$((c1 + 1)) ;;
		2) c2=$((c2 + 1)) ;;
		*) co=$((co + 1))
		   echo "bench: $name bit $bit: exit $rc" >&2 ;;
		esac
		rm -f "$m"
	done <"$tmp/bits"
	printf '%-10s %7d %5d %5d %5d %6d %16d\n' "$name" "$k" "$c0" "$c1" "$c2" "$co" "$cu"
	n_all=$((n_all + k)) s0=$((s0 + c0)) s1=$((s1 + c1)) s2=$((s2 + c2))
	so=$((so + co)) su=$((su + cu))
done
printf '%-10s %7d %5d %5d %5d %6d %16d\n' total "$n_all" "$s0" "$s1" "$s2" "$so" "$su"
[ -z "$keep" ] || cp -r "$tmp/src" "$tmp/in" "$keep/"
