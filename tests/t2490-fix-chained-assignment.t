#!/bin/sh
# fix --from-scan on assignments of a once-read union, chained and not
# (Linux's KVM XICS shape, doc/findings/linux-6.12.md patches 0004 and
# 0005): "old = new = READ_ONCE(icp->state);" became the 103-column
# "old = new = ((__typeof__(icp->state)){ .raw = READ_ONCE(icp->state.raw) });"
# and the patches were restyled by hand.  Now a chain that stands alone
# becomes the read into the first target's member and a copy
# ("old.raw = READ_ONCE(icp->state.raw);" "new = old;"), one target
# "state.raw = READ_ONCE(icp->state.raw);", and a chain that is the body
# of an if is kept (one statement cannot become two there) with a note
# saying so, as is a chain whose first target is a global (reading it
# back could see another thread's store).  End to end on tests/fix-from-scan/chained.c: clang 19 tears
# all five reads (x86-64 and ppc64le); the fixed file compiles with gcc
# 12 and clang 19, its rescan has no finding, and the fixed program
# prints what the original prints (x86-64, natively).  The union's
# unsigned long is 4 bytes on 32-bit ARM and i386, so each edit carries
# a _Static_assert of the two sizes (before the statement, or in a
# statement expression where a declaration cannot stand): t2496.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires clang-19 clang-19
requires powerpc64le-linux-gnu-gcc gcc-powerpc64le-linux-gnu

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
[ "$(uname -m)" = x86_64 ] || skip_all "the fixed program runs natively: not an x86-64 machine"
SRC=$RWONCE_ROOT/tests/fix-from-scan/chained.c
cd "$TEST_TMP" || exit 1

LOOP=$(line_of "$SRC" "old_state = new_state = READ_ONCE(icp->state);")
POLL=$(grep -n '^	state = READ_ONCE(icp->state);' "$SRC" | cut -d: -f1)
GRAB=$(line_of "$SRC" "old = new = READ_ONCE(rm_core[core].rm_state);")
PEEK=$(line_of "$SRC" "a = b = READ_ONCE(icp->state);")
NOTE=$(line_of "$SRC" "last_state = state = READ_ONCE(icp->state);")
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
GUARD_MSG="rwonce fix: raw is not the size of the object on 32-bit ARM, i386"
GUARD_EXPR="{ _Static_assert(sizeof(icp->state.raw) == sizeof(icp->state), \"$GUARD_MSG\");"
export GUARD_MSG GUARD_EXPR

cp "$SRC" a.c
test_expect_success 'clang 19 tears the five reads on x86-64 (the input)' "
	clang-19 $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	for line in $LOOP $POLL $GRAB $PEEK $NOTE; do
		grep -q \"\\\"line\\\": \$line, .*\\\"verdict\\\": \\\"torn\\\"\" a.json || exit 1
	done"

