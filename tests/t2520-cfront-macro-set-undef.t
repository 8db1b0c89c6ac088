#!/bin/sh
# A macro set (src/cfront/macro-expand.h) under thousands of defines and
# undefs: discovery keeps a tree's pasting macros in one set, and each
# architecture of the kernel defines the same names again, so every
# define of a name already there is an undef first.  An undef used to
# rebuild the whole index (issue #35: expand_pastes() 3.6 % of an audit
# of linux-source-6.12, quadratic); it now mends the slots it changed.
# The items must stay where the rebuild left them (the last moves into
# the place of the one taken out: the order discovery reads them in),
# every name must be found or not as a plain list says, and the index
# work -- slots written, not seconds -- must grow with the number of
# defines, not with its square (the rebuild wrote 12 million slots for
# these 6,000 defines and 1,500 undefs).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"

for n in 0 1 2 3 17 3000; do
	"$TEST_TOOL" cfront macro-set $n >"$TEST_TMP/out.$n" 2>&1
	echo $? >"$TEST_TMP/rc.$n"
done

test_expect_success 'small sets: the same items, in the same places, as a plain list' "
	for n in 0 1 2 3 17; do
		cat '$TEST_TMP/out.'\$n &&
		[ \"\$(cat '$TEST_TMP/rc.'\$n)\" = 0 ] &&
		grep -q \"^ok \$n \" '$TEST_TMP/out.'\$n || return 1
	done"
test_expect_success '3,000 names defined twice, half undefined: the plain list' "
	cat '$TEST_TMP/out.3000' &&
	[ \"\$(cat '$TEST_TMP/rc.3000')\" = 0 ] &&
	grep -q '^ok 3000 1500 index-writes ' '$TEST_TMP/out.3000'"
test_expect_success '... with at most 10 index writes per define or undef' "
	w=\$(sed -n 's/^ok 3000 1500 index-writes //p' '$TEST_TMP/out.3000') &&
	[ -n \"\$w\" ] && [ \"\$w\" -le 75000 ]"
test_done
