#!/bin/sh
# Types across a tree (issue #12): ACCESS_ONCE operands whose types are
# defined in headers reached through <asm/...> and <linux/...>, with one
# definition per architecture (tests/audit/tree, shaped like Linux 3.17
# for the 2014-15 non-scalar ACCESS_ONCE series).  Each site is marked
# "expect: nonscalar" or "expect: scalar" beside the code.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$RWONCE" ] || skip_all "$RWONCE not built (run make)"
cd "$RWONCE_ROOT/tests/audit" || exit 1

# tests/audit/tree is a tree of its own inside this repository: --srcroot
# makes it the top (else the repository's .git would, and every header of
# the repository would answer for pte_t).
"$RWONCE" audit -q --srcroot tree tree >"$TEST_TMP/out.txt"
echo $? >"$TEST_TMP/rc"
grep -rn --include='*.c' --include='*.h' 'expect: nonscalar' tree |
	cut -d: -f1,2 | sort >"$TEST_TMP/want"
grep -rn --include='*.c' --include='*.h' 'expect: scalar' tree |
	cut -d: -f1,2 | sort >"$TEST_TMP/scalar"
sed -n 's/^\([^:]*:[0-9]*\):.*\[access-once-nonscalar\]$/\1/p' "$TEST_TMP/out.txt" |
	sort -u >"$TEST_TMP/got"

test_expect_success 'exit status 1: there are findings' '[ "$(cat $TEST_TMP/rc)" = 1 ]'
test_expect_success 'every access-once-nonscalar finding is on a site marked nonscalar' "
	test -s $TEST_TMP/got && ! comm -23 $TEST_TMP/got $TEST_TMP/want | grep ."
test_expect_success 'no access-once-nonscalar finding on a plain scalar use' "
	test -s $TEST_TMP/scalar && ! comm -12 $TEST_TMP/got $TEST_TMP/scalar | grep ."
test_expect_success 'recall on the marked non-scalar sites is at least 0.9 (all 11 here)' "
	found=\$(comm -12 $TEST_TMP/got $TEST_TMP/want | wc -l)
	all=\$(wc -l <$TEST_TMP/want)
	echo \"recall \$found/\$all\"
	[ \$all -ge 11 ] && [ \$((found * 10)) -ge \$((all * 9)) ]"
test_expect_success 'the nearest definition wins: x86 spinlock.h resolves arch_spinlock_t from arch/x86' "
	grep -q '^tree/arch/x86/include/asm/spinlock.h:23:29: .*(type .struct __raw_tickets.) \[access-once\]' $TEST_TMP/out.txt &&
	grep -q '^tree/arch/x86/include/asm/spinlock.h:37:20: .*(type .__ticket_t. aka .u16.) \[access-once\]' $TEST_TMP/out.txt"
test_expect_success 'a function attribute macro before the type hides no parameter: static __always_inline' "
	grep -q '^tree/arch/x86/include/asm/spinlock.h:17:16: .*(type .struct __raw_tickets.) \[access-once\]' $TEST_TMP/out.txt &&
	grep -q '^tree/arch/x86/include/asm/spinlock.h:17:16: .*\[access-once-nonscalar\]' $TEST_TMP/out.txt"
test_expect_success 'generic code: one finding naming which definitions make it an aggregate' "
	grep -c '^tree/mm/gup.c:7:14: .*\[access-once-nonscalar\]' $TEST_TMP/out.txt | grep -qx 1 &&
	grep -q '^tree/mm/gup.c:7:14: .*(struct on mips, powerpc #if, sh, x86; scalar on arm, powerpc #else)' $TEST_TMP/out.txt"
test_expect_success 'a type defined on both sides of an #ifdef: one answer per side' "
	grep -q \"^tree/arch/powerpc/mm/hugetlbpage.c:6:14: .*(type 'pte_t': struct on powerpc #if; scalar on powerpc #else) \\[access-once\\]\" $TEST_TMP/out.txt &&
	grep -q '^tree/arch/powerpc/mm/hugetlbpage.c:6:14: .*\[access-once-nonscalar\]' $TEST_TMP/out.txt"
test_expect_success 'a <linux/...> header resolves a member: mm->total_vm is a scalar' "
	grep -q '^tree/mm/gup.c:21:9: .*(type .unsigned long.) \[access-once\]' $TEST_TMP/out.txt"
# Issue 34: the file alone gets the types the tree run gives it (they come
# from the top of the tree, not from the paths walked).  Without a top
# (--srcroot names none here, and the copy has no .git) it stays unknown.
test_expect_success 'the file alone: the findings the tree run gives it' "
	\"$RWONCE\" audit -q --srcroot tree tree/arch/x86/include/asm/spinlock.h >$TEST_TMP/alone.txt; [ \$? = 1 ] &&
	grep '^tree/arch/x86/include/asm/spinlock.h:' $TEST_TMP/out.txt >$TEST_TMP/tree-spinlock.txt &&
	grep -q nonscalar $TEST_TMP/tree-spinlock.txt &&
	diff -u $TEST_TMP/tree-spinlock.txt $TEST_TMP/alone.txt"
cp -r tree "$TEST_TMP/copy"
test_expect_success 'without a top of the tree (no .git, no --srcroot) the file alone knows only itself' "
	(cd $TEST_TMP && \"$RWONCE\" audit -q copy/arch/x86/include/asm/spinlock.h >alone2.txt; [ \$? = 1 ]) &&
	grep -q '^copy/arch/x86/include/asm/spinlock.h:23:29: .*(type unknown)' $TEST_TMP/alone2.txt &&
	! grep -q nonscalar $TEST_TMP/alone2.txt"
test_done
