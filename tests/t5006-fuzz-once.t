#!/bin/sh
# rwonce fuzz --mode once (issue #14's second mode): Csmith's ACCESS_ONCE
# marks converted by rwonce fix's rewriter to rwonce.h, the accesses made
# at the marked lines checked to be one access of full width.
#
# Real Csmith, seeds 3 and 5, gcc and clang-19 at -O2: seed 3 has 5 uses
# converted and 1 left (an assignment whose value is used), and its
# two READ_ONCE sites are read at full width; seed 5 reads a 10-byte struct
# with ACCESS_ONCE, which rwonce.h refuses (its own outcome, with its
# message), while the volatile-cast program reads it in pieces
# (aggregate: the idiom's hazard, not a bug).
#
# Fixed programs through a csmith stand-in (tests/fuzz/once/): clang-19
# -O2 tears the volatile-cast read of an 8-byte two-field struct, rwonce.h
# does not; and tests/fuzz/cc-split-marked (gcc plus a 2-byte load at a
# marked site) is found as a torn marked site, a bug: exit status 1.
. "$(dirname "$0")/lib/tap.sh"
. "$(dirname "$0")/lib/fuzz.sh"
requires clang-19 clang-19
requires python3 python3
requires arm-linux-gnueabihf-gcc-12 gcc-arm-linux-gnueabihf
requires qemu-arm qemu-user
requires qemu-riscv64 qemu-user
# The riscv64 case links against riscv64's C library, which is
# check-full's (deps/full/cross.txt; its binutils are in deps/scan.txt):
# the linker counts as missing without RWONCE_FULL=1, named by the
# package the case lacks.
requires --full riscv64-linux-gnu-ld libc6-dev-riscv64-cross
need_cmd gcc clang-19 python3
fuzz_need_x86
fuzz_need_csmith
fuzz_need_addr2line

fuzz_private_tmpdir
O="$TEST_TMP/o"
L="$O/results.jsonl"

$RWONCE fuzz --mode once --cc gcc --cc clang-19 --opt 2 --seeds 3 --out "$O" \
	>"$TEST_TMP/o.summary" 2>"$TEST_TMP/o.err"
rc3=$?
$RWONCE fuzz --mode once --cc gcc --cc clang-19 --opt 2 --seeds 5 --out "$O" \
	>"$TEST_TMP/o.summary" 2>"$TEST_TMP/o.err"
rc=$?
line() { # seed config: its result line
	grep "^{\"seed\":$1,\"config\":\"$2\"" "$L"
}

test_expect_success 'no bug on seeds 3 and 5: exit status 0' '
	cat "$TEST_TMP/o.err"; test $rc3 = 0 && test $rc = 0'
test_expect_success 'one line per program and configuration, each with the mode' '
	test "$(wc -l <"$L")" = 8 && test "$(grep -c "\"mode\":\"once\"" "$L")" = 8'
test_expect_success 'seed 3: rwonce fix converted 5 uses and left 1' '
	test "$(grep "^{\"seed\":3," "$L" | grep -c "\"converted\":5,\"left\":1,")" = 4'
for cc in gcc clang-19; do
	# 2: READ_ONCE(g_164) and READ_ONCE(g_315), which gcc -O2 merges
	# into one read-only constant (both symbols at one address).
	test_expect_success "seed 3, $cc -O2: the two READ_ONCE sites gave full-width accesses" "
		line 3 '$cc x86_64 -O2 rwonce.h' | grep '\"status\":\"ok\"' |
		grep '\"site_accesses\":2,\"site_verdict\":\"ok\"'"
	test_expect_success "seed 5, $cc: rwonce.h refused the 10-byte struct, with its message" "
		line 5 '$cc x86_64 -O2 rwonce.h' | grep '\"status\":\"refused\",\"verdict\":\"not-run\"' |
		grep -F 'READ_ONCE_needs_1_2_4_or_8_bytes (*)[10]'"
	test_expect_success "seed 5, $cc: the volatile-cast read of it is an aggregate site, not a bug" "
		line 5 '$cc x86_64 -O2 volatile-cast' |
		grep '\"site_verdict\":\"aggregate\",\"site_detail\":\"g_2 (10 bytes, struct/union) at line 53: '"
done
test_expect_success 'the refusal names no folder of this machine' '
	! grep -F "$RWONCE_ROOT" "$L"'
test_expect_success 'the summary counts the refusal apart' '
	grep -q "rwonce.h refused 1 programs" "$TEST_TMP/o.summary" &&
	grep -q "^gcc x86_64 -O2 rwonce.h  *1  *0  *0  *0  *0  *1$" "$TEST_TMP/o.summary"'
