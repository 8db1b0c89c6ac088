#!/bin/sh
#
# `make deps` (scripts/install-deps) waits for another apt or dpkg that
# holds the package lock instead of failing at once (issue 11, item 3),
# and logs apt's output to a file with one line per step on the terminal
# (item 4).  The lock is held by tests/deps/hold-lock.pl (an fcntl lock,
# the kind apt and dpkg take) for a few seconds; install-deps is asked for
# a package that is installed (a stand-in dpkg-query says it is not, so
# apt-get really runs, takes the lock, and changes nothing).  Bounded:
# every run is under `timeout`, the lock holder exits by itself.
. "$(dirname "$0")/lib/tap.sh"
need_cmd perl apt-get dpkg-query timeout
[ "$(id -u)" = 0 ] || skip_all "needs root (installing takes the dpkg lock)"
real=$(dpkg-query -W -f='${Status}' make 2>/dev/null)
case $real in *" installed") ;; *) skip_all "the package make is not installed" ;; esac

mkdir "$TEST_TMP/bin"
printf '#!/bin/sh\nprintf "install ok not-installed"\n' >"$TEST_TMP/bin/dpkg-query"
chmod +x "$TEST_TMP/bin/dpkg-query"
echo make >"$TEST_TMP/list"

# hold FILE SECONDS: start the holder, return once it holds the lock.
hold() {
	perl "$RWONCE_ROOT/tests/deps/hold-lock.pl" "$1" "$2" >"$TEST_TMP/holder" 2>&1 &
	holder=$!
	for _ in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		grep -q locked "$TEST_TMP/holder" && return 0
		kill -0 "$holder" 2>/dev/null || break
		sleep 0.5
	done
	cat "$TEST_TMP/holder"
	return 1
}
deps() { # timeout in seconds, then environment assignments
	t=$1
	shift
	env PATH="$TEST_TMP/bin:$PATH" RWONCE_DEPS_LISTS="$TEST_TMP/list" \
		RWONCE_DEPS_LOG="$TEST_TMP/deps.log" "$@" \
		timeout 300 "$RWONCE_ROOT/scripts/install-deps" \
		>"$TEST_TMP/out" 2>&1
}
elapsed() { echo $(($(date +%s) - $1)); }

if hold /var/lib/dpkg/lock-frontend 6; then
	test_expect_success 'installing waits for the dpkg lock, then goes on' '
		start=$(date +%s); deps 300; rc=$?; cat "$TEST_TMP/out";
		echo "took $(elapsed $start) s"; wait $holder;
		test $rc = 0 && [ "$(elapsed $start)" -ge 3 ] &&
		grep -q "installed: make" "$TEST_TMP/out"'
	test_expect_success 'apt output went to the log, one line per step on the terminal' '
		grep -q "== apt-get [i]nstall" "$TEST_TMP/deps.log" &&
		grep -qi "make is already the newest version" "$TEST_TMP/deps.log" &&
		! grep -qi "newest version" "$TEST_TMP/out" &&
		[ "$(grep -c . "$TEST_TMP/out")" -le 4 ]'
else
	test_skip 'installing waits for the dpkg lock' 'the dpkg lock is busy (another apt is running)'
fi

if hold /var/lib/apt/lists/lock 6; then
	test_expect_success 'apt-get update waits for the lists lock, then goes on' '
		start=$(date +%s); deps 300 RWONCE_APT_UPDATE=1; rc=$?; cat "$TEST_TMP/out";
		wait $holder;
		test $rc = 0 && grep -q "holds the package lock; waiting" "$TEST_TMP/out" &&
		grep -q "installed: make" "$TEST_TMP/out"'
else
	test_skip 'apt-get update waits for the lists lock' 'the lists lock is busy (another apt is running)'
fi

# The lock is held for 60 s and killed as soon as install-deps returns:
# on a machine at a load of 20 (a CI run beside other work) starting
# install-deps and apt-get took over 14 s, the 15 s it was held before,
# and a run that outlives the lock cannot tell whether the timeout held.
if hold /var/lib/apt/lists/lock 60; then
	test_expect_failure_msg 'a lock held past RWONCE_APT_LOCK_TIMEOUT: clear failure' \
		'apt-get update failed; the end of .*deps.log:' \
		'start=$(date +%s); deps 300 RWONCE_APT_UPDATE=1 RWONCE_APT_LOCK_TIMEOUT=3; rc=$?;
		 cat "$TEST_TMP/out"; [ "$(elapsed $start)" -lt 55 ] || exit 0; test $rc = 0'
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
else
	test_skip 'a lock held past the timeout' 'the lists lock is busy (another apt is running)'
fi
test_done
