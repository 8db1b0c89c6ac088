#!/bin/sh
# Two inputs a run did not read or write, now named with the reason.
# 1. A symbolic link with a C file's name inside a folder walked (no -L)
#    was skipped in silence.  A link to a file the walk reads anyway (in
#    the folders walked, with a C name) still is -- Linux's 13 such links
#    all lead into its own tree -- but one to a file outside them, or to
#    a file not read as C, is a warning naming where it leads: audit of
#    Linux's tools/testing/selftests/powerpc alone did not read ten
#    headers it links from arch/powerpc.  With -L, such a link to a
#    file the walk reads where it is was read twice (two findings of
#    one site); now once.
# 2. fix --in-place refuses a file whose group it cannot keep (a user
#    owning a file in a group the user is not in); it said "cannot keep
#    its owner".  Run as nobody, so only as root.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
cd "$TEST_TMP" || exit 1
mkdir -p tree/sub out
printf 'int f(int *p) { return ACCESS_ONCE(*p); }\n' >tree/in.c
printf 'int g(int *p) { return ACCESS_ONCE(*p); }\n' >out/away.c
printf 'int h(int *p) { return ACCESS_ONCE(*p); }\n' >tree/notes.txt
ln -s ../in.c tree/sub/again.c
ln -s "$TEST_TMP/out/away.c" tree/away.c
ln -s notes.txt tree/notes.c
ln -s nothing.c tree/dangling.c

test_expect_success 'audit: links out of the tree or to non-C files named' '
	"$RWONCE" audit tree >o 2>e; test $? = 1 &&
	grep -q "warning: tree/away\.c: symbolic link to $TEST_TMP/out/away\.c, outside the folders walked: not followed (-L follows links)" e &&
	grep -q "warning: tree/notes\.c: symbolic link to $TEST_TMP/tree/notes\.txt, a file the walk does not read as C: not followed" e &&
	test "$(grep -c "symbolic link" e)" = 2 &&
	test "$(grep -c "access-once\]" o)" = 1
'

test_expect_success 'audit -L reads them, and a file of the tree once' '
	"$RWONCE" audit -L tree >o 2>e; test $? = 1 &&
	! grep -q "not followed" e &&
	grep -q "^tree/away\.c:1" o && grep -q "^tree/notes\.c:1" o &&
	grep -q "^tree/in\.c:1" o && ! grep -q "again\.c" o &&
	test "$(grep -c "access-once\]" o)" = 3
'

test_expect_success 'fix names the same links' '
	"$RWONCE" fix tree >d 2>e; test $? = 1 &&
	grep -q "tree/away\.c: symbolic link to .*outside the folders walked" e &&
	grep -q "^diff --git a/tree/in\.c b/tree/in\.c" d
'

if [ "$(id -u)" = 0 ]; then
	test_expect_success 'fix --in-place: a group the user is not in is said, file kept' '
		chmod 755 "$TEST_TMP" &&
		mkdir g && printf "int f(int *p) { return ACCESS_ONCE(*p); }\n" >g/a.c &&
		chown 65534:0 g/a.c && chmod 777 g && cp g/a.c a.orig &&
		{ setpriv --reuid=65534 --regid=65534 --clear-groups "$RWONCE" fix -q --in-place g/a.c 2>g.err; test $? = 2; } &&
		grep -q "g/a\.c: cannot write the fixed file: cannot keep its group root, which this user is not in; not modified" g.err &&
		cmp g/a.c a.orig && test "$(stat -c %g g/a.c)" = 0
	'
else
	test_skip 'fix --in-place: a group the user is not in is said, file kept' 'needs root to make such a file'
fi
test_done