test_expect_success 'the converted program is kept, with the include and READ_ONCE' '
	grep -q "^#include \"rwonce.h\"" "$O/programs/seed-5-rwonce.c" &&
	grep -q "return READ_ONCE(g_2);" "$O/programs/seed-5-rwonce.c" &&
	grep -q "return ACCESS_ONCE(g_2);" "$O/programs/seed-5.c"'
test_expect_success 'a rerun resumes: nothing to run' '
	$RWONCE fuzz --mode once --cc gcc --cc clang-19 --opt 2 --seeds 3-5 --out "$O" \
		>/dev/null 2>"$TEST_TMP/again.err"
	cat "$TEST_TMP/again.err"
	grep -q "^rwonce fuzz: 1 programs in" "$TEST_TMP/again.err" &&
	test "$(grep -c "^{\"seed\":4," "$L")" = 4'
test_expect_success 'the default mode in the same folder runs its own program' '
	$RWONCE fuzz --cc gcc --opt 2 --seeds 3 --out "$O" >/dev/null 2>&1
	test "$(grep -c "^{\"seed\":3,\"config\":\"gcc x86_64 -O2\"," "$L")" = 1 &&
	! line 3 "gcc x86_64 -O2" | grep -q "\"mode\""'

# armhf: gcc 12 -O2 reads seed 5's packed 10-byte struct through the
# volatile cast with a 4-byte load at +8, 2 bytes past its end: the
# idiom's hazard on an aggregate (aggregate, not a bug), like the default
# mode's verdict on any aggregate difference.
if have_cmd arm-linux-gnueabihf-gcc-12 && have_cmd qemu-arm; then
	$RWONCE fuzz --mode once --cc gcc --target armhf --opt 2 --seeds 5 \
		--out "$TEST_TMP/arm" >/dev/null 2>"$TEST_TMP/arm.err"
	rc=$?
	test_expect_success 'armhf: a volatile-cast struct read past its end is aggregate, not a bug' '
		cat "$TEST_TMP/arm.err"; test $rc = 0 &&
		grep -q "\"config\":\"gcc armhf -O2 volatile-cast\".*\"site_verdict\":\"aggregate\",\"site_detail\":\"g_2 (10 bytes, struct/union) at line 53: r4@+8 by pc 0x[0-9a-f]* (past its end)\"" "$TEST_TMP/arm/results.jsonl"'
	PATH="$RWONCE_ROOT/tests/fuzz/once:$PATH" $RWONCE fuzz --mode once --cc gcc \
		--target armhf --opt 0 --seeds 2 --out "$TEST_TMP/arm2" >/dev/null 2>"$TEST_TMP/arm2.err"
	rc=$?
	test_expect_success 'armhf: an int64_t read by ldrd (two halves) at a mark is one full access' '
		cat "$TEST_TMP/arm2.err"; test $rc = 0 &&
		grep -q "\"config\":\"gcc armhf -O0 volatile-cast\".*\"site_accesses\":1,\"site_verdict\":\"ok\"" "$TEST_TMP/arm2/results.jsonl"'
	test_expect_success 'armhf: rwonce.h refuses READ_ONCE of the 64-bit scalar' '
		grep -q "\"config\":\"gcc armhf -O0 rwonce.h\",\"status\":\"refused\".*8-byte object on a 32-bit target" "$TEST_TMP/arm2/results.jsonl"'
else
	for t in 'armhf: a volatile-cast struct read past its end is aggregate, not a bug' \
		'armhf: an int64_t read by ldrd (two halves) at a mark is one full access' \
		'armhf: rwonce.h refuses READ_ONCE of the 64-bit scalar'; do
		test_skip "$t" "$(missing_why arm-linux-gnueabihf-gcc-12 qemu-arm)"
	done
fi

# riscv64: GNU ld 2.40 segfaults linking clang-19 -O2 objects with DWARF
# 5 line tables; --mode once compiles with -gdwarf-4, and links.
if have_cmd riscv64-linux-gnu-ld && have_cmd qemu-riscv64; then
	$RWONCE fuzz --mode once --cc clang-19 --target riscv64 --opt 2 --seeds 3 \
		--out "$TEST_TMP/rv" >/dev/null 2>"$TEST_TMP/rv.err"
	test_expect_success 'riscv64: clang-19 -O2 with line tables links and runs' '
		cat "$TEST_TMP/rv.err"
		test "$(grep -c "\"status\":\"ok\".*\"site_verdict\":\"ok\"" "$TEST_TMP/rv/results.jsonl")" = 2'
else
	test_skip 'riscv64: clang-19 -O2 with line tables links and runs' \
		"$(missing_why riscv64-linux-gnu-ld qemu-riscv64)"
fi

