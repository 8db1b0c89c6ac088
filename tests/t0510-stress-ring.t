#!/bin/sh
# Stress: the amdgpu ring of examples/ring.h -- a driver thread pushes
# 1, 2, 3, ... and an engine thread must receive every word once and in
# order, reporting progress through the 64-bit write-back rptr that the
# driver reads with one READ_ONCE and uses twice (logged and shifted: the
# two uses must agree).  Also under ThreadSanitizer (no report) and
# ASan+UBSan.  Each run lasts $STRESS_MS ms (tests/stress/stress-lib.sh).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/stress/stress-lib.sh"
. "$RWONCE_ROOT/tests/lib/m32.sh"

need_cmd gcc

for cc in gcc clang clang-19; do
	if ! stress_cc_works "$cc"; then
		test_skip "ring built with $cc" "$(stress_skip_reason "$cc" "$cc cannot build threaded programs here")"
		continue
	fi
	bin=$TEST_TMP/ring-$cc
	test_expect_success "$cc -O2: ring-stress builds" \
		"stress_build ring-stress $bin $cc"
	test_expect_success "$cc -O2: every word received once, in order; rptr read consistent" \
		"stress_run_clean $bin $STRESS_MS"
	stress_diag_last
done

# 32-bit x86: the 64-bit rptr and wptr through RWONCE_ATOMIC64.
for cc in gcc clang; do
	if ! stress_cc_works "$cc" -m32; then
		why=$(m32_why "$cc" -pthread) && why="$cc -m32 cannot build threaded programs"
		test_skip "ring with $cc -m32" "$why"
		continue
	fi
	bin=$TEST_TMP/ring-m32-$cc
	test_expect_success "$cc -m32 -DRWONCE_ATOMIC64: ring-stress builds" \
		"stress_build ring-stress $bin $cc -m32 -DRWONCE_ATOMIC64"
	test_expect_success "$cc -m32 RWONCE_ATOMIC64: every word once, in order; rptr read consistent" \
		"stress_run_clean $bin $STRESS_MS"
	stress_diag_last
done

for cc in gcc clang clang-19; do
	# shellcheck disable=SC2086 # SAN_* are flag lists
	if ! stress_cc_works "$cc" $SAN_TSAN; then
		test_skip "ring under TSan ($cc)" "$(stress_skip_reason "$cc" "$cc has no working -fsanitize=thread here")"
		continue
	fi
	bin=$TEST_TMP/ring-tsan-$cc
	test_expect_success "$cc TSan: ring-stress builds" \
		"stress_build ring-stress $bin $cc $SAN_TSAN"
	test_expect_success "$cc TSan: ring: no report, every word once, in order" \
		"stress_run_clean $bin $STRESS_MS"
	stress_diag_last
	# Control: with the volatile backend forced, TSan reports the very
	# same accesses -- the __atomic backend is what keeps it quiet.
	bin=$TEST_TMP/ring-tsan-volatile-$cc
	test_expect_success "$cc TSan control: RWONCE_BACKEND_VOLATILE is reported as a race" \
		"stress_build ring-stress $bin $cc $SAN_TSAN -DRWONCE_BACKEND_VOLATILE &&
		 stress_run_reports $bin $STRESS_MS"
done

for cc in gcc clang; do
	# shellcheck disable=SC2086
	if ! stress_cc_works "$cc" $SAN_ASAN_UBSAN; then
		test_skip "ring under ASan+UBSan ($cc)" "$(stress_skip_reason "$cc" "$cc has no working ASan+UBSan here")"
		continue
	fi
	bin=$TEST_TMP/ring-asan-$cc
	test_expect_success "$cc ASan+UBSan: ring-stress builds" \
		"stress_build ring-stress $bin $cc $SAN_ASAN_UBSAN"
	test_expect_success "$cc ASan+UBSan: ring: clean, every word once, in order" \
		"stress_run_clean $bin $STRESS_MS"
	stress_diag_last
done

test_done
