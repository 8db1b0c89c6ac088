#!/bin/sh
# A storage-class or attribute macro before a declaration's type keeps
# the declaration typed: HAProxy declares its descriptor table
# "extern THREAD_LOCAL struct fdtab *fdtab;" with THREAD_LOCAL a macro
# for __thread, and the front end took THREAD_LOCAL for a typedef name,
# so every operand through fdtab was "type of the operand unknown" and
# its volatile read of an 8-byte struct of two ints (src/fd.c,
# "*(volatile typeof(fdtab->update) *)&fdtab[fd].update") was no
# volatile-aggregate error.  No typedef name can stand before a type
# keyword, so an identifier there is such a macro; before an attribute
# ("static bool __maybe_unused f(", the kernel's bool a typedef) it is
# the type, and the parameters stay typed.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$TEST_TMP" || exit 1
mkdir tree
cat >tree/fd.h <<'EOF_H'
#define THREAD_LOCAL __thread
#define MY_SHARED
struct fdlist_entry { int next; int prev; };
struct fdtab { unsigned int state; struct fdlist_entry update; };
extern THREAD_LOCAL struct fdtab *fdtab;
static MY_SHARED unsigned long counter;
/* a typedef name before a qualifier is still a typedef name */
typedef long my_long;
extern my_long const limit;
typedef _Bool bool;
#define __maybe_unused __attribute__((unused))
EOF_H
cat >tree/fd.c <<'EOF_C'
#include "fd.h"
struct fdlist_entry f(int fd)
{
	return *(volatile typeof(fdtab->update) *)&fdtab[fd].update;
}
unsigned int g(int fd)
{
	return *(volatile unsigned int *)&fdtab[fd].state;
}
unsigned long h(void)
{
	return *(volatile unsigned long *)&counter + *(volatile my_long *)&limit;
}
static bool __maybe_unused idle(struct fdlist_entry *e, struct fdtab *p,
				unsigned long flags)
{
	return *(volatile unsigned int *)&p->state == 0;
}
EOF_C

"$RWONCE" audit --no-progress tree >out 2>err
echo $? >rc
test_expect_success 'the run has findings (exit 1)' 'test "$(cat rc)" = 1'
test_expect_success 'the struct read through THREAD_LOCAL fdtab is a volatile-aggregate error' '
	grep -q "fd.c:4:.*error: hand-written volatile read of struct .struct fdlist_entry. .*\[volatile-aggregate\]" out'
test_expect_success 'the scalar member through fdtab is typed (no "type of the operand unknown")' '
	grep -q "fd.c:8:.*use READ_ONCE(fdtab\[fd\]\.state)" out &&
	! grep "fd.c:8:.*unknown" out'
test_expect_success 'an empty attribute macro before the type: typed too' '
	grep -q "fd.c:12:.*use READ_ONCE(counter)" out && ! grep "fd.c:12:.*READ_ONCE(counter).*unknown" out'
test_expect_success 'a typedef name before const stays the type' '
	grep -q "fd.c:12:.*use READ_ONCE(limit)" out && ! grep "fd.c:12:.*READ_ONCE(limit).*unknown" out'
test_expect_success 'a typedef name before an attribute is the type: the parameters stay typed (Linux 3.17 tree_plugin.h)' '
	grep -q "fd.c:17:.*use READ_ONCE(p->state)" out && ! grep "fd.c:17:.*unknown" out'

"$RWONCE" fix tree >diff 2>notes
test_expect_success 'fix converts the scalar read through fdtab' '
	grep -q "^+	return READ_ONCE(fdtab\[fd\]\.state);" diff'
test_done
