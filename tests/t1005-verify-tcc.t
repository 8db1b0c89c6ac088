#!/bin/sh
# Demonstration 4: what tcc (0.9.27) does with volatile, as measured (see
# doc/verify.md, "tcc").  The library keeps its promise under tcc -- every
# access goes through one scalar -- while the raw volatile-cast idiom does
# not: tcc copies volatile structs with memmove/memcpy (glibc reads and
# writes overlapping words, so bytes are touched twice: duplicated) and
# drops the load of a discarded `(void)*(volatile int *)p` (elided).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires tcc tcc
requires qemu-x86_64 qemu-user
need_cmd tcc qemu-x86_64 cc
[ "$(uname -m)" = x86_64 ] || skip_all "tcc compiles only for its host; x86-64 host needed"

test_expect_success 'tcc: the library probes are ok (exit 0)' '
	"$RWONCE" verify --cc tcc --opt 0 --json >"$TEST_TMP/j" &&
	json_ok "$TEST_TMP/j" && all_status ok "$TEST_TMP/j"
'

test_expect_success 'tcc: only the volatile backend runs (no __atomic builtins)' '
	grep -q "\"backend\": \"volatile\"" "$TEST_TMP/j" &&
	! grep -q "\"backend\": \"atomic\"" "$TEST_TMP/j"
'

for p in read_pair8 read_pair16 read_pair32 write_pair8 write_pair16 write_pair32 read_pte write_pte; do
	test_expect_success "tcc: raw_$p (volatile struct copy) duplicated, $p ok" '
		test "$(verdicts raw_$p "$TEST_TMP/j")" = duplicated &&
		test "$(verdicts $p "$TEST_TMP/j")" = ok
	'
done

test_expect_success 'tcc: the duplicated accesses are made by memcpy' '
	grep "\"name\": \"raw_read_pair32\"," "$TEST_TMP/j" | grep -q "\"where\": \"__mem[a-z_]*+"
'

test_expect_success 'tcc: (void)*(volatile uint32_t *)p is elided, (void)READ_ONCE is not' '
	test "$(verdicts raw_discarded_read "$TEST_TMP/j")" = elided &&
	test "$(verdicts discarded_read "$TEST_TMP/j")" = ok
'

test_expect_success 'tcc: volatile scalar controls are ok' '
	for p in raw_read_u8 raw_read_u64 raw_write_u32 raw_two_reads raw_consecutive_stores raw_loop_same; do
		test "$(verdicts $p "$TEST_TMP/j")" = ok || { echo "$p"; exit 1; }
	done
'

test_done
