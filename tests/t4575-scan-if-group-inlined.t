#!/bin/sh
# A site inside a conditional group of a function that is only an
# abstract origin (inlined, no copy with code) may have been left out by
# the preprocessor: the coverage note says both and names the group's
# line.  Linux 6.12's tools/include/linux/ring_buffer.h holds the
# READ_ONCE of ring_buffer_read_head() in the #else of an #if for
# x86-64, and scan said only "inlined away: ... no copy has code" of
# it.  A site of an inlined-away function outside any group keeps the
# plain reason.  A run whose sites were all found without code says so
# when it checked nothing, not that no once-macro was found.
. "$(dirname "$0")/lib/tap.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
cat >g.c <<'EOF_C'
#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

static inline int grouped(int v)
{
#ifdef RWONCE_NEVER_DEFINED
	return READ_ONCE(v);
#else
	return v + 1;
#endif
}

static inline int plain(int v)
{
	return READ_ONCE(v);
}

int user(int v)
{
	return grouped(v) * 0 + plain(v) * 0 + v;
}
EOF_C

gcc -O2 -g -c g.c -o g.o 2>cc.err || { cat cc.err; exit 1; }
"$RWONCE" scan -v --json g.o >out 2>err
echo $? >rc
test_expect_success 'the READ_ONCE under #ifdef names the group (line 5)' "
	grep -q 'g.c:6:[0-9]*: note: READ_ONCE(v) in .grouped.: inlined away, or left out by the preprocessor: its function is only an abstract origin, no copy has code, and the line is in the conditional group of line 5$' err"
test_expect_success 'the site outside any group keeps the plain reason' "
	grep -q 'g.c:14:[0-9]*: note: READ_ONCE(v) in .plain.: inlined away: its function is only an abstract origin, no copy has code$' err"
test_expect_success 'the JSON keeps the reason key, with the longer why' "
	grep -q '\"line\": 6, .*\"reason\": \"inlined_away\", \"why\": \"inlined away, or left out by the preprocessor' out"
test_expect_success 'nothing checked: exit 2, saying the sites were found and have no code' '
	test "$(cat rc)" = 2 &&
	grep -q "error: nothing checked: 2 once-access sites found in the 1 source read, none with code in this build (-v says why of each): build what uses them, name the project.s other once-macros with --macro NAME=KIND, check the accesses to objects declared volatile with --volatile-objects, or --allow-empty" err &&
	! grep -q "no once-macro or once-accessor of the project was found" err'
test_done
