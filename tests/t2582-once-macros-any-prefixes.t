#!/bin/sh
# once_macros_any() with AVX2 looks up only the words whose first bytes
# (three to six, at most the shortest name's length) pass the names'
# prefix groups (src/cfront/once-macros.c, prefix_rebuild(): a bit per
# group for each byte's low and high half at each place), 32 positions
# at a time, and no longer asks every word whether it is long enough
# (issue #35).  The answer must stay the plain word scan's: test-tool
# compares both (AVX2 where the processor has it, SSE2 alone) with
# once_macros_scan() on every window near a file's start and end, and
# on the windows that end where an unreadable page begins -- with
# names of many prefixes (every group used), words that share all but
# one of a name's first six bytes (a byte of the same low or high half
# as a name's), names at each place of a 64-byte block and at the very
# end of the buffer, and with the shortest name three, five and two
# bytes long (two: no prefix test).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
cd "$TEST_TMP" || exit 1

names='atomic_read atomic_set rcu_dereference rcu_access_pointer
smp_load_acquire ptep_get pmdp_get L2DATA qh_element list_first_entry
__READ_MY __WRITE_MY fetch_node td_status zz_last_one get_user put_user
VIF_EXISTS tcf_block_q xfrm_state_ok'

# each name at each offset 0..70 of a line, so that its first six bytes
# cross every place of a block
pad=''
: >cross.c
for i in $(seq 0 70); do
	printf '%s ptep_get(x); %s\n' "$pad" "$pad" >>cross.c
	pad="${pad}b"
done
# near misses only: one byte off (same low half: 'q' 0x71 for 'a'
# 0x61; same high half: 'b' for 'a'), longer, shorter, after a digit
printf 'qtomic_read btomic_read atomic_reae atomic_reads atomic_rea\n' >miss.c
printf 'ptep_gex ptep_ge Ptep_get rcu_dereferencf 9fetch_node\n' >>miss.c
printf 'xfrm_state_oj L2DATB l2data _READ_MY __READ_MZ zz_last_on\n' >>miss.c
printf 'int v = x + zz_last_one' >end.c   # the name is the last byte
printf 'put_user' >alone.c
printf '/* a comment */ int y;\n' >none.c

for f in cross miss end alone none; do
	# shellcheck disable=SC2086 # the names are words
	"$TEST_TOOL" cfront names-any $f.c $names >$f.out 2>&1
	echo $? >$f.rc
done
"$TEST_TOOL" cfront names-any miss.c abc zz_last_one >short3.out 2>&1
echo $? >short3.rc
"$TEST_TOOL" cfront names-any miss.c L2DAT ptep_gex >short5.out 2>&1
echo $? >short5.rc
"$TEST_TOOL" cfront names-any cross.c ab ptep_get >short2.out 2>&1
echo $? >short2.rc

test_expect_success 'names across every place of a block and at the end: found' '
	grep -qx "file: yes" cross.out && grep -qx "file: yes" end.out &&
	grep -qx "file: yes" alone.out'
test_expect_success 'words a byte away from a name: not a use' '
	grep -qx "file: no" miss.out && grep -qx "file: no" none.out'
test_expect_success 'shortest names of three, five and two bytes' '
	grep -qx "file: no" short3.out && grep -qx "file: yes" short5.out &&
	grep -qx "file: yes" short2.out'
test_expect_success 'every window, page ends too: the plain scan'"'"'s answer' '
	for f in cross miss end alone none short3 short5 short2; do
		[ "$(cat $f.rc)" = 0 ] || { cat $f.out; exit 1; }
		grep -q "^windows: [1-9][0-9]*, differ: 0$" $f.out &&
		grep -q "^page windows: [1-9][0-9]*, differ: 0$" $f.out ||
			{ cat $f.out; exit 1; }
	done'
test_done
