# TAP helpers for the shell tests, sourced by every tests/t*.t script.
#
#   test_expect_success 'name' 'commands'   ok when commands exit 0
#   test_expect_failure_msg 'name' 'regex' 'commands'
#                                            ok when commands fail AND their
#                                            output matches the regex (ERE)
#   test_exit_msg STATUS 'name' 'regex' CMD...
#                                            ok when CMD (argv, no eval)
#                                            exits STATUS AND its output
#                                            matches the regex (ERE)
#   test_skip 'name' 'reason'                a TAP skip, never a pass
#   skip_all 'reason'                        plan 1..0 # SKIP reason; exit
#   requires PROG PACKAGE                   declares a program the test
#                                            runs and its Debian package;
#   need_cmd PROG... / have_cmd PROG         skip the script / the case
#                                            unless PROG is there
#                                            (tests/lib/requires.sh)
#   diag 'text'                              a TAP comment
#   test_done                                prints the plan and exits
#
# Variables for the tests: RWONCE_ROOT (the source tree), RWONCE_BUILD (the
# build folder), RWONCE (the tool), TEST_TOOL (the test helper), TEST_TMP (a private scratch folder that
# is removed when the script exits, whatever the way).

RWONCE_ROOT=$(cd "$(dirname "$0")/.." && pwd)
RWONCE_BUILD=${RWONCE_BUILD:-$RWONCE_ROOT/build}
RWONCE=${RWONCE:-$RWONCE_BUILD/rwonce}
# the test helper: every test driver, `"$TEST_TOOL" NAME ARGS...`
# (tests/helper/test-tool.c)
TEST_TOOL=${TEST_TOOL:-$RWONCE_BUILD/test-tool}
export RWONCE_ROOT RWONCE_BUILD RWONCE TEST_TOOL
. "$RWONCE_ROOT/tests/lib/requires.sh"

TEST_TMP=$(mktemp -d "${TMPDIR:-/tmp}/rwonce-test.XXXXXX")
trap 'rm -rf "$TEST_TMP"' EXIT
trap 'exit 130' INT TERM

tap_count=0
tap_failed=0

_tap_result() { # status name [directive]
	tap_count=$((tap_count + 1))
	if [ "$1" = 0 ]; then
		echo "ok $tap_count - $2${3:+ # $3}"
	else
		tap_failed=$((tap_failed + 1))
		echo "not ok $tap_count - $2"
	fi
}

diag() {
	printf '%s\n' "$*" | sed 's/^/# /'
}

test_expect_success() { # name commands
	if (eval "$2") >"$TEST_TMP/.out" 2>&1; then
		_tap_result 0 "$1"
	else
		_tap_result 1 "$1"
		diag "failed: $2"
		sed 's/^/#   /' "$TEST_TMP/.out" | head -n 40
	fi
}

test_expect_failure_msg() { # name regex commands
	if (eval "$3") >"$TEST_TMP/.out" 2>&1; then
		_tap_result 1 "$1"
		diag "expected failure, but succeeded: $3"
	elif grep -Eq -e "$2" "$TEST_TMP/.out"; then
		_tap_result 0 "$1"
	else
		_tap_result 1 "$1"
		diag "failed as expected, but output lacks /$2/:"
		sed 's/^/#   /' "$TEST_TMP/.out" | head -n 40
	fi
}

test_exit_msg() { # status name regex command...
	_want=$1 _name=$2 _re=$3
	shift 3
	"$@" >"$TEST_TMP/.out" 2>&1
	_rc=$?
	if [ "$_rc" != "$_want" ]; then
		_tap_result 1 "$_name"
		diag "exit status $_rc, not $_want: $*"
		sed 's/^/#   /' "$TEST_TMP/.out" | head -n 40
	elif grep -Eq -e "$_re" "$TEST_TMP/.out"; then
		_tap_result 0 "$_name"
	else
		_tap_result 1 "$_name"
		diag "exit status $_want as expected, but the output lacks /$_re/:"
		sed 's/^/#   /' "$TEST_TMP/.out" | head -n 40
	fi
}

test_skip() { # name reason
	tap_count=$((tap_count + 1))
	echo "ok $tap_count - $1 # SKIP $2"
}

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

test_done() {
	if [ -s "$TEST_TMP/.undeclared" ]; then
		_tap_result 1 "every optional program run is declared"
		diag "not declared (requires PROG PACKAGE): $(sort -u "$TEST_TMP/.undeclared" | tr '\n' ' ')"
	fi
	echo "1..$tap_count"
	[ "$tap_failed" = 0 ]
}
