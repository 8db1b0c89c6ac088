#!/bin/sh
# bench/lib-memops.sh -- memory instructions per marked access on x86-64,
# rwonce against the peers of bench/peers.sh, on the same test functions.
#
# Each test function is compiled alone (-O2 -fno-pie -c) and disassembled
# with `objdump -dr`; an instruction touches the object when it carries a
# relocation against the object's symbol.  A cell reads
#   1 movq:r        one load (:w a store) of the object's width
#   2 movl:r+movl:r split into two accesses: the value can tear
#   0               the access was dropped
#   call X          the access went to a library function (memcpy, the
#                   locked __atomic_load of libatomic, ...)
#   no compile      the peer rejects the type (say why below the table)
#
# Usage: bench/lib-memops.sh   (make bench-library runs it)
set -u
. "$(dirname "$0")/peers.sh"

CCS=${BENCH_CCS-gcc clang clang-19}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-bench.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM

need() { command -v "$1" >/dev/null 2>&1 || { echo "bench: $1 not installed" >&2; exit 2; }; }
need objdump

TESTS="int-read int-write u64-read u64-write pte-read s4-read s4-fields s8-read s8-fields s8-write s12-read rptr-twice discarded ipte-siif"

test_tu() { # PEER TEST
	cat <<EOT
#include "$(peer_header "$1")"
#ifndef __KERNEL__ /* the kernel's linux/types.h has the same names */
#include <stdint.h>
#endif
struct s4 { uint16_t a, b; } __attribute__((aligned(4)));
struct s8 { uint32_t a, b; } __attribute__((aligned(8)));
struct s12 { uint32_t a, b, c; };
typedef struct { unsigned long pte; } pte_t;
void log_rptr(uint64_t);
EOT
	case $2 in
	int-read)   echo 'PEER_SHARED(int) obj; int t(void); int t(void) { return PEER_READ(obj); }' ;;
	int-write)  echo 'PEER_SHARED(int) obj; void t(int); void t(int v) { PEER_WRITE(obj, v); }' ;;
	u64-read)   echo 'PEER_SHARED(uint64_t) obj; uint64_t t(void); uint64_t t(void) { return PEER_READ(obj); }' ;;
	u64-write)  echo 'PEER_SHARED(uint64_t) obj; void t(uint64_t); void t(uint64_t v) { PEER_WRITE(obj, v); }' ;;
	pte-read)   echo 'PEER_SHARED(pte_t) obj; pte_t t(void); pte_t t(void) { return PEER_READ(obj); }' ;;
	s4-read)    echo 'PEER_SHARED(struct s4) obj; struct s4 t(void); struct s4 t(void) { return PEER_READ(obj); }' ;;
	s8-read)    echo 'PEER_SHARED(struct s8) obj; struct s8 t(void); struct s8 t(void) { return PEER_READ(obj); }' ;;
	s8-write)   echo 'PEER_SHARED(struct s8) obj; void t(struct s8); void t(struct s8 v) { PEER_WRITE(obj, v); }' ;;
	s12-read)   echo 'PEER_SHARED(struct s12) obj; struct s12 t(void); struct s12 t(void) { return PEER_READ(obj); }' ;;
	rptr-twice) echo 'PEER_SHARED(uint64_t) obj; uint64_t t(void); uint64_t t(void) { uint64_t r = PEER_READ(obj); log_rptr(r); return r >> 2; }' ;;
	discarded)  echo 'PEER_SHARED(int) obj; void t(void); void t(void) { (void)PEER_READ(obj); }' ;;
	# The struct read, then its fields used one by one: where clang's SROA
	# splits a volatile aggregate load into one load per field.
	s4-fields)  echo 'PEER_SHARED(struct s4) obj; unsigned t(void); unsigned t(void) { struct s4 v = PEER_READ(obj); return v.a * 3u + v.b; }' ;;
	s8-fields)  echo 'PEER_SHARED(struct s8) obj; uint32_t t(void); uint32_t t(void) { struct s8 v = PEER_READ(obj); return v.a * 3u + v.b; }' ;;
	# ipte_unlock_siif of the seed patch: one load, then cmpxchg; a second
	# load of the word is the 2014 bug.  (C11: members of an _Atomic
	# union cannot be touched, so the peer cannot express it.)
	ipte-siif)
		[ "$1" = c11 ] && echo '#error "C11: members of an _Atomic union are not accessible"'
		cat <<'EOI'
