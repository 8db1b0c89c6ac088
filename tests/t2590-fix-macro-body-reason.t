#!/bin/sh
# fix leaves every volatile cast in a macro's body.  Its reason said
# "whether it is a read or a write, and of which type, depends on each
# place the macro is used" for all of them, also where the body itself
# says it -- LLVM's #define LLVM_BUILTIN_TRAP *(volatile int*)0x11 = 0 is
# a write, and audit calls it one.  Only a cast that is the whole body
# (within grouping parentheses) is decided by its uses; for the others
# the reason is that fix rewrites code, not macro definitions.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
cat >m.c <<'EOF2'
#define TRAP *(volatile int *)0x11 = 0
#define READ_REG(a) (*(volatile unsigned *)(a))
#define BUMP(p) do { (*(volatile int *)(p))++; } while (0)

void trap(void) { TRAP; }
unsigned rd(unsigned long a) { return READ_REG(a); }
void bump(int *p) { BUMP(p); }
EOF2
cp m.c m.c.orig

test_expect_success 'a body that writes: fix does not rewrite macro definitions' '
	"$RWONCE" fix m.c >diff 2>err; test $? = 1 &&
	test ! -s diff &&
	grep -q "^m\.c:1:14: note: volatile cast left unchanged: inside a macro body: fix rewrites code, not the definitions of macros" err &&
	grep -q "^m\.c:3:23: note: volatile cast left unchanged: inside a macro body: fix rewrites code, not the definitions of macros" err
'

test_expect_success 'a body that is the access: each use decides' '
	grep -q "^m\.c:2:22: note: volatile cast left unchanged: inside a macro body: whether it is a read or a write, and of which type, depends on each place the macro is used" err
'

test_expect_success 'audit gives the same reason, and the file is as it was' '
	"$RWONCE" audit m.c >out 2>/dev/null; test $? = 1 &&
	grep -q "volatile write of .*fix leaves it: inside a macro body: fix rewrites code" out &&
	cmp m.c m.c.orig
'
test_done
