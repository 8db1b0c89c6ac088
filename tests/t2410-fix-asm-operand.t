#!/bin/sh
# rwonce fix leaves once-accesses inside asm operands as they are (issue 31):
# "m" (*(volatile uint32_t *)p) names the lock word for the asm, which
# makes the access through its address; READ_ONCE(*p) there is a value --
# gcc 12 hands the asm a copy on the stack (the xchg then swaps the copy),
# clang 19 refuses it.  The fixture tests/fix/asm-operand.c (an xchg, a
# locked inc and add, a load through a macro operand; ldxr/stxr loops on
# aarch64) is fixed, compiled by gcc and clang-19 for x86-64 and aarch64,
# run (exit 0 only when the asm changed the lock word), and its machine
# code read: each asm addresses the pointer argument's register, never the
# stack.  Controls: the rewrite the old fix made does not compile or does
# not change the lock word; audit's advice ("name the object itself")
# compiles and works.
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires aarch64-linux-gnu-objdump binutils-aarch64-linux-gnu
requires qemu-aarch64 qemu-user

FIX="$RWONCE_ROOT/tests/fix"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
[ "$(uname -m)" = x86_64 ] || skip_all "the x86-64 cases run the program natively: not an x86-64 machine"

CFLAGS="-std=gnu11 -O2 -Wall -Werror -I$RWONCE_ROOT/include"

test_expect_success 'fix: diff and notes are the golden ones' "
	cd '$FIX' && '$RWONCE' fix asm-operand.c >'$TEST_TMP/out.diff' 2>'$TEST_TMP/out.notes'
	test \$? = 1 &&
	diff -u asm-operand.diff '$TEST_TMP/out.diff' &&
	diff -u asm-operand.notes '$TEST_TMP/out.notes'"
test_expect_success 'every asm operand is left, with the reason' "
	test \$(grep -c 'left unchanged: an operand of an asm statement' '$TEST_TMP/out.notes') = 7 &&
	! grep -E '^\\+[^+].*(asm|\"m\"|\"\\+[mQ]\")' '$TEST_TMP/out.diff' &&
	grep -q '^+.*READ_ONCE(flag) == 10' '$TEST_TMP/out.diff'"

mkdir -p "$TEST_TMP/fixed" "$TEST_TMP/old" "$TEST_TMP/advice"
cp "$FIX/asm-operand.c" "$FIX/kernel-access-once.h" "$TEST_TMP/fixed/"
cp "$FIX/asm-operand.c" "$FIX/kernel-access-once.h" "$TEST_TMP/advice/"
test_expect_success 'fix --in-place writes the fixed program' "
	cd '$TEST_TMP/fixed' && '$RWONCE' fix -q --in-place asm-operand.c; test \$? = 1 &&
	grep -q 'READ_ONCE(flag)' asm-operand.c"
# The rewrite the fix before issue 31 made: READ_ONCE(*p) in every operand
# (on fix's output, which has READ_ONCE from rwonce.h).
cp "$TEST_TMP/fixed/asm-operand.c" "$TEST_TMP/fixed/kernel-access-once.h" "$TEST_TMP/old/"
sed -i 's/(\*(volatile uint32_t \*)p)/(READ_ONCE(*p))/; s/ACCESS_ONCE(\*p)/READ_ONCE(*p)/' \
	"$TEST_TMP/old/asm-operand.c"
# audit's advice: the object itself, *p, as the operand.
sed -i 's/(\*(volatile uint32_t \*)p)/(*p)/; s/ACCESS_ONCE(\*p)/*p/' "$TEST_TMP/advice/asm-operand.c"
test_expect_success 'the controls differ from the fixture where meant' "
	grep -q '\"m\"(READ_ONCE(\*p))' '$TEST_TMP/old/asm-operand.c' &&
	grep -q '\"+Q\"(\*p)' '$TEST_TMP/advice/asm-operand.c'"

# $1: objdump, $2: program, $3: function: its instructions, one a line
insns() {
	"$1" -d --no-show-raw-insn "$2" |
		awk -v f="<$3>:" '$2 == f { on = 1; next } on && /^$/ { exit } on'
}