test_expect_success 'fix: a chain alone is split, one target assigned to the member' "
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -qxF -- '-		old_state = new_state = READ_ONCE(icp->state);' fix.diff &&
	grep -qxF -- '+		old_state.raw = READ_ONCE(icp->state.raw);' fix.diff &&
	grep -qxF -- '+		new_state = old_state;' fix.diff &&
	grep -qxF -- '+	state.raw = READ_ONCE(icp->state.raw);' fix.diff &&
	grep -qxF -- '+		old.raw = READ_ONCE(rm_core[core].rm_state.raw);' fix.diff &&
	grep -qxF -- '+		new = old;' fix.diff &&
	grep -qxF -- '+		_Static_assert(sizeof(icp->state.raw) == sizeof(icp->state),' fix.diff &&
	grep -qxF -- '+	_Static_assert(sizeof(icp->state.raw) == sizeof(icp->state),' fix.diff &&
	grep -qxF -- '+		_Static_assert(sizeof(rm_core[core].rm_state.raw) == sizeof(rm_core[core].rm_state),' fix.diff &&
	test \$(grep -cxF -- \"+		       \\\"\$GUARD_MSG\\\");\" fix.diff) = 1 &&
	test \$(grep -cxF -- \"+			       \\\"\$GUARD_MSG\\\");\" fix.diff) = 2 &&
	grep -q 'a.c:$LOOP:27: note: .*into the same member of the chained assignment.s first target, which the others copy \[scan-torn\]' fix.err &&
	grep -q 'a.c:$POLL:10: note: .*into the same member of the assignment.s target \[scan-torn\]' fix.err &&
	grep -q 'rwonce fix: 5 sites to rewrite in 1 file, 0 left unchanged' fix.err"

test_expect_success 'fix: the chain that is the body of an if is kept, and the note says why' "
	grep -qxF -- \"+		a = b = (\$GUARD_EXPR ((__typeof__(icp->state)){ .raw = READ_ONCE(icp->state.raw) }); });\" fix.diff &&
	grep -q 'a.c:$PEEK:11: note: .*(the chained assignment is kept: it is not a statement of its own' fix.err"

test_expect_success 'fix: the chain whose first target is a global is kept (it would be read back)' "
	grep -qxF -- \"+	last_state = state = (\$GUARD_EXPR ((__typeof__(icp->state)){ .raw = READ_ONCE(icp->state.raw) }); });\" fix.diff &&
	grep -q 'a.c:$NOTE:23: note: .*(the chained assignment is kept: its first target is not the name of a local variable' fix.err &&
	test \$(grep -c '^+[^+]' fix.diff) = 13"

mkdir fixed && cp a.c fixed/
test_expect_success 'the diff applies with patch -p1' "
	(cd fixed && patch -s -p1 <../fix.diff) && ! cmp -s a.c fixed/a.c"

for cc in gcc clang-19; do
	test_expect_success "$cc x86-64: the fixed file compiles, its rescan has no finding, and the program prints what the original prints" "
		$cc $CFLAGS -c fixed/a.c -o f-$cc.o &&
		'$RWONCE' scan --json f-$cc.o >f-$cc.json 2>f-$cc.err &&
		! grep -q '\"verdict\": \"torn\"' f-$cc.json &&
		test \$(grep -c '\"verdict\": \"ok\"' f-$cc.json) -ge 4 &&
		$cc $CFLAGS fixed/a.c -o f-$cc && $cc $CFLAGS a.c -o o-$cc &&
		./o-$cc >o-$cc.out && ./f-$cc >f-$cc.out && cmp o-$cc.out f-$cc.out &&
		grep -q '^grab 2 -1 state 10001' f-$cc.out"
done

# ppc64le, where the kernel's reads were torn: both compilers, one ld.
if clang_can powerpc64le-linux-gnu && have_cmd powerpc64le-linux-gnu-gcc; then
	test_expect_success 'clang 19 ppc64le: torn before, every read one ld after' "
		clang-19 --target=powerpc64le-linux-gnu $CFLAGS -c a.c -o p.o &&
		{ '$RWONCE' scan --json p.o >p.json 2>p.err; test \$? = 1; } &&
		test \$(grep -c '\"verdict\": \"torn\"' p.json) -ge 5 &&
		clang-19 --target=powerpc64le-linux-gnu $CFLAGS -c fixed/a.c -o pf.o &&
		'$RWONCE' scan --json pf.o >pf.json 2>pf.err &&
		! grep -q '\"verdict\": \"torn\"' pf.json &&
		grep -q \"\\\"line\\\": \$(line_of fixed/a.c 'old_state.raw = READ_ONCE(icp->state.raw);'), .*\\\"verdict\\\": \\\"ok\\\".*\\\"text\\\": \\\"ld \" pf.json"
	test_expect_success 'gcc 12 ppc64le: the fixed file compiles and its rescan has no finding' "
		powerpc64le-linux-gnu-gcc $CFLAGS -c fixed/a.c -o pg.o &&
		'$RWONCE' scan --json pg.o >pg.json 2>pg.err &&
		! grep -q '\"verdict\": \"torn\"' pg.json"
else
	test_skip 'ppc64le: torn before, one ld after' "$(clang_why powerpc64le-linux-gnu) or $(missing_why powerpc64le-linux-gnu-gcc)"
fi

test_done
