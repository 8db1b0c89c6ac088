#!/bin/sh
# Stress: the tear detector.  A writer alternates two 8-byte patterns of a
# two-field struct with WRITE_ONCE; the reader must never see a mix of the
# two through READ_ONCE -- natively and on -m32 with RWONCE_ATOMIC64, with
# gcc and clang, under ThreadSanitizer (no report) and ASan+UBSan.
#
# Diagnostics only (never pass/fail: whether a tear shows in a short run
# depends on scheduling): the kernel's volatile-cast idiom on the struct,
# and -m32 with RWONCE_ALLOW_TEARING, are shown torn when they are.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/stress/stress-lib.sh"
. "$RWONCE_ROOT/tests/lib/m32.sh"

need_cmd gcc

# tear_expect_whole NAME BIN: ok when no torn value was read; a SKIP when
# the two threads never overlapped (nothing was proven either way).
tear_expect_whole() {
	"$2" "$STRESS_MS" >"$TEST_TMP/run.out" 2>&1
	rc=$?
	if grep -q ' 0 changes seen' "$TEST_TMP/run.out" && [ "$rc" = 0 ]; then
		test_skip "$1" "the reader never saw the writer's stores (machine too busy)"
	else
		test_expect_success "$1" "[ $rc = 0 ] && ! grep -Eq '$STRESS_REPORT_RE' $TEST_TMP/run.out"
	fi
	stress_diag_last
}

# tear_show NAME BIN: a diagnostic line saying whether it tore this time.
tear_show() {
	"$2" "$STRESS_MS" >"$TEST_TMP/run.out" 2>&1
	case $? in
	0) diag "$1: not torn in this run" ;;
	1) diag "$1: TORN (as it may be)" ;;
	*) diag "$1: did not run properly" ;;
	esac
	stress_diag_last
}

build_or_skip() { # NAME OUT CC FLAGS...: an ok if it builds; true if it did
	_name=$1
	shift
	test_expect_success "$_name builds" "stress_build tear-stress $*"
	[ -x "$1" ]
}

# ---- native ---------------------------------------------------------
for cc in gcc clang clang-19; do
	if ! stress_cc_works "$cc"; then
		test_skip "tear detector with $cc" "$(stress_skip_reason "$cc" "$cc cannot build threaded programs here")"
		continue
	fi
	bin=$TEST_TMP/tear-$cc
	build_or_skip "$cc -O2: tear-stress" "$bin" "$cc" &&
		tear_expect_whole "$cc -O2: READ_ONCE never returns a mix of two WRITE_ONCEs" "$bin"
	bin=$TEST_TMP/tear-raw-$cc
	build_or_skip "$cc -O2: tear-stress, volatile cast" "$bin" "$cc" -DTEAR_RAW &&
		tear_show "$cc -O2, *(volatile struct pair *)&x" "$bin"
done

# ---- 32-bit x86 -----------------------------------------------------
for cc in gcc clang; do
	if ! stress_cc_works "$cc" -m32; then
		why=$(m32_why "$cc" -pthread) && why="$cc -m32 cannot build threaded programs"
		test_skip "tear detector with $cc -m32" "$why"
		continue
	fi
	bin=$TEST_TMP/tear-m32-$cc
	build_or_skip "$cc -m32 -DRWONCE_ATOMIC64: tear-stress" "$bin" "$cc" -m32 -DRWONCE_ATOMIC64 &&
		tear_expect_whole "$cc -m32 RWONCE_ATOMIC64: READ_ONCE never returns a mix" "$bin"
	bin=$TEST_TMP/tear-m32-tearing-$cc
	build_or_skip "$cc -m32 -DRWONCE_ALLOW_TEARING: tear-stress" "$bin" "$cc" -m32 -DRWONCE_ALLOW_TEARING &&
		tear_show "$cc -m32, RWONCE_ALLOW_TEARING (two 4-byte accesses)" "$bin"
	bin=$TEST_TMP/tear-m32-raw-$cc
	build_or_skip "$cc -m32: tear-stress, volatile cast" "$bin" "$cc" -m32 -DTEAR_RAW &&
		tear_show "$cc -m32, *(volatile struct pair *)&x" "$bin"
done

# ---- ThreadSanitizer ------------------------------------------------
for cc in gcc clang clang-19; do
	# shellcheck disable=SC2086 # SAN_* are flag lists
	if ! stress_cc_works "$cc" $SAN_TSAN; then
		test_skip "tear detector under TSan ($cc)" "$(stress_skip_reason "$cc" "$cc has no working -fsanitize=thread here")"
		continue
	fi
	bin=$TEST_TMP/tear-tsan-$cc
	# shellcheck disable=SC2086 # SAN_* are flag lists
	build_or_skip "$cc TSan: tear-stress" "$bin" "$cc" $SAN_TSAN &&
		tear_expect_whole "$cc TSan: no report, never torn" "$bin"
	# Controls: the same accesses through the volatile backend, and the
	# raw volatile cast, are races to TSan.
	bin=$TEST_TMP/tear-tsan-volatile-$cc
	test_expect_success "$cc TSan control: RWONCE_BACKEND_VOLATILE is reported as a race" \
		"stress_build tear-stress $bin $cc $SAN_TSAN -DRWONCE_BACKEND_VOLATILE &&
		 stress_run_reports $bin $STRESS_MS"
	bin=$TEST_TMP/tear-tsan-raw-$cc
	test_expect_success "$cc TSan control: the raw volatile cast is reported as a race" \
		"stress_build tear-stress $bin $cc $SAN_TSAN -DTEAR_RAW &&
		 stress_run_reports $bin $STRESS_MS"
done

# ---- ASan + UBSan ---------------------------------------------------
for cc in gcc clang; do
	# shellcheck disable=SC2086
	if ! stress_cc_works "$cc" $SAN_ASAN_UBSAN; then
		test_skip "tear detector under ASan+UBSan ($cc)" "$(stress_skip_reason "$cc" "$cc has no working ASan+UBSan here")"
		continue
	fi
	bin=$TEST_TMP/tear-asan-$cc
	# shellcheck disable=SC2086
	build_or_skip "$cc ASan+UBSan: tear-stress" "$bin" "$cc" $SAN_ASAN_UBSAN &&
		tear_expect_whole "$cc ASan+UBSan: clean, never torn" "$bin"
done

test_done
