#!/bin/sh
# Discovery decides which candidate #defines are once-macros by lexing
# each and analysing its body, round after round.  A body makes a
# once-access only through a name of the table, a volatile cast or an
# __atomic_load/__atomic_store (atomic_load_explicit ...), so a
# definition that names none of them is decided without being lexed
# (issue #35: 149,230 candidates of Linux 4.14.5, 128 accesses in the
# first round).  The byte scan that says so must not miss what the
# lexer sees: a keyword or a builtin split by a line splice, a chain of
# macros found round after round.  RWONCE_TEST_DISCOVER_STATS counts the
# definitions lexed and not.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

printf '%s\n' '#define A(x) READ_ONCE(x)' '#define B(x) A(x)' \
	'#define C(x) (*(volatile int *)&(x))' \
	'#define D(x) (*(vola\' 'tile int *)&(x))' \
	'#define E(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)' \
	'#define F(x) __atomic_lo\' 'ad_n(&(x), __ATOMIC_RELAXED)' \
	'#define G(x) foo(x)' '#define H(x) bar(x) + baz(x)' \
	'#define I(x) READ_\' 'ONCE(x)' '#define J(x) B(x)' \
	'#define K(x) atomic_load_explicit(&(x), memory_order_relaxed)' >d.c
RWONCE_TEST_DISCOVER_STATS=1 "$TEST_TOOL" cfront macros d.c >out 2>&1
echo $? >rc
sed 's/ object=.*at / at /; s/:[^:]*$//' out >got
cat >want <<'EOW'
A read-once at d.c:1
B read-once at d.c:2
C access-once at d.c:3
D access-once at d.c:4
E read-once at d.c:6
F read-once at d.c:7
J read-once at d.c:13
K read-once at d.c:14
EOW

test_expect_success 'the test tool ran' '[ "$(cat rc)" = 0 ]'
test_expect_success 'every once-macro found, spliced ones too' '
	grep -v "^definitions" got >got.macros && diff -u want got.macros'
test_expect_success 'foo(x) and bar(x) + baz(x) are not lexed' '
	head -n 1 out | grep "^definitions: [0-9]* lexed, 2 not$"'
test_done
