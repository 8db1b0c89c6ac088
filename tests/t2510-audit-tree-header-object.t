#!/bin/sh
# A volatile read of an object whose struct is defined in a header the
# file includes as <proj/x.h>: HAProxy's src/fd.c:198,
# "*(volatile typeof(fdtab->update) *)&fdtab[fd].update", fdtab defined
# in src/fd.c, struct fdtab in <haproxy/fd-t.h> (through <haproxy/fd.h>).  audit's lexical
# engine types a file from its "local.h" headers, so the operand was
# "type unknown" and the read of an 8-byte struct of two ints -- which
# clang 19 compiles to two 4-byte loads inside a compare-and-swap loop,
# a torn read rwonce scan finds -- was no volatile-aggregate error.  Now
# (issue 31) the volatile-aggregate rule asks the tree's headers when the
# file's own index cannot type the object.  A scalar member read the same
# way is no aggregate; an object no header of the tree declares stays
# unknown (no error).  fix is unchanged: it leaves the sites, as before.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/include/proj tree/src
cat >tree/include/proj/fd-t.h <<'EOF_H'
struct fdlist_entry { int next; int prev; };
struct fdtab { unsigned int state; struct fdlist_entry update; };
EOF_H
cat >tree/include/proj/fd.h <<'EOF_H'
#include <proj/fd-t.h>
#define THREAD_LOCAL __thread
extern THREAD_LOCAL struct fdtab *fdtab;
EOF_H
cat >tree/src/fd.c <<'EOF_C'
#include <proj/fd.h>
THREAD_LOCAL struct fdtab *fdtab = 0;
struct fdlist_entry f(int fd)
{
	return *(volatile typeof(fdtab->update) *)&fdtab[fd].update;
}
unsigned int g(int fd)
{
	return *(volatile unsigned int *)&fdtab[fd].state;
}
struct fdlist_entry h(int fd)
{
	return *(volatile typeof(nowhere->update) *)&nowhere[fd].update;
}
EOF_C

"$RWONCE" audit --no-progress tree >out 2>err
echo $? >rc
test_expect_success 'the run has findings (exit 1)' 'test "$(cat rc)" = 1'
test_expect_success 'the struct read through an extern of <proj/fd.h> is a volatile-aggregate error' '
	grep -q "fd.c:5:.*error: hand-written volatile read of struct .struct fdlist_entry. (2 storage units, the narrowest 4 bytes).*\[volatile-aggregate\]" out'
test_expect_success 'the scalar member read the same way is no aggregate' '
	grep -q "fd.c:9:.*use READ_ONCE(fdtab\[fd\]\.state)" out &&
	! grep "fd.c:9:.*volatile-aggregate" out'
test_expect_success 'an object no header declares: no aggregate error' '
	grep -q "fd.c:13:.*volatile-cast" out &&
	! grep "fd.c:13:.*volatile-aggregate" out'
test_expect_success 'two findings of volatile-aggregate? no: one' '
	test "$(grep -c "volatile-aggregate\]" out)" = 1'
test_done