# The fixed programs, with the csmith stand-in first in PATH.
F="$TEST_TMP/f"
PATH="$RWONCE_ROOT/tests/fuzz/once:$PATH" $RWONCE fuzz --mode once --cc gcc --cc clang-19 \
	--cc "$RWONCE_ROOT/tests/fuzz/cc-split-marked" --opt 2 --seeds 1 --out "$F" \
	>"$TEST_TMP/f.summary" 2>"$TEST_TMP/f.err"
rc=$?
L="$F/results.jsonl"
test_expect_success 'the planted torn site is a bug: exit status 1' '
	cat "$TEST_TMP/f.err"; test $rc = 1'
test_expect_success 'gcc and clang-19 with rwonce.h: the 3 marked accesses at full width' '
	line 1 "gcc x86_64 -O2 rwonce.h" | grep -q "\"site_accesses\":3,\"site_verdict\":\"ok\"" &&
	line 1 "clang-19 x86_64 -O2 rwonce.h" | grep -q "\"site_accesses\":3,\"site_verdict\":\"ok\""'
test_expect_success 'clang-19 -O2 tears the volatile-cast struct read (aggregate), gcc does not' '
	line 1 "clang-19 x86_64 -O2 volatile-cast" |
		grep -q "\"site_verdict\":\"aggregate\",\"site_detail\":\"g_2 (8 bytes, struct/union) at line 24: r4 " &&
	line 1 "gcc x86_64 -O2 volatile-cast" | grep -q "\"site_verdict\":\"ok\""'
test_expect_success 'the planted 2-byte load is a torn marked site' '
	grep -q "cc-split-marked x86_64 -O2 rwonce.h  marked site torn: g_2 (8 bytes, struct/union) at line 25: r2 " "$TEST_TMP/f.summary"'
test_expect_success 'every configuration printed the same checksum' '
	test "$(grep -c "\"checksum\":\"3\"" "$L")" = 6'
# A program whose only use fix leaves (&ACCESS_ONCE(struct)) still gets
# rwonce.h, whose ACCESS_ONCE refuses the struct.
PATH="$RWONCE_ROOT/tests/fuzz/once:$PATH" $RWONCE fuzz --mode once --cc gcc --opt 0 \
	--seeds 3 --out "$TEST_TMP/left" >/dev/null 2>"$TEST_TMP/left.err"
test_expect_success 'every use left by fix: still rwonce.h, which refuses ACCESS_ONCE of a struct' '
	cat "$TEST_TMP/left.err"
	grep -q "^{\"seed\":3,\"config\":\"gcc x86_64 -O0 rwonce.h\",\"status\":\"refused\".*ACCESS_ONCE: operand must be a scalar.*\"converted\":0,\"left\":1," "$TEST_TMP/left/results.jsonl" &&
	grep -q "^{\"seed\":3,\"config\":\"gcc x86_64 -O0 volatile-cast\",\"status\":\"ok\"" "$TEST_TMP/left/results.jsonl"'
# A program that never ends: its program-timeout lines are the same on
# two runs (they named the run's temporary folder before).
for d in t1 t2; do
	PATH="$RWONCE_ROOT/tests/fuzz/once:$PATH" $RWONCE fuzz --mode once --cc gcc --opt 0 \
		--seeds 4 --timeout 1 --out "$TEST_TMP/$d" >/dev/null 2>&1
done
test_expect_success 'a timed-out program gives the same lines on two runs' '
	test "$(grep -c "\"status\":\"program-timeout\"" "$TEST_TMP/t1/results.jsonl")" = 2 &&
	cmp "$TEST_TMP/t1/results.jsonl" "$TEST_TMP/t2/results.jsonl" &&
	! grep -q "rwonce-fuzz\." "$TEST_TMP/t1/results.jsonl"'
# Two configurations out of time and none to the end: the rest of the
# target's configurations are not run (each would wait out the timeout).
PATH="$RWONCE_ROOT/tests/fuzz/once:$PATH" $RWONCE fuzz --mode once --cc gcc --opt 0,1,2 \
	--seeds 4 --timeout 1 --out "$TEST_TMP/endless" >"$TEST_TMP/endless.summary" 2>&1
test_expect_success 'an endless program: two timeouts, the other four configurations skipped' '
	cat "$TEST_TMP/endless.summary"
	test "$(grep -c "\"status\":\"program-timeout\"" "$TEST_TMP/endless/results.jsonl")" = 2 &&
	test "$(grep -c "\"status\":\"skipped-endless\",\"verdict\":\"not-run\".*looks endless (gcc x86_64 -O0 rwonce.h and gcc x86_64 -O1 rwonce.h ran out of time" "$TEST_TMP/endless/results.jsonl")" = 4 &&
	grep -q "^gcc x86_64 -O2 volatile-cast  *0  *0  *0  *0  *0  *0  *0  *0  *0  *1$" "$TEST_TMP/endless.summary"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'
test_done
