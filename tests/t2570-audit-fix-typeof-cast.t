#!/bin/sh
# A volatile cast whose type is spelled with typeof before the qualifier,
# *(__typeof__(*q) volatile *)q, is a volatile-cast site like *(volatile
# int *)q.  It was not: the quick look for 'volatile' before the cast's
# ')' stopped at typeof's own ')', so audit and fix never saw it (and
# scan took no site there).  typeof(*q) or typeof(q[0]) of the very
# pointer names what q points to, so fix converts it to READ_ONCE(*q) /
# WRITE_ONCE(*q, v) even where q's type is not known to the file (the
# same rule as typeof(x) of *(volatile typeof(x) *)&x); a struct it
# leaves with the reason, and an _Atomic one (since typeindex reads
# _Atomic(int) as int, it was taken for exact: READ_ONCE would drop the
# atomic access).  The fixed file compiles (gcc, clang-19).
. "$(dirname "$0")/lib/tap.sh"
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
mkdir inc orig
echo 'typedef unsigned long T;' >inc/unknown-type.h
cat >orig/t.c <<'EOF'
/* Volatile casts whose type is spelled with typeof, beside the plain
 * spelling: one volatile access of what the pointer points to. */
#include "unknown-type.h"

struct pair { int a, b; };

int typeof_read_write(int *q, int v)
{
	int a = *(__typeof__(*q) volatile *)q;
	*(__typeof__(*q) volatile *)q = v;
	int b = *(volatile int *)q;
	return a + b;
}

/* T comes from a header not next to this file: typeof(*q) names what q
 * points to whatever T is */
T unknown_pointee(T *q, T v)
{
	*(__typeof__(*(q)) volatile *)(q) = v;
	return *(typeof(q[0]) volatile *)q;
}

/* a struct of two ints: no READ_ONCE of it, whatever the spelling */
struct pair aggregate(struct pair *sp)
{
	return *(__typeof__(*sp) volatile *)sp;
}

/* an atomic access is no READ_ONCE */
int atomic_read(int *q)
{
	return *(_Atomic(int) volatile *)q;
}
EOF
cp orig/t.c t.c
F=$TEST_TMP/orig/t.c
INC=$TEST_TMP/inc

test_expect_success 'audit: the typeof casts are sites, the struct one not fixable' "
	'$RWONCE' audit -q --no-progress t.c >audit.txt; test \$? = 1 &&
	test \$(grep -c '\\[volatile-cast\\]\$' audit.txt) = 7 &&
	grep -qx \"t.c:9:10: note: hand-written volatile read of '\\*q': use READ_ONCE(\\*q) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"t.c:10:2: note: hand-written volatile write of '\\*q': use WRITE_ONCE(\\*q, value) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"t.c:19:2: note: hand-written volatile write of '\\*q': use WRITE_ONCE(\\*q, value) \\[volatile-cast\\]\" audit.txt &&
	grep -qx \"t.c:20:9: note: hand-written volatile read of '\\*q': use READ_ONCE(\\*q) \\[volatile-cast\\]\" audit.txt &&
	grep -q \"^t.c:26:9: .*rwonce fix leaves it: the pointed-to type is a struct or union\" audit.txt &&
	grep -q \"^t.c:32:9: .*rwonce fix leaves it: an _Atomic type: READ_ONCE() or WRITE_ONCE() would make a plain access\" audit.txt"

test_expect_success 'fix: READ_ONCE(*q) and WRITE_ONCE(*q, v), the struct left' "
	'$RWONCE' fix t.c >fix.diff 2>fix.err; test \$? = 1 &&
	test \$(grep -c '^-[^-]' fix.diff) = 5 &&
	grep -qx '+	int a = READ_ONCE(\\*q);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*q, v);' fix.diff &&
	grep -qx '+	WRITE_ONCE(\\*(q), v);' fix.diff &&
	grep -qx '+	return READ_ONCE(\\*q);' fix.diff &&
	grep -q 'rwonce fix: 5 sites to convert in 1 file, 2 left unchanged' fix.err"

test_expect_success 'fix --in-place: idempotent' "
	'$RWONCE' fix -q --in-place t.c; test \$? = 1 &&
	'$RWONCE' fix t.c >again.diff 2>/dev/null; test \$? = 1 && test ! -s again.diff"

for cc in gcc clang-19; do
	if ! have_cmd $cc; then
		test_skip "$cc: the fixed file compiles" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: the original and the fixed file compile (-Wall -Werror, -O0 and -O2)" "
		$cc -std=gnu11 -Wall -Werror -O0 -I'$INC' -c -o o0.o '$F' &&
		$cc -std=gnu11 -Wall -Werror -O0 -I'$INC' -I'$RWONCE_ROOT/include' -c -o f0.o t.c &&
		$cc -std=gnu11 -Wall -Werror -O2 -I'$INC' -I'$RWONCE_ROOT/include' -c -o f2.o t.c"
done

test_done
