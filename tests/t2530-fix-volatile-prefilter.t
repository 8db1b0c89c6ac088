#!/bin/sh
# fix reads again, lexes and rewrites only the files that may hold a
# volatile cast (volatile_cast_may_be_in(), src/cfront/idioms.h), not every
# file that names volatile (issue #35: half of the files of Linux 4.14.5
# that say volatile hold none -- asm volatile, static volatile int x;).  In
# every cast fix takes, the keyword is inside the cast's parentheses with
# only identifiers and '*' before it, and only identifiers and '*' after
# it up to the ')', which a '*' comes right before; a comment, a line
# splice or a line comment on the line before may come between, and then
# the file is read and looked at as before (a note says why the cast is
# left).
. "$(dirname "$0")/lib/tap.sh"
requires strace strace

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
need_cmd strace
cd "$TEST_TMP" || exit 1

. "$RWONCE_ROOT/tests/lib/opens.sh"

mkdir -p t
# no cast: read by the walk only
printf '%s\n' 'static volatile int flag;' 'int volatile *p, volatile q;' \
	'void f(void) { asm volatile("" ::: "memory"); __asm__ __volatile__("nop"); }' \
	'/* a; volatile in a comment */ int g;' \
	'void h(volatile int *p, const volatile char *q);' \
	'int k(void) { return (int)sizeof(volatile int); }' >t/none.c
# casts, each with something between its '(' and its volatile
printf '%s\n' 'int x;' 'int a(void) { return *(volatile int *)&x; }' >t/plain.c
printf '%s\n' 'int x;' 'int b(void) { return *(const volatile int *)&x; }' >t/qual.c
printf '%s\n' 'int x;' 'int c(void) { return *(/* c */ volatile int *)&x; }' >t/comment.c
printf '%s\n' 'int x;' 'int e(void) { return *(int // why' '	volatile *)&x; }' >t/linecomment.c
printf '%s\n' 'int x;' 'int s(void) { return *(int \' '	volatile *)&x; }' >t/splice.c
printf '%s\n' 'int x;' 'int h(void) { return *(__volatile__ int *)&x; }' >t/under.c
# brackets that do not balance: the cast's '(' pairs with a ']' (and a
# typeof's with a '}'), as the lexical engine pairs them
printf '%s\n' 'int x;' 'int m(void) { return *(volatile int *]&x; }' >t/bracket.c
printf '%s\n' 'int x;' 'int n(void) { return *(typeof(x} volatile *)&x; }' >t/typeofbr.c
traced_fix t t

test_expect_success 'each cast is converted, or left with a note as before (exit 1)' '
	[ "$(cat t.rc)" = 1 ] &&
	for f in plain qual under bracket typeofbr; do
		grep -q "^+++ b/t/$f.c\$" t.diff || { echo "no $f.c"; return 1; }
	done &&
	grep -q "^t/comment.c:2:22: note: volatile cast left unchanged: a comment or line splice inside the cast" t.err &&
	grep -q "^t/linecomment.c:2:22: note: volatile cast left unchanged: a comment or line splice inside the cast" t.err &&
	grep -q "^t/splice.c:2:22: note: volatile cast left unchanged: a comment or line splice inside the cast" t.err'
test_expect_success 'a file where no volatile can be in a cast is opened once' '
	[ "$(opens t.trace t/none.c)" = 1 ]'
test_expect_success 'the files with a cast are read again' '
	for f in plain qual comment linecomment splice under bracket typeofbr; do
		[ "$(opens t.trace t/$f.c)" = 2 ] || { echo "$f.c"; return 1; }
	done'
test_done
