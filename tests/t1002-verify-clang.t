#!/bin/sh
# Demonstration 3 (and the x86-64 part of 1): clang 14, 16 and 19 keep the
# library's promise at every level, while the raw volatile-cast control of
# a two-field 8-byte struct is torn at -O2 (one 4-byte load per field).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires qemu-x86_64 qemu-user
requires clang-14 clang-14
requires clang-16 clang-16
requires clang-19 clang-19
requires clang clang
need_cmd qemu-x86_64
[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"

for v in 14 16 19; do
	cc=clang-$v
	if ! have_cmd $cc; then
		test_skip "$cc: library ok at -O0..-Os" "$(missing_why $cc)"
		test_skip "$cc -O2: raw control torn, READ_ONCE ok" "$(missing_why $cc)"
		continue
	fi
	test_expect_success "$cc: library probes ok at -O0 -O1 -O2 -O3 -Os, both backends" '
		"$RWONCE" verify --cc $cc --json >"$TEST_TMP/$cc.json"
		rc=$?
		test $rc = 0 && json_ok "$TEST_TMP/$cc.json" &&
		all_status ok "$TEST_TMP/$cc.json"
	'
	test_expect_success "$cc -O2: raw_read_pair32 torn, read_pair32 ok" '
		"$RWONCE" verify --cc $cc --opt 2 --backend volatile --details \
			--only "read_pair32,raw_read_pair32" >"$TEST_TMP/$cc.txt" &&
		grep -q "^  read_pair32  *ok" "$TEST_TMP/$cc.txt" &&
		grep -q "^  raw_read_pair32  *TORN" "$TEST_TMP/$cc.txt" &&
		grep -q "raw_read_pair32 \[control\]  $cc x86_64 -O2: torn (expected r0:8)" "$TEST_TMP/$cc.txt" &&
		grep -q "^    r0:4 piece .* rwonce_probe_raw_read_pair32+" "$TEST_TMP/$cc.txt" &&
		grep -q "^    r4:4 piece .* rwonce_probe_raw_read_pair32+" "$TEST_TMP/$cc.txt"
	'
done

# The closing sentences say positively what held and where the controls broke.
if have_cmd clang-16; then
	test_expect_success 'clang-16 -O0/-O2: the summary says what held and where the raw cast broke' '
		"$RWONCE" verify --cc clang-16 --opt 0,2 --backend volatile \
			--only "*pair32" >"$TEST_TMP/sum.txt";
		cat "$TEST_TMP/sum.txt" | tail -n 8;
		grep -q "^Checked 2 configurations: clang-16 16[.0-9]* .*on x86_64 at -O0 -O2, the volatile backend; 2 library probes and 2 raw-cast controls\.$" "$TEST_TMP/sum.txt" &&
		grep -q "^The library kept the promise in all 4 probe runs\.$" "$TEST_TMP/sum.txt" &&
		grep -q "^The raw volatile cast (the controls) kept it in 2 of 4 runs and broke it in 2:$" "$TEST_TMP/sum.txt" &&
		grep -q "^  clang-16 on x86_64 at -O2:$" "$TEST_TMP/sum.txt" &&
		grep -q "^    torn: raw_read_pair32, raw_write_pair32$" "$TEST_TMP/sum.txt" &&
		! grep -q "of [0-9]* not ok" "$TEST_TMP/sum.txt"
	'
else
	test_skip 'clang-16 -O0/-O2: the summary says what held' "$(missing_why clang-16)"
fi
test_expect_success 'make run checks clang too when one is installed' '
	make -s -n -C "$RWONCE_ROOT" run-installed | grep "verify" >"$TEST_TMP/run";
	cat "$TEST_TMP/run";
	if have_cmd clang || have_cmd clang-19 || have_cmd clang-16 || have_cmd clang-14; then
		grep -q "verify --cc cc --cc clang" "$TEST_TMP/run"
	else
		grep -q "verify --cc cc *$" "$TEST_TMP/run"
	fi
'

test_done
