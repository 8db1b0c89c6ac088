#!/bin/sh
# An asm operand whose constraint is a macro -- musl's mips
# LLSC_M(*(void *volatile *)p), Linux's mips "=" GCC_OFF_SMALL_ASM() (*m)
# -- is an asm operand: the '(' after the macro's name looked like a
# call's, so audit advised READ_ONCE and fix wrote LLSC_M(READ_ONCE(*p)),
# handing the asm a value (gcc copies it to the stack, clang refuses it).
# Now the group around such a '(' is followed out to the asm statement's
# own '(' past a ':'.  A call's argument stays a site, also inside an
# "r" operand (a value: before, it was taken for a memory operand and
# left).  tests/fix/asm-constraint-macro.c: three operands noted and left,
# three sites converted; the fixed file compiles (gcc, clang-19).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
F=$RWONCE_ROOT/tests/fix/asm-constraint-macro.c
cp "$F" "$TEST_TMP/a.c"
cd "$TEST_TMP" || exit 1

test_expect_success 'audit: the three macro-constraint operands are asm operands, the three calls sites' "
	'$RWONCE' audit -q --no-progress a.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 6 &&
	for at in 12:46 18:40 19:36; do
		grep -q \"^a.c:\$at: note: volatile cast in an asm operand\" audit.txt || exit 1
	done &&
	for at in 29:16 31:49 32:19; do
		grep -q \"^a.c:\$at: note: hand-written volatile read of '\\\\*p': use READ_ONCE(\\\\*p) \\\\[\" audit.txt || exit 1
	done"

test_expect_success 'fix: no READ_ONCE in an asm operand; the calls converted' "
	'$RWONCE' fix a.c >fix.diff 2>fix.err; test \$? = 1 &&
	! grep -q '^+.*LLSC_M(READ_ONCE' fix.diff &&
	! grep -q '^+.*OFF_ASM() (READ_ONCE' fix.diff &&
	test \$(grep -c '^-[^-]' fix.diff) = 3 &&
	grep -qx '+	int v = twice(READ_ONCE(\\*p));' fix.diff &&
	grep -qx '+	__asm__ __volatile__ (\"\" : \"=r\"(v) : \"r\"(twice(READ_ONCE(\\*p))));' fix.diff &&
	grep -qx '+	return c ? twice(READ_ONCE(\\*p)) : v;' fix.diff &&
	test \$(grep -c 'left unchanged: an operand of an asm statement' fix.err) = 3"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the fixed file compiles" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: the original and the fixed file compile (-Wall -Werror)" "
		cp '$F' b.c &&
		$cc -std=gnu11 -Wall -Werror -O2 -c -o o.o b.c &&
		'$RWONCE' fix -q --in-place b.c >/dev/null 2>&1; test \$? -le 1 &&
		$cc -std=gnu11 -Wall -Werror -O2 -I'$RWONCE_ROOT/include' -c -o f.o b.c"
done

test_done
