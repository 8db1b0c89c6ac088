#!/bin/sh
# The loops the caller-loop rule did not see beside those of macros
# (t4532), each found on Debian's 6.1 vmlinux once scan followed the
# paths between two accesses (t4533): a do's condition, which runs with
# each iteration (inode_dio_wait's do { ... } while
# (atomic_read(&inode->i_dio_count)), rotated into two copies); the
# stretch a goto jumps back over (blk_mq_hctx_next_cpu's "goto
# select_cpu"); and a call in the expansion of a macro whose statement
# expression holds a loop (read_seqcount_begin(s), whose while polls
# the sequence).  Unrolled into four stores of *p on one straight path:
# iterations, ok -- "duplicated" before.  On the four builds (clang 19
# and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "a do's condition, a goto's loop, a macro's" "$S/macro-loop.c" || continue
	python3 "$S/instance-lines.py" j >v
	test_expect_success "$name: a do's condition: ok" '
		grep -qx "do_condition ok 1" v
	'
	test_expect_success "$name: a goto back to a label: ok" '
		grep -qx "goto_loop ok 1" v
	'
	test_expect_success "$name: a loop in a macro's expansion: ok" '
		grep -qx "expansion_loop ok 1" v
	'
	test_expect_success "$name: the fixture's six loops, nothing else" '
		test "$(wc -l <v)" -eq 6 && test "$(grep -c " ok 1$" v)" -eq 6
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