# x86-64, natively
for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc x86-64: the fixed program compiles, runs and swaps the lock word" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc x86-64: the fixed program compiles, runs and swaps the lock word" "
		$cc $CFLAGS -o '$TEST_TMP/fixed-$cc' '$TEST_TMP/fixed/asm-operand.c' &&
		'$TEST_TMP/fixed-$cc'"
	for fn in xchg32:xchg inc32:inc add32:add peek32:mov; do
		test_expect_success "$cc x86-64: ${fn%%:*}'s asm addresses the pointer (%rdi), not the stack" "
			insns objdump '$TEST_TMP/fixed-$cc' ${fn%%:*} >'$TEST_TMP/$cc-${fn%%:*}.s' &&
			grep -E '${fn#*:}.*\\(%rdi\\)' '$TEST_TMP/$cc-${fn%%:*}.s' &&
			! grep -q '%rsp' '$TEST_TMP/$cc-${fn%%:*}.s'"
	done
	test_expect_success "$cc x86-64: audit's advice (the object itself) compiles and works" "
		$cc $CFLAGS -o '$TEST_TMP/advice-$cc' '$TEST_TMP/advice/asm-operand.c' &&
		'$TEST_TMP/advice-$cc' &&
		insns objdump '$TEST_TMP/advice-$cc' xchg32 | grep -E 'xchg.*\\(%rdi\\)'"
done
if have_cmd clang-19; then
	test_expect_success 'control: clang-19 refuses the old rewrite "m"(READ_ONCE(*p))' "
		! clang-19 -std=gnu11 -O2 -I'$RWONCE_ROOT/include' -c -o /dev/null \
			'$TEST_TMP/old/asm-operand.c' 2>'$TEST_TMP/old-clang.err' &&
		grep -q 'invalid lvalue in asm' '$TEST_TMP/old-clang.err'"
fi
# gcc accepts an input "m" of a value: it copies it to the stack.  Only the
# xchg rewritten, so that the rest compiles.
sed 's/(\*(volatile uint32_t \*)p), "0"/(READ_ONCE(*p)), "0"/' "$TEST_TMP/fixed/asm-operand.c" \
	>"$TEST_TMP/old/xchg-only.c"
test_expect_success 'control: gcc compiles the old xchg rewrite with a warning, and the xchg swaps a copy on the stack' "
	grep -q '\"m\"(READ_ONCE(\*p)), \"0\"' '$TEST_TMP/old/xchg-only.c' &&
	gcc -std=gnu11 -O2 -I'$RWONCE_ROOT/include' -o '$TEST_TMP/old-gcc' \
		'$TEST_TMP/old/xchg-only.c' 2>'$TEST_TMP/old-gcc.err' &&
	grep -q 'not directly addressable' '$TEST_TMP/old-gcc.err' &&
	! '$TEST_TMP/old-gcc' &&
	insns objdump '$TEST_TMP/old-gcc' xchg32 | grep -E 'xchg.*\\(%rsp\\)'"

# aarch64: ldxr/stxr on the lock word, run under qemu-user
for cc in aarch64-linux-gnu-gcc clang-19; do
	a64cc=$cc
	[ $cc = clang-19 ] && a64cc="clang-19 --target=aarch64-linux-gnu"
	name="$cc aarch64: the fixed program compiles, runs under qemu and its ldxr/stxr address the pointer's register, not sp"
	if ! have_cmd $cc || ! have_cmd aarch64-linux-gnu-gcc || ! have_cmd qemu-aarch64 ||
	   ! have_cmd aarch64-linux-gnu-objdump; then
		test_skip "$name" "$(missing_why $cc aarch64-linux-gnu-gcc qemu-aarch64 aarch64-linux-gnu-objdump)"
		continue
	fi
	test_expect_success "$name" "
		$a64cc $CFLAGS -static -o '$TEST_TMP/a64-$cc' '$TEST_TMP/fixed/asm-operand.c' &&
		qemu-aarch64 '$TEST_TMP/a64-$cc' &&
		insns aarch64-linux-gnu-objdump '$TEST_TMP/a64-$cc' xchg32 >'$TEST_TMP/a64-$cc.s' &&
		grep -E 'ldxr.*\\[x[0-9]+\\]' '$TEST_TMP/a64-$cc.s' &&
		grep -E 'stxr.*\\[x[0-9]+\\]' '$TEST_TMP/a64-$cc.s' &&
		! grep -q 'sp' '$TEST_TMP/a64-$cc.s'"
done

# audit: reported, with advice that compiles (above), never "use READ_ONCE"
test_expect_success 'audit reports each asm operand with the object itself as advice' "
	cd '$FIX' && '$RWONCE' audit --no-source asm-operand.c >'$TEST_TMP/audit.txt'
	test \$? = 1 &&
	test \$(grep -c 'asm operand' '$TEST_TMP/audit.txt') = 7 &&
	test \$(grep -c 'name the object itself (\*p)' '$TEST_TMP/audit.txt') = 4 &&
	test \$(grep -c 'write \*p itself, not READ_ONCE(\*p)' '$TEST_TMP/audit.txt') = 2 &&
	! grep 'asm operand.*: use READ_ONCE' '$TEST_TMP/audit.txt'"

test_done
