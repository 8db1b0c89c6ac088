# Shell helpers for the stress tests (tests/t05xx-stress-*.t), sourced
# after tests/lib/tap.sh.
#
#   stress_build SRC OUT CC [FLAGS...]   compile tests/stress/SRC.c
#   stress_cc_works CC [FLAGS...]        can CC build AND run a threaded
#                                        program with FLAGS (a sanitizer, -m32)?
#   stress_run_clean OUT ARGS...         exit 0 and no sanitizer report
#   stress_run_reports OUT ARGS...       a TSan data-race report appears
#                                        (in one of up to 5 runs)
#   stress_skip_reason CC WHY            the skip reason for a build with
#                                        CC: not installed (the package),
#                                        else WHY
#
# STRESS_MS (default 700, or $RWONCE_STRESS_MS) is the time budget of one
# run; each program stops by itself when it is spent.

# The compilers the stress tests build with, besides gcc.
requires clang clang
requires clang-19 clang-19

# The reason to skip a build with CC: not installed, else WHY.
stress_skip_reason() { # cc why
	if have_cmd "$1"; then echo "$2"; else missing_why "$1"; fi
}

# shellcheck disable=SC2034 # these are for the scripts that source this
STRESS_MS=${RWONCE_STRESS_MS:-700}
STRESS_SRC=$RWONCE_ROOT/tests/stress

# Sanitizers: stop at the first UB; report races but keep going so the
# program still prints its counts; a report makes the exit status 66.
# The reports go to stderr, where these tests look for them, whatever
# log_path the caller set (make check-sanitize sends rwonce's own to
# files; a TSan runtime also takes UBSAN_OPTIONS' log_path): last wins.
TSAN_OPTIONS="halt_on_error=0 exitcode=66 ${TSAN_OPTIONS:-} log_path=stderr"
ASAN_OPTIONS="detect_leaks=1 ${ASAN_OPTIONS:-} log_path=stderr"
UBSAN_OPTIONS="print_stacktrace=1 halt_on_error=1 ${UBSAN_OPTIONS:-} log_path=stderr"
export TSAN_OPTIONS ASAN_OPTIONS UBSAN_OPTIONS

# shellcheck disable=SC2034
SAN_TSAN="-fsanitize=thread -O1 -g"
# shellcheck disable=SC2034
SAN_ASAN_UBSAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -g"

stress_build() { # SRC OUT CC [FLAGS...]
	_src=$1 _out=$2 _cc=$3
	shift 3
	"$_cc" -std=gnu11 -Wall -Wextra -Werror -O2 -g -pthread \
		-I"$RWONCE_ROOT/include" -I"$RWONCE_ROOT/examples" -I"$STRESS_SRC" \
		"$@" -o "$_out" "$STRESS_SRC/$_src.c"
}

stress_cc_works() { # CC [FLAGS...]
	_cc=$1
	shift
	have_cmd "$_cc" || return 1
	cat >"$TEST_TMP/probe.c" <<'PROBE'
#include <pthread.h>
static void *f(void *a) { return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, f, 0); return pthread_join(t, 0); }
PROBE
	"$_cc" -pthread "$@" -o "$TEST_TMP/probe" "$TEST_TMP/probe.c" \
		>/dev/null 2>&1 && "$TEST_TMP/probe" >/dev/null 2>&1
}

# What a sanitizer report looks like.
STRESS_REPORT_RE='ThreadSanitizer|AddressSanitizer|LeakSanitizer|runtime error:'

stress_run_clean() { # OUT ARGS...
	"$@" >"$TEST_TMP/run.out" 2>&1
	_rc=$?
	cat "$TEST_TMP/run.out"
	[ "$_rc" = 0 ] && ! grep -Eq "$STRESS_REPORT_RE" "$TEST_TMP/run.out"
}

# A control run must show that TSan sees the race, but whether one run
# shows it depends on the schedule: TSan remembers only the last few
# accesses to each 8 bytes, and when the racing threads barely overlap
# (a loaded CI machine ran one 700 ms control with no report) the
# conflicting pair is never checked.  Up to STRESS_REPORT_TRIES runs;
# a report in any of them is the evidence.
STRESS_REPORT_TRIES=${RWONCE_STRESS_REPORT_TRIES:-5}

stress_run_reports() { # OUT ARGS...
	_try=1
	while :; do
		"$@" >"$TEST_TMP/run.out" 2>&1
		if grep -q 'WARNING: ThreadSanitizer: data race' "$TEST_TMP/run.out"; then
			grep -E 'WARNING: ThreadSanitizer: data race|^[a-z]' \
				"$TEST_TMP/run.out" | head -n 3
			[ "$_try" = 1 ] || echo "(reported on run $_try of $STRESS_REPORT_TRIES)"
			return 0
		fi
		echo "run $_try: no TSan report"
		grep -E '^[a-z]' "$TEST_TMP/run.out" | head -n 1
		[ "$_try" -lt "$STRESS_REPORT_TRIES" ] || return 1
		_try=$((_try + 1))
	done
}

# The one-line result of the last run, as a TAP comment.
stress_diag_last() {
	grep -E '^(ipte|ring|tear)' "$TEST_TMP/run.out" | head -n 1 | sed 's/^/# /'
}