union ipte_control {
	unsigned long val;
	struct { unsigned long k : 1, kh : 31, kg : 32; };
};
PEER_SHARED(union ipte_control) obj;
int t(void);
int t(void)
{
	union ipte_control old, new;
	do {
		new = old = PEER_READ(obj);
		new.kh--;
		if (!new.kh)
			new.k = 0;
	} while (!__atomic_compare_exchange_n(&obj.val, &old.val, new.val, 0,
					      __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
	return !new.kh;
}
EOI
		;;
	esac
}

# Summarise the accesses to `obj` in an object file: "N mnem+mnem" plus
# any library call.
count_accesses() { # FILE.o
	objdump -dr -M suffix --no-show-raw-insn "$1" | awk '
	/^ *[0-9a-f]+:\t/ {
		insn = $0
		sub(/^ *[0-9a-f]+:\t/, "", insn)
		split(insn, w, /[ \t]+/)
		if (w[1] ~ /^(lock|rep|notrack)$/) w[1] = w[1] "-" w[2]
		mnem = w[1]
		counted = 0
		next
	}
	/R_X86_64_/ {
		sym = $NF
		# lea, or an immediate operand: the address, not an access
		if (sym ~ /^obj([+-]|$)/ && (mnem ~ /^lea/ || insn ~ /\$0x/))
			next
		if (sym ~ /^obj([+-]|$)/ && !counted) {
			n++
			# AT&T: the memory operand last is a store, first a load
			ops = insn
			sub(/^[^ \t]+[ \t]+/, "", ops)
			sub(/[ \t]*#.*$/, "", ops)
			dir = (ops ~ /\)$/) ? ":w" : ":r"
			if (mnem ~ /cmpxchg|xchg|xadd/) dir = ":rw"
			list = list (list == "" ? "" : "+") mnem dir
			counted = 1
		} else if (mnem ~ /^(call|jmp)/ && sym !~ /^obj/ && sym !~ /log_rptr/) {
			s = sym
			sub(/-0x[0-9a-f]+$/, "", s)
			calls = calls " call " s
		}
	}
	END { printf "%d %s%s\n", n, list, calls }'
}

# ipte-siif: compilers peel or rotate the retry loop (clang 14 peels the
# first iteration, clang 19 loads once before the loop and again at its
# end), so static counts of 2 or 4 loads can be one per iteration.  What
# is checked is the longest run of loads of the word with no cmpxchg in
# between, in code order: 1 is right; 2 is the 2014 double load (l, lg,
# then csg in the seed's listing).
per_cmpxchg() { # CELL
	echo "$1" | awk '{
		n = split($2, a, "+"); run = 0; max = 0; cx = 0
		for (i = 1; i <= n; i++) {
			if (a[i] ~ /cmpxchg/) { cx++; run = 0 }
			else if (a[i] ~ /:r$/ && ++run > max) max = run
		}
		if (cx == 0) { print $0; exit }
		printf "%d load%s/cmpxchg\n", max, max == 1 ? "" : "s"
	}'
}

for cc in $CCS; do
	if ! command -v "$cc" >/dev/null 2>&1; then
		echo "$cc: not installed"
		continue
	fi
	echo "== Memory instructions touching the object per access, $cc -O2, x86-64"
	printf '%-11s' test
	for peer in $PEERS; do printf ' %-19s' "$peer"; done
	echo
	notes=
	for t in $TESTS; do
		printf '%-11s' "$t"
		for peer in $PEERS; do
			if ! flags=$(peer_flags "$peer"); then
				printf ' %-19s' "(not installed)"
				continue
			fi
			test_tu "$peer" "$t" >"$WORK/t.c"
			# shellcheck disable=SC2086 # flags is a list
			if "$cc" -std=gnu11 -O2 -fno-pie -c $flags "$WORK/t.c" -o "$WORK/t.o" 2>"$WORK/err"; then
				cell=$(count_accesses "$WORK/t.o")
				case $cell in
				"0 "*call*) cell=${cell#0 } ;; # all of it in a library
				esac
				[ "$t" = ipte-siif ] && cell=$(per_cmpxchg "$cell")
			else
				cell="no compile"
				why=$(grep -m1 -E 'error' "$WORK/err" | sed -e 's/^[^ ]* //' | cut -c1-110)
				notes="$notes
   $t, $peer: $why"
			fi
			printf ' %-19s' "$cell"
			echo "$cc $t $peer $cell" >>"$WORK/cells"
		done
		echo
	done
	[ -n "$notes" ] && echo "   Rejections:$notes"
	# One figure per peer: memory instructions per marked access over the
	# single-access tests (all but s12-read, which no single instruction
	# can do, and ipte-siif) that compiled.  1.00 means one instruction each;
	# below 1 something was dropped, above 1 something was split or
	# repeated.  The ratio against the volatile cast follows.
	printf '%-11s' "mean"
	for peer in $PEERS; do
		awk -v cc="$cc" -v p="$peer" '$1 == cc && $2 != "ipte-siif" && $2 != "s12-read" && $3 == p && $4 ~ /^[0-9]+$/ { s += $4; n++ }
			END { if (n) printf " %-19s", sprintf("%.2f (%d tests)", s / n, n); else printf " %-19s", "-" }' "$WORK/cells"
	done
	echo
	printf '%-11s' "vs volatile"
	for peer in $PEERS; do
		awk -v cc="$cc" -v p="$peer" '$1 == cc && $2 != "ipte-siif" && $2 != "s12-read" && $4 ~ /^[0-9]+$/ {
				if ($3 == p) { s += $4; n++ } if ($3 == "volatile") { v += $4; m++ } }
			END { if (n && m) printf " %-19s", sprintf("%.2fx", (s / n) / (v / m)); else printf " %-19s", "-" }' "$WORK/cells"
	done
	echo
	echo
done
