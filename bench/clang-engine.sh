#!/bin/sh
# bench/clang-engine.sh [-p DIR]... -- the libclang engine's time per
# translation unit against `clang -fsyntax-only` on the same units with the
# same flags (the lower bound for any tool that parses through clang), one
# core each, measured in the same run.  Goal: at most 1.3x.  Also prints
# the engine's peak memory (max RSS), and the engine against libclang's
# parse alone in the same process (RWONCE_CLANG_BENCH_PARSE_ONLY=1: no
# preprocessing record, no walk) -- clang -fsyntax-only pays a process
# start-up per unit that the engine pays once, so this second ratio is the
# one that shows the engine's own cost.
#
# Without -p it makes two compilation databases with `bear`:
#   urcu   liburcu's examples (Debian's liburcu-dev), built by their
#          Makefiles: 33 small units that include the urcu headers;
#   rwonce this tool's own C sources (src/**/*.c), compiled one by one with
#          the flags of the Makefile: ~60 units, some including clang-c.
# Needs: bear, jq, clang-14 (the clang whose libclang the engine uses).
set -e
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TEST_TOOL=${TEST_TOOL:-$ROOT/build/test-tool}
CLANG=${CLANG:-clang-14}
REPEAT=${REPEAT:-3}

for c in bear jq "$CLANG"; do
	command -v "$c" >/dev/null || { echo "bench: $c not installed" >&2; exit 2; }
done
[ -x "$TEST_TOOL" ] || { echo "bench: build first (make)" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

dbs=
while [ $# -gt 0 ]; do
	case $1 in
	-p) dbs="$dbs $2"; shift 2 ;;
	*) echo "usage: $0 [-p DIR]..." >&2; exit 2 ;;
	esac
done

if [ -z "$dbs" ]; then
	if [ -f /usr/share/doc/liburcu-dev/examples/Makefile ]; then
		cp -r /usr/share/doc/liburcu-dev/examples "$TMP/urcu"
		(cd "$TMP/urcu" && bear --output compile_commands.json -- make -j2 >/dev/null 2>&1)
		dbs="$dbs $TMP/urcu"
	fi
	mkdir "$TMP/rwonce"
	(cd "$ROOT" && for f in src/*.c src/lib/*.c src/verify/*.c src/audit/*.c src/audit/clang/*.c; do
		bear --append --output "$TMP/rwonce/compile_commands.json" -- \
			cc -std=gnu11 -Iinclude -Isrc -I/usr/lib/llvm-14/include -O2 \
			-DRWONCE_TOOL_VERSION='"bench"' \
			-c "$f" -o "$TMP/rwonce/out.o" >/dev/null 2>&1 || true
	done)
	dbs="$dbs $TMP/rwonce"
fi

now() { date +%s.%N; }


for db in $dbs; do
	name=$(basename "$db")
	units=$(jq length "$db/compile_commands.json")
	# The peer: each unit's own command with -fsyntax-only, run where the
	# database says, one after the other.
	# GCC-only options are dropped as the engine drops them (see
	# gcc_only_options in src/audit/clang/unit.c), or clang's driver
	# would stop before parsing.
	jq -r '.[] | [.directory, (.arguments // (.command | split(" "))
		| .[1:] | map(select(. != "-c" and
			(test("^-(mpreferred-stack-boundary=|mindirect-branch|mfunction-return=|fno-allow-store-data-races$|fconserve-stack$|ftrivial-auto-var-init=|mrecord-mcount$|fno-ipa-sra$|fno-var-tracking-assignments$|mskip-rax-setup$|mno-fp-ret-in-387$|fmin-function-alignment=|fzero-call-used-regs=|mharden-sls=|fpatchable-function-entry=)") | not)))
		| join("\u001f"))] | @tsv' \
		"$db/compile_commands.json" >"$TMP/cmds"
	best_peer= best_ours= best_floor=
	i=0
	while [ $i -lt "$REPEAT" ]; do
		t0=$(now)
		while IFS='	' read -r dir args; do
			# shellcheck disable=SC2086
			(cd "$dir" && IFS=$(printf '\037') && set -f &&
			 "$CLANG" -fsyntax-only -w $args -o /dev/null) >/dev/null 2>&1 || true
		done <"$TMP/cmds"
		t1=$(now)
		"$TEST_TOOL" clang-audit -p "$db" -j1 --stats >/dev/null 2>"$TMP/stats" || true
		t2=$(now)
		RWONCE_CLANG_BENCH_PARSE_ONLY=1 "$TEST_TOOL" clang-audit -p "$db" -j1 >/dev/null 2>&1 || true
		t3=$(now)
		peer=$(echo "$t1 - $t0" | bc -l); ours=$(echo "$t2 - $t1" | bc -l)
		floor=$(echo "$t3 - $t2" | bc -l)
		[ -z "$best_floor" ] || [ "$(echo "$floor < $best_floor" | bc -l)" = 1 ] && best_floor=$floor
		[ -z "$best_peer" ] || [ "$(echo "$peer < $best_peer" | bc -l)" = 1 ] && best_peer=$peer
		[ -z "$best_ours" ] || [ "$(echo "$ours < $best_ours" | bc -l)" = 1 ] && best_ours=$ours
		i=$((i + 1))
	done
	rss=$(sed -n 's/.*peak RSS \([0-9]*\) KiB.*/\1/p' "$TMP/stats")
	failed=$(sed -n 's/.*failed: \([0-9]*\),.*/\1/p' "$TMP/stats")
	printf '%-7s %3d units (%s failed): clang -fsyntax-only %5.1f ms/unit; libclang parse alone %5.1f ms/unit; rwonce clang engine %5.1f ms/unit -> %.2fx clang -fsyntax-only, %.2fx libclang parse alone; peak RSS %d MiB\n' \
		"$name" "$units" "$failed" \
		"$(echo "$best_peer * 1000 / $units" | bc -l)" \
		"$(echo "$best_floor * 1000 / $units" | bc -l)" \
		"$(echo "$best_ours * 1000 / $units" | bc -l)" \
		"$(echo "$best_ours / $best_peer" | bc -l)" \
		"$(echo "$best_ours / $best_floor" | bc -l)" \
		"$((rss / 1024))"
done
