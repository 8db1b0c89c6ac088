#!/bin/sh
# No network unless asked (issue 33, point 11): libdwfl's standard
# debuginfo finder asks the debuginfod servers DEBUGINFOD_URLS names for
# the debug info of a file without DWARF, by its build ID.  rwonce scan
# does so only with --debuginfod.  The file: a program linked without -g
# (it has a build ID).  A server on loopback records each connection; a
# fresh client cache each run (the client remembers misses).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires strace strace
need_cmd gcc

cd "$TEST_TMP" || exit 1
printf 'int main(void) { return 0; }\n' >m.c
gcc -O2 -Wl,--build-id -o m m.c
readelf -n m | grep -q "Build ID" || skip_all "gcc links without a build ID here"

# A server on 127.0.0.1 (a free port) that appends a line to conn for
# each connection, for at most 20 s.
cat >listen.pl <<'EOP'
use IO::Socket::INET;
my $s = IO::Socket::INET->new(Listen => 5, LocalAddr => '127.0.0.1',
	LocalPort => 0, Proto => 'tcp', ReuseAddr => 1) or die "listen: $!";
open(my $p, '>', "port.tmp") or die; print $p $s->sockport, "\n"; close $p;
rename("port.tmp", "port") or die;
$SIG{ALRM} = sub { exit 0 }; alarm(20);
while (my $c = $s->accept) {
	open(my $l, '>>', 'conn') or die; print $l "connection\n"; close $l;
	close $c;
}
EOP

runs=0
scan_with_server() { # scan options...: the connections in conn
	runs=$((runs + 1))
	rm -f conn port
	perl listen.pl &
	pid=$!
	n=0
	while [ ! -s port ] && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
	DEBUGINFOD_CACHE_PATH=$TEST_TMP/cache$runs \
	DEBUGINFOD_URLS="http://127.0.0.1:$(cat port)" \
		timeout 30 "$RWONCE" scan "$@" m >out 2>err
	echo $? >rc
	kill $pid 2>/dev/null
	wait $pid 2>/dev/null
	touch conn
}

test_expect_success 'DEBUGINFOD_URLS set, no --debuginfod: no connection, the file said to lack DWARF, exit 2' '
	scan_with_server &&
	test "$(cat rc)" = 2 &&
	grep -q "m: no DWARF line tables for its code" err &&
	test ! -s conn
'

if [ -e /usr/lib/x86_64-linux-gnu/libdebuginfod.so.1 ] ||
   ls /usr/lib/*/libdebuginfod.so.1 >/dev/null 2>&1; then
	test_expect_success '--debuginfod: the server is asked (the test can see a connection)' '
		scan_with_server --debuginfod &&
		test "$(cat rc)" = 2 &&
		test -s conn
	'
else
	test_skip '--debuginfod asks the server' 'libdebuginfod1 not installed: elfutils cannot fetch at all'
fi

if have_cmd strace; then
	test_expect_success 'a closed port on 127.0.0.1: no connect() at all (strace -f), and with --debuginfod one' '
		DEBUGINFOD_CACHE_PATH=$TEST_TMP/cache-s1 DEBUGINFOD_URLS=http://127.0.0.1:1 \
			strace -f -e trace=connect -o trace "$RWONCE" scan m >out 2>err; test $? = 2 &&
		! grep "connect(" trace | grep -q "sin_port=htons(1)" &&
		DEBUGINFOD_CACHE_PATH=$TEST_TMP/cache-s2 DEBUGINFOD_URLS=http://127.0.0.1:1 \
			strace -f -e trace=connect -o trace "$RWONCE" scan --debuginfod m >out 2>err
		test $? = 2 &&
		{ grep "connect(" trace | grep -q "sin_port=htons(1)" ||
		  ! ls /usr/lib/*/libdebuginfod.so.1 >/dev/null 2>&1; }
	'
else
	test_skip 'no connect() to a closed port' "$(missing_why strace)"
fi

test_done
