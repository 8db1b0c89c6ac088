#!/bin/sh
# A volatile cast right after the head of an if, while, for or switch --
# musl's "if (next != &self->robust_list.head) *(volatile void *volatile
# *)(...) = prev;" -- is a dereference: the head's ')' ends no operand.
# fix took the '*' for a product and dropped the site without a word
# (audit did not report it either) when the head held more than a name,
# and left "if (c) *(volatile int *)p = 2;" as an ambiguous "(name) *".
# Now all eight sites of tests/fix/statement-head.c are converted; the
# cast after "(num)" outside a head stays ambiguous and is left with its
# note; the fixed file compiles (gcc, clang-19).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
F=$RWONCE_ROOT/tests/fix/statement-head.c
cp "$F" "$TEST_TMP/h.c"
cd "$TEST_TMP" || exit 1
line_of() { grep -nF "$1" h.c | cut -d: -f1; }
IF1=$(line_of 'if (c != 0)')
WHILE=$(line_of 'while (')
FOR=$(line_of 'for (c = 0')
NUM=$(line_of '(num) *')

test_expect_success 'audit: every site after a head is reported, fixable' "
	'$RWONCE' audit -q --no-progress h.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 9 &&
	grep -qx \"h.c:$IF1:14: note: hand-written volatile write of 'flag': use WRITE_ONCE(flag, value) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"h.c:$WHILE:34: note: hand-written volatile write of 'count': use WRITE_ONCE(count, value) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"h.c:$FOR:26: note: hand-written volatile write of 'count': use WRITE_ONCE(count, value) \\[volatile-cast\\]\" audit.txt &&
	test \$(grep -c 'rwonce fix leaves it' audit.txt) = 1 &&
	grep -q \"^h.c:$NUM:16: .*rwonce fix leaves it: after \\\"(name) \\*\\\"\" audit.txt"

test_expect_success 'fix: the eight sites converted, the ambiguous one left' "
	'$RWONCE' fix h.c >fix.diff 2>fix.err; test \$? = 1 &&
	grep -qx '+	if (c != 0) WRITE_ONCE(flag, 1);' fix.diff &&
	grep -qx '+	if (c) WRITE_ONCE(\\*p, 2);' fix.diff &&
	grep -qx '+	while (!READ_ONCE(flag)) WRITE_ONCE(count, c);' fix.diff &&
	grep -qx '+	for (c = 0; c < 2; c++) WRITE_ONCE(count, c);' fix.diff &&
	grep -qx '+	switch (c) { case 0: WRITE_ONCE(flag, 0); break; }' fix.diff &&
	grep -qx '+	count = (c) \\* READ_ONCE(\\*p);' fix.diff &&
	grep -qx '+	count = (c) + READ_ONCE(\\*p);' fix.diff &&
	test \$(grep -c '^-[^-]' fix.diff) = 7 &&
	grep -q 'rwonce fix: 8 sites to convert in 1 file, 1 left unchanged' fix.err"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the fixed file compiles" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: the original and the fixed file compile (-Wall -Werror)" "
		$cc -std=gnu11 -Wall -Werror -O2 -c -o o.o '$F' &&
		'$RWONCE' fix -q --in-place h.c >/dev/null 2>&1; test \$? -le 1 &&
		$cc -std=gnu11 -Wall -Werror -O2 -I'$RWONCE_ROOT/include' -c -o f.o h.c"
done

test_done
