#!/bin/sh
# bench/lib-expansion.sh -- what READ_ONCE costs the preprocessor and the
# compiler, against the peers of bench/peers.sh.
#
#  1. Preprocessed bytes of READ_ONCE nested 1 to 4 deep,
#       READ_ONCE(READ_ONCE(READ_ONCE(READ_ONCE(head)->next)->next)->next)
#     counted between two markers in `gcc -O2 -E -P` output (-O2: the
#     kernel checks sizes only when __OPTIMIZE__ is defined, and is always
#     built optimised), whitespace runs
#     folded to one space; ratio against the plain volatile cast.
#  2. Compile time of a translation unit with 10,000 uses
#     (s += READ_ONCE(g[i]) over 100 functions), gcc and clang -O2 -c,
#     CPU time, best of $BENCH_RUNS (3) rounds; the same TU with no use is subtracted so that
#     parsing a large header (the kernel's) does not count as the macro's
#     cost.  Ratio of the per-use cost against the volatile cast.
#
# Usage: bench/lib-expansion.sh   (make bench-library runs it)
set -u
. "$(dirname "$0")/peers.sh"
# BENCH_PEERS: another list of bench/peers/*.h (bench/lib-routes.sh).
PEERS=${BENCH_PEERS:-$PEERS}

CCS=${BENCH_CCS-gcc clang} # BENCH_CCS= (empty): sizes only
BENCH_RUNS=${BENCH_RUNS:-3}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

nested_expr() { # DEPTH
	awk -v d="$1" 'BEGIN {
		e = "PEER_READ(head)"
		for (i = 2; i <= d; i++) e = "PEER_READ(" e "->next)"
		print e
	}'
}

nested_tu() { # PEER DEPTH
	cat <<EOT
#include "$(peer_header "$1")"
struct node { PEER_SHARED(struct node *) next; };
PEER_SHARED(struct node *) head;
struct node *nested(void);
struct node *nested(void)
{
rwonce_bench_begin
	return $(nested_expr "$2");
rwonce_bench_end
}
EOT
}

# The TU with 10,000 uses (or none, with USES=0).
uses_tu() { # PEER USES
	awk -v hdr="$(peer_header "$1")" -v uses="$2" 'BEGIN {
		printf "#include \"%s\"\n", hdr
		print "PEER_SHARED(int) g[10000];"
		for (f = 0; f * 100 < uses; f++) {
			printf "int f%d(void);\nint f%d(void)\n{\n\tint s = 0;\n", f, f
			for (i = f * 100; i < f * 100 + 100 && i < uses; i++)
				printf "\ts += PEER_READ(g[%d]);\n", i
			print "\treturn s;\n}"
		}
	}'
}

echo "== Preprocessed bytes of READ_ONCE nested 1..4 deep (gcc -O2 -E -P, whitespace folded)"
printf '%-18s %10s %10s %10s %10s   %s\n' peer depth1 depth2 depth3 depth4 "depth4 vs volatile cast"
vol4=
for peer in $PEERS; do
	if ! flags=$(peer_flags "$peer"); then
		printf '%-18s %s\n' "$peer" "not measured: $flags"
		continue
	fi
	line=$(printf '%-18s' "$peer")
	bytes=
	for d in 1 2 3 4; do
		nested_tu "$peer" "$d" >"$WORK/n.c"
		# shellcheck disable=SC2086 # flags is a list
		if ! gcc -std=gnu11 -O2 -E -P $flags "$WORK/n.c" -o "$WORK/n.i" 2>"$WORK/err"; then
			bytes="error"
		else
			bytes=$(sed -n '/rwonce_bench_begin/,/rwonce_bench_end/p' "$WORK/n.i" |
				sed -e 's/rwonce_bench_begin//' -e 's/rwonce_bench_end//' |
				tr -s ' \t\n' '   ' | sed -e 's/^ //' -e 's/ $//' | tr -d '\n' | wc -c)
			# The expression must also compile, or its size means nothing.
			sed -e '/rwonce_bench_begin/d' -e '/rwonce_bench_end/d' "$WORK/n.c" >"$WORK/nc.c"
			# shellcheck disable=SC2086
			gcc -std=gnu11 -O2 -c $flags "$WORK/nc.c" -o "$WORK/nc.o" 2>/dev/null ||
				bytes="$bytes(!)"
		fi
		line="$line $(printf '%10s' "$bytes")"
	done
	[ "$peer" = volatile ] && vol4=$bytes
	echo "$line   $(ratio "${bytes%(!)}" "$vol4")x"
done
echo "   ((!) = the expression did not compile)"
echo

echo "== Compile time of a TU with 10,000 uses, -O2 -c: CPU ms, best of $BENCH_RUNS rounds"
echo "   (the peers take turns within each round, so load on the machine hits all alike)"
for cc in $CCS; do
	if ! command -v "$cc" >/dev/null 2>&1; then
		echo "$cc: not installed"
		continue
	fi
	measured=
	for peer in $PEERS; do
		if ! flags=$(peer_flags "$peer"); then
			echo "$peer not measured: $flags" >"$WORK/$cc.$peer.skip"
			continue
		fi
		uses_tu "$peer" 10000 >"$WORK/$peer.u.c"
		uses_tu "$peer" 0 >"$WORK/$peer.u0.c"
		echo "$flags" >"$WORK/$peer.flags"
		measured="$measured $peer"
	done
	round=0
	while [ "$round" -lt "$BENCH_RUNS" ]; do
		for peer in $measured; do
			flags=$(cat "$WORK/$peer.flags")
			for n in u u0; do
				# shellcheck disable=SC2086 # flags is a list
				ms=$(cpu_ms "$WORK/times" "$cc" -std=gnu11 -O2 -c $flags \
					"$WORK/$peer.$n.c" -o "$WORK/$peer.$n.o") || ms=fail
				echo "$ms" >>"$WORK/$cc.$peer.$n"
			done
		done
		round=$((round + 1))
	done
	printf '%-8s %-18s %10s %10s %12s   %s\n' "$cc" peer "total" "0 uses" "10,000 uses" "per-use cost vs volatile cast"
	vol=
	for peer in $PEERS; do
		if [ -f "$WORK/$cc.$peer.skip" ]; then
			printf '%-8s %-18s %s\n' "" "$peer" "$(cat "$WORK/$cc.$peer.skip")"
			continue
		fi
		if grep -q fail "$WORK/$cc.$peer.u" "$WORK/$cc.$peer.u0"; then
			printf '%-8s %-18s %s\n' "" "$peer" "does not compile"
			continue
		fi
		total=$(sort -n "$WORK/$cc.$peer.u" | head -n 1)
		base=$(sort -n "$WORK/$cc.$peer.u0" | head -n 1)
		net=$((total - base))
		[ "$peer" = volatile ] && vol=$net
		printf '%-8s %-18s %10s %10s %12s   %sx\n' "" "$peer" "$total" "$base" "$net" "$(ratio "$net" "$vol")"
	done
done
