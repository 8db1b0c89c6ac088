#!/bin/sh
# x86's relative branches from the instruction memo (src/scan/insn-memo.h):
# capstone's answer for a jcc, jmp or call with a 1- or 4-byte
# displacement differs from another of the same opcode in the target
# alone, so one answer per opcode serves all, re-targeted -- 41% of what
# capstone still decoded on Debian's 6.1 vmlinux were such branches,
# whose bytes never repeat.  The test hook RWONCE_TEST_SCAN_INSN_MEMO=check
# decodes each with capstone too and counts those that differ; the
# function below has every kind twice, with targets written in hex and
# (below 10, in a program linked at address 0) in decimal, in x86-64
# and i386 code, objects and programs, and its -vv report must be the
# one capstone alone gives.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc
requires clang clang

cd "$TEST_TMP" || exit 1
cat >branches.c <<'C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
int flag, seen;
int spin(int n);
int spin(int n)
{
	int k = 0;

	/* each kind twice (the first is capstone's); linked at address
	 * 0, the first targets are written in decimal ("je 6" from the
	 * memo) */
	__asm__ volatile("jz 1f\n\tnop\n1:\tjz 2f\n\tnop\n2:\t"
			 "jmp 3f\n\tnop\n3:\tjmp 4f\n4:\n\t"
			 ".byte 0x0f, 0x85\n\t.long 0\n\t"  /* jne rel32 */
			 ".byte 0x0f, 0x85\n\t.long 0\n\t"
			 ".byte 0xe9\n\t.long 0\n\t"        /* jmp rel32 */
			 ".byte 0xe9\n\t.long -5\n\t"
			 ".byte 0xe8\n\t.long 0\n\t"        /* call rel32 */
			 ".byte 0xe8\n\t.long 0\n\t"
			 "jb 5f\n\tjb 5f\n\tjg 5f\n\tjg 5f\n5:");
	while (READ_ONCE(flag) != n) {
		if (++k > 100)
			return -1;
		seen += k & 1 ? 3 : 5;
	}
	return k;
}
C

scan() { # NAME FILE: -vv text, JSON, stderr (the hook's lines apart), status
	o=$1
	shift
	"$RWONCE" scan --no-progress -vv --color=never -j 1 \
		--output "json=$o.json" "$@" >"$o.out" 2>"$o.all"
	echo $? >"$o.rc"
	grep -v '^rwonce: test: .*instruction memo' "$o.all" >"$o.err"
	grep '^rwonce: test: .*instruction memo' "$o.all" >"$o.memo"
	:
}

same() { # A B
	for ext in out json rc err; do
		cmp "$1.$ext" "$2.$ext" || return 1
	done
}

check() { # NAME CC FLAGS...: the memo re-targets, and gives capstone's answers
	name=$1 cc=$2
	shift 2
	$cc -O2 -g -fno-pic -fcf-protection=none "$@" -c branches.c \
		-o "$name.o" &&
	$cc "$@" -nostdlib -static -Wl,-Ttext=0 -Wl,-e,spin -o "$name-prog" \
		"$name.o" &&
	for f in "$name.o" "$name-prog"; do
		RWONCE_TEST_SCAN_INSN_MEMO=check scan "$f-memo" "$f" &&
		RWONCE_TEST_SCAN_INSN_MEMO=off scan "$f-capstone" "$f" &&
		same "$f-memo" "$f-capstone" &&
		grep -q "; 1 site instance: ok 1" "$f-memo.err" &&
		# the second of each of the asm's kinds, and the
		# compiler's own (the program's "je 6" among them)
		grep -q " 0 of them not what capstone gives; [1-9][0-9] of them branches re-targeted" \
			"$f-memo.memo" || return 1
	done
}

test_expect_success 'gcc x86-64: relative branches re-targeted, as capstone gives them' '
	check gcc64 gcc -m64
'
test_expect_success 'clang x86-64: relative branches re-targeted, as capstone gives them' '
	check clang64 clang -m64
'
if printf 'int x;\n' | gcc -m32 -x c -c -o /dev/null - 2>/dev/null; then
	test_expect_success 'gcc i386: relative branches re-targeted, as capstone gives them' '
		check gcc32 gcc -m32
	'
else
	test_skip 'gcc i386: relative branches re-targeted, as capstone gives them' \
		'gcc -m32 cannot build here (package libc6-dev-i386)'
fi

test_done
