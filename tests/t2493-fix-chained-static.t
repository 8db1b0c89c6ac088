#!/bin/sh
# fix --from-scan on a chained assignment whose first target is declared
# static, thread-local or extern inside the function
# (tests/fix-from-scan/chained-static.c).  Splitting
# "last = state = READ_ONCE(icp->state);" into the read into last and
# "state = last;" reads last back; a function's static is one object
# that every call (and thread) shares, as a global is, which t2490
# already keeps -- the type index used to count it as a local and fix
# split the chain.  Now the three chains are kept, the read respelled on
# the union's scalar (in a statement expression with the _Static_assert
# of its size: the unsigned long is 4 bytes on 32-bit ARM and i386,
# t2496), and the note says why; the fixed file compiles
# (gcc 12, clang 19), rescans with no torn instance, and the program
# prints what the original prints.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires clang-19 clang-19

[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
have_cmd clang-19 || skip_all "$(missing_why clang-19)"
[ "$(uname -m)" = x86_64 ] || skip_all "the fixed program runs natively: not an x86-64 machine"
SRC=$RWONCE_ROOT/tests/fix-from-scan/chained-static.c
cd "$TEST_TMP" || exit 1

STATIC=$(line_of "$SRC" "last = state = READ_ONCE(icp->state);")
THREAD=$(line_of "$SRC" "mine = state = READ_ONCE(icp->state);")
EXTERN=$(line_of "$SRC" "seen = state = READ_ONCE(icp->state);")
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"

cp "$SRC" a.c
test_expect_success 'clang 19 tears the three reads on x86-64 (the input)' "
	clang-19 $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	for line in $STATIC $THREAD $EXTERN; do
		grep -q \"\\\"line\\\": \$line, .*\\\"verdict\\\": \\\"torn\\\"\" a.json || exit 1
	done"

test_expect_success 'fix keeps the three chains, the read respelled on the scalar' "
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	for t in last mine seen; do
		grep -qxF -- \"+	\$t = state = ({ _Static_assert(sizeof(icp->state.raw) == sizeof(icp->state), \\\"rwonce fix: raw is not the size of the object on 32-bit ARM, i386\\\"); ((__typeof__(icp->state)){ .raw = READ_ONCE(icp->state.raw) }); });\" fix.diff ||
			exit 1
	done &&
	! grep -q '^+.*= state;' fix.diff && ! grep -q '^+	[a-z]*\\.raw = READ_ONCE' fix.diff &&
	test \$(grep -c '^+[^+]' fix.diff) = 3 &&
	grep -q 'rwonce fix: 3 sites to rewrite in 1 file, 0 left unchanged' fix.err"

for line in $STATIC $THREAD $EXTERN; do
	test_expect_success "fix: the note at line $line says why the chain is kept" "
		grep -q 'a.c:$line:17: note: .*(the chained assignment is kept: its first target is declared static, extern or thread-local in the function, one object every call shares, and splitting the chain would read it back) \[scan-torn\]' fix.err"
done

mkdir fixed && cp a.c fixed/
test_expect_success 'the diff applies with patch -p1' "
	(cd fixed && patch -s -p1 <../fix.diff) && ! cmp -s a.c fixed/a.c"

for cc in gcc clang-19; do
	test_expect_success "$cc x86-64: the fixed file compiles, its rescan has no torn instance, and the program prints what the original prints" "
		$cc $CFLAGS -c fixed/a.c -o f-$cc.o &&
		'$RWONCE' scan --json f-$cc.o >f-$cc.json 2>f-$cc.err &&
		! grep -q '\"verdict\": \"torn\"' f-$cc.json &&
		$cc $CFLAGS fixed/a.c -o f-$cc && $cc $CFLAGS a.c -o o-$cc &&
		./o-$cc >o-$cc.out && ./f-$cc >f-$cc.out && cmp o-$cc.out f-$cc.out &&
		grep -q '^extern 1246 seen ' f-$cc.out"
done

test_done
