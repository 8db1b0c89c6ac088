#!/bin/sh
# fix --from-scan through a record whose members are declared under an
# #ifdef of the byte order (Linux's nVHE hyp_spinlock_t and ARM's
# arch_spinlock_t, doc/findings/linux-6.12.md patches 0003 and 0006).
# Read both ways, such a pair looked twice its size to the type index, so
# fix left the site; now a conditional group whose branches declare the
# same members counts once, and a scalar as wide as the whole reached
# through anonymous members (ARM's struct { union { u32 slock; ... }; })
# is an alias too.  Branches that differ still give no alias.  End to
# end on tests/fix-from-scan/ifdef-records.c: clang -O2 tears both
# pairs; fix reads them through the u32; the patched file compiles (clang
# and gcc) and its rescan is clean.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires patch patch
requires gcc gcc

cfront_test() { "$TEST_TOOL" cfront "$@"; }
LT=cfront_test
[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
[ -x "$RWONCE" ] || skip_all "build/rwonce not built (make)"
SRC=$RWONCE_ROOT/tests/fix-from-scan/ifdef-records.c
cd "$TEST_TMP" || exit 1

HYP=$(line_of "$SRC" "hyp_spinlock_t lockval = READ_ONCE(*lock);")
LOCKED=$(line_of "$SRC" "return !arch_spin_value_unlocked(READ_ONCE(*lock));")
CONT=$(line_of "$SRC" "READ_ONCE(lock->tickets)")
DIFF=$(line_of "$SRC" "return READ_ONCE(*d).a;")

test_expect_success 'type index: the union of a u32 and an #ifdef pair has its u32 as alias' "
	'$LT' alias '$SRC' $HYP:37:4 >a && grep -qx '$HYP:37:4: __val' a"

test_expect_success 'type index: a struct around an anonymous union: the u32 spans the whole' "
	'$LT' alias '$SRC' $LOCKED:45:4 >a && grep -qx '$LOCKED:45:4: slock' a"

test_expect_success 'type index: the #ifdef pair as a member: the u32 of the union around it' "
	'$LT' alias '$SRC' $CONT:43:4:tickets >a && grep -qx '$CONT:43:4:tickets: slock' a"

test_expect_success 'type index: branches that declare different members give no alias' "
	'$LT' alias '$SRC' $DIFF:19:2 $DIFF:19:4 >a &&
	grep -qx '$DIFF:19:2: none' a && grep -qx '$DIFF:19:4: none' a"

if ! clang_can x86_64-linux-gnu; then
	test_skip 'clang -O2 tears both pairs' "$(clang_why x86_64-linux-gnu)"
	test_done
fi
CFLAGS="-std=gnu11 -O2 -g -Wall -Wextra -Werror"
cp "$SRC" a.c
test_expect_success 'clang -O2 tears both pairs (the input)' "
	clang $CFLAGS -c a.c -o a.o &&
	{ '$RWONCE' scan --json a.o >a.json 2>scan.err; test \$? = 1; } &&
	test \$(grep -c '\"rule\": \"scan-torn\"' a.json) = 2 &&
	grep -q '\"line\": $HYP,' a.json && grep -q '\"line\": $CONT,' a.json"

test_expect_success 'fix --from-scan reads both through the u32' "
	{ '$RWONCE' fix --from-scan a.json >fix.diff 2>fix.err; test \$? = 1; } &&
	grep -qxF -- '+	hyp_spinlock_t lockval = { .__val = READ_ONCE(lock->__val) };' fix.diff &&
	grep -qxF -- '+	struct __raw_tickets tickets = ((__typeof__(*lock)){ .slock = READ_ONCE(lock->slock) }).tickets;' fix.diff &&
	grep -q 'rwonce fix: 2 sites to rewrite in 1 file, 0 left unchanged' fix.err"

test_expect_success 'the patched file compiles with clang and gcc, and its rescan is clean' "
	(patch -s -p1 <fix.diff) &&
	clang $CFLAGS -c a.c -o b.o && gcc $CFLAGS -c a.c -o g.o &&
	'$RWONCE' scan b.o >b.out 2>b.err && test ! -s b.out &&
	'$RWONCE' scan g.o >g.out 2>g.err && test ! -s g.out"

test_done
