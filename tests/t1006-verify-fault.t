#!/bin/sh
# Demonstration 5: a compiler wrapper that injects a fault into READ_ONCE /
# WRITE_ONCE (tests/verify/cc-fault) gets the right verdicts, and the
# unbroken compiler behind it does not.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires qemu-x86_64 qemu-user
requires clang-19 clang-19
need_cmd gcc qemu-x86_64
[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"

FAULTCC=$RWONCE_ROOT/tests/verify/cc-fault

run_fault() { # fault [extra options]
	f=$1
	shift
	RWONCE_FAULT=$f "$RWONCE" verify --cc "$FAULTCC" --opt 2 --backend volatile \
		--json "$@" >"$TEST_TMP/$f.json"
	echo $? >"$TEST_TMP/$f.rc"
}

is() { # fault probe verdict
	got=$(verdicts "$2" "$TEST_TMP/$1.json")
	[ "$got" = "$3" ] || { echo "$1: $2 is '$got', want '$3'"; return 1; }
}

run_fault plain
test_expect_success 'plain access: violations, exit 1' '
	test "$(cat "$TEST_TMP/plain.rc")" = 1 && json_ok "$TEST_TMP/plain.json"
'
test_expect_success 'plain access: a discarded read is elided' 'is plain discarded_read elided'
test_expect_success 'plain access: two reads become one (elided)' 'is plain two_reads elided'
test_expect_success 'plain access: the first of two stores is dropped (elided)' 'is plain consecutive_stores elided'
test_expect_success 'plain access: the loop load is hoisted (elided)' 'is plain loop_same elided'
test_expect_success 'plain access: neighbouring stores are fused' 'is plain adjacent_writes fused'
test_expect_success 'plain access: the store loop is vectorised (fused)' 'is plain loop_writes fused'
test_expect_success 'plain access: a single scalar read still looks ok' 'is plain read_u32 ok'
# Measured with gcc 12 -O2: plain struct copies are done field by field,
# and the loop's loads are scheduled out of order.
test_expect_success 'plain access (gcc -O2): struct copies torn' '
	is plain read_pair32 torn && is plain write_pair16 torn
'
test_expect_success 'plain access (gcc -O2): the loop loads reordered' 'is plain loop_reads reordered'

run_fault double
test_expect_success 'double load: every read is duplicated' '
	test "$(cat "$TEST_TMP/double.rc")" = 1 &&
	is double read_u8 duplicated && is double read_u64 duplicated &&
	is double read_pair32 duplicated && is double ipte_unlock_siif duplicated &&
	is double rptr_used_twice duplicated
'
test_expect_success 'double load: writes are untouched' '
	is double write_u32 ok && is double consecutive_stores ok
'

run_fault wide
test_expect_success 'wide byte store: widened, the neighbour bitfield too' '
	test "$(cat "$TEST_TMP/wide.rc")" = 1 &&
	is wide write_u8 widened && is wide bitfield_neighbour_write widened &&
	is wide write_u16 ok
'

if have_cmd clang-19; then
	RWONCE_FAULT_CC=clang-19 run_fault volatile
	test_expect_success 'volatile cast under clang-19: library structs torn' '
		test "$(cat "$TEST_TMP/volatile.rc")" = 1 &&
		is volatile read_pair32 torn && is volatile write_pair16 torn &&
		is volatile read_u64 ok
	'
else
	test_skip 'volatile cast under clang-19: library structs torn' "$(missing_why clang-19)"
fi

test_expect_success 'the same gcc without the fault: all ok' '
	"$RWONCE" verify --cc gcc --opt 2 --backend volatile >/dev/null
'

test_done
