#!/bin/sh
# How fast is `rwonce verify`, and where does the time go?
#
#   1. the full built-in battery, one compiler x the native target x five
#      optimisation levels x both backends (goal: <= 10 s on 2 cores);
#   2. the same for all eight targets with -j (goal: <= 2 min).
#
# Peer, measured in the same run: compiling the same probe files with the
# same compiler, flags and levels, without linking or tracing (what any
# "look at the generated code" check has to pay at least).  The ratio says
# what the tracing costs on top.
#
# Usage: bench/verify-speed.sh [CC]   (default cc; RWONCE=path/to/rwonce)
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RWONCE=${RWONCE:-$ROOT/build/rwonce}
CC=${1:-cc}
JOBS=${JOBS:-$(nproc)}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT INT TERM

now() { date +%s.%N; }
elapsed() { awk "BEGIN { printf \"%.3f\", $2 - $1 }"; }
div() { awk "BEGIN { printf \"%.3f\", $1 / $2 }"; }
sum_field() { # field file
	perl -MJSON::PP -e 'local $/; my $j = decode_json(<STDIN>); my $s = 0;
		$s += $_->{$ARGV[0]} for @{$j->{configurations}}; printf "%.2f", $s' "$1" <"$2"
}

echo "rwonce verify speed: $CC, $JOBS jobs, $(nproc) CPUs"
echo

# --- peer: plain compiles of the same files ------------------------------
t0=$(now)
for o in 0 1 2 3 s; do
	for b in "" -DRWONCE_BACKEND_ATOMIC; do
		$CC -O$o $b -I"$ROOT/include" -I"$ROOT/probes" -c \
			-o "$TMP/l.o" "$ROOT/probes/library.c"
		[ -n "$b" ] || $CC -O$o -I"$ROOT/include" -I"$ROOT/probes" -c \
			-o "$TMP/c.o" "$ROOT/probes/controls.c"
	done
done
t1=$(now)
peer=$(elapsed "$t0" "$t1")

# --- 1. one target --------------------------------------------------------
t0=$(now)
"$RWONCE" verify --cc "$CC" -j "$JOBS" --json >"$TMP/one.json" || test $? = 1
t1=$(now)
one=$(elapsed "$t0" "$t1")
n1=$(grep -c '"backend": ' "$TMP/one.json")
printf '1. native target, 5 levels x 2 backends (%s configurations)\n' "$n1"
printf '   rwonce verify wall time      %6.2f s   (goal <= 10 s)\n' "$one"
printf '   compile+link, sum over jobs %6.2f s\n' "$(sum_field compile_seconds "$TMP/one.json")"
printf '   tracing, sum over jobs      %6.2f s\n' "$(sum_field trace_seconds "$TMP/one.json")"
printf '   peer: plain compiles, no link, no trace, serial  %6.2f s\n' "$peer"
printf '   ratio verify / peer          %6.2f\n' "$(div "$one" "$peer")"
echo

# --- 2. all eight targets ------------------------------------------------
if [ "${RWONCE_BENCH_QUICK:-0}" = 1 ]; then
	echo "2. all eight targets: skipped (RWONCE_BENCH_QUICK=1)"
	exit 0
fi
t0=$(now)
"$RWONCE" verify --cc "$CC" -j "$JOBS" --json \
	--target x86_64,i386,aarch64,armhf,s390x,ppc64le,riscv64,mips64el \
	>"$TMP/all.json" 2>"$TMP/all.err" || true
t1=$(now)
all=$(elapsed "$t0" "$t1")
n8=$(grep -c '"backend": ' "$TMP/all.json" || true)
bad=$(grep -c '"status": "trouble"' "$TMP/all.json" || true)
printf '2. all eight targets, 5 levels x 2 backends (%s configurations, %s could not run)\n' "$n8" "$bad"
printf '   rwonce verify wall time      %6.2f s   (goal <= 120 s)\n' "$all"
printf '   compile+link, sum over jobs %6.2f s\n' "$(sum_field compile_seconds "$TMP/all.json")"
printf '   tracing, sum over jobs      %6.2f s\n' "$(sum_field trace_seconds "$TMP/all.json")"
printf '   per configuration            %6.2f s wall\n' "$(div "$all" "$n8")"
[ "$bad" = 0 ] || sed 's/^/   /' "$TMP/all.err" | head -n 5
