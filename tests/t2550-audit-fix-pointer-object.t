#!/bin/sh
# A volatile cast of a pointer object -- the volatile on the level the
# dereference accesses, (void *volatile *) or musl's (volatile void
# *volatile *) -- is one volatile access of a pointer: audit reports it
# (it did not: the lexical idiom took "<specifiers with volatile> *"
# only, so musl's three robust-list writes went unseen while the clang
# engine saw them), fix converts the exact ones, and leaves with the
# reason a cast or object whose pointee is qualified (READ_ONCE of the
# pointer has the object's own type: **(volatile int *volatile *)&p
# would lose the volatile of the int read through it) and pointer
# arithmetic.  audit's advice keeps the pointee's qualifiers
# (*(volatile void **)prev).  A '*' inside typeof(*p) is no level of its
# own: *(volatile __typeof__(*p) *)p stays READ_ONCE(*p).  The fixed
# fixture compiles (gcc, clang-19).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
F=$RWONCE_ROOT/tests/fix/pointer-object.c
cp "$F" "$TEST_TMP/p.c"
cd "$TEST_TMP" || exit 1

test_expect_success 'audit: the seven pointer-object casts, three fixable; typeof(*p) one level' "
	'$RWONCE' audit -q --no-progress p.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 9 &&
	grep -qx \"p.c:43:9: note: hand-written volatile read of '\\*p': use READ_ONCE(\\*p) \\[volatile-cast\\]\" audit.txt &&
	grep -q \"^p.c:46:18: note: hand-written volatile access of '\\*x', the body of macro 'LOAD': each use decides what it does, and this file has none; use READ_ONCE(\\*x) where a use reads\" audit.txt &&
	grep -qx \"p.c:16:9: note: hand-written volatile read of 'head': use READ_ONCE(head) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"p.c:21:2: note: hand-written volatile write of '\\*pp': use WRITE_ONCE(\\*pp, value) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"p.c:22:2: note: hand-written volatile write of '\\*slot': use WRITE_ONCE(\\*slot, value) \\[volatile-cast\\]\" audit.txt &&
	grep -q \"^p.c:27:2: note: hand-written volatile write of '\\*prev': use WRITE_ONCE(\\*(volatile void \\*\\*)prev, value); rwonce fix leaves it: a pointer to a qualified type\" audit.txt &&
	grep -q '^p.c:32:2: .*rwonce fix leaves it: the pointer is an expression' audit.txt &&
	grep -q '^p.c:37:10: .*rwonce fix leaves it: a pointer to a qualified type' audit.txt &&
	grep -q '^p.c:37:47: .*rwonce fix leaves it: a pointer to a qualified type' audit.txt"

test_expect_success 'audit --format=json: four fixable, five not' "
	'$RWONCE' audit --format=json --no-progress p.c >audit.json; test \$? = 1 &&
	test \$(grep -c '\"fixable\": true' audit.json) = 4 &&
	test \$(grep -c '\"fixable\": false' audit.json) = 5"

test_expect_success 'fix: the four exact casts, nothing else' "
	'$RWONCE' fix p.c >fix.diff 2>fix.err; test \$? = 1 &&
	test \$(grep -c '^-[^-]' fix.diff) = 4 &&
	grep -qx '+	return READ_ONCE(\\*p);' fix.diff &&
	grep -qx '+	return READ_ONCE(head);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*pp, v);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*slot, v);' fix.diff &&
	grep -qx '+#include <rwonce.h>' fix.diff &&
	test \$(grep -c 'volatile cast left unchanged' fix.err) = 5 &&
	grep -q 'rwonce fix: 4 sites to convert in 1 file, 5 left unchanged' fix.err"

test_expect_success 'fix --in-place: idempotent, the left casts still reported' "
	'$RWONCE' fix -q --in-place p.c; test \$? = 1 &&
	'$RWONCE' fix p.c >again.diff 2>again.err; test \$? = 1 && test ! -s again.diff &&
	'$RWONCE' audit -q --no-progress p.c >after.txt; test \$? = 1 &&
	test \$(grep -c 'rwonce fix leaves it' after.txt) = 5"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the fixed file compiles" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: the original and the fixed file compile (-Wall -Werror, -O0 and -O2)" "
		$cc -std=gnu11 -Wall -Werror -O0 -c -o o0.o '$F' &&
		$cc -std=gnu11 -Wall -Werror -O0 -I'$RWONCE_ROOT/include' -c -o f0.o p.c &&
		$cc -std=gnu11 -Wall -Werror -O2 -I'$RWONCE_ROOT/include' -c -o f2.o p.c"
done

test_done
