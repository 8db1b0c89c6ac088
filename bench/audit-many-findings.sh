#!/bin/sh
# `rwonce audit` on one generated file with many findings, against
# `rwonce fix` on the same file (issue 33, point 7).  Audit asks fix's
# decision and edits for every finding; a walk over the file's edits per
# finding made it quadratic (50,000 findings 3.1 s, 200,000 145 s, where
# fix took 0.3 s).  The peer is fix itself: it does the same lexing and
# rewriting and then writes one diff, so audit/fix stays a small constant
# when audit is linear and grows with N when it is not.
#
#   bench/audit-many-findings.sh [N]   (default 200000; RWONCE=path/to/rwonce)
#
# The file mixes reads, writes, nested sites (whose edits come back in
# the file: the outer site's edits surround the inner one's) and
# volatile casts.  Best of $BENCH_RUNS (default 3) runs; CPU seconds
# (user + system) are the figure to compare on a machine others load.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench-lib.sh"
RWONCE=${RWONCE:-$root/build/rwonce}
[ -x "$RWONCE" ] || { echo "bench: build first (make)" >&2; exit 2; }
n=${1:-200000}
RUNS=${BENCH_RUNS:-3}
SCRATCH=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$SCRATCH"' EXIT INT TERM
RESULTS=$SCRATCH/results

# Five findings per group of four lines.
groups=$((n / 5))
awk -v g="$groups" 'BEGIN {
	print "int a[16], i, x;"
	print "void f(void)"
	print "{"
	for (k = 0; k < g; k++) {
		print "\tx = ACCESS_ONCE(a[1]);"
		print "\tACCESS_ONCE(a[ACCESS_ONCE(i)]) = 2;"
		print "\tACCESS_ONCE(x)++;"
		print "\t*(volatile int *)&x = 3;"
	}
	print "}"
}' >"$SCRATCH/many.c"
found=$("$RWONCE" audit --format=json "$SCRATCH/many.c" 2>/dev/null |
	grep -c '"rule"' || true)

echo "rwonce audit vs fix on one file with $found findings ($(wc -c <"$SCRATCH/many.c") bytes), best of $RUNS"
echo
cd "$SCRATCH"
measure "rwonce fix (diff)" fix.out "$RWONCE" fix many.c
fix_s=$LAST_S fix_cpu=$LAST_CPU
measure "rwonce audit (text)" audit.out "$RWONCE" audit many.c
audit_s=$LAST_S audit_cpu=$LAST_CPU
measure "rwonce audit --format=sarif" sarif.out "$RWONCE" audit --format=sarif many.c
sarif_s=$LAST_S sarif_cpu=$LAST_CPU
echo
printf 'CPU seconds: fix %s, audit %s, audit SARIF %s\n' "$fix_cpu" "$audit_cpu" "$sarif_cpu"
printf 'audit/fix ratio: %s (wall), %s (CPU); SARIF/fix: %s (wall), %s (CPU)\n' \
	"$(ratio "$audit_s" "$fix_s")" "$(ratio "$audit_cpu" "$fix_cpu")" \
	"$(ratio "$sarif_s" "$fix_s")" "$(ratio "$sarif_cpu" "$fix_cpu")"
