#!/bin/sh
# rwonce verify where a new user trips (issue 11, items 7-9): one probe
# file that does not compile fails only its own probes; a command that is
# not a C compiler and a missing cross compiler get messages that say so
# and name the packages; --emit-header encodes what was verified.
. "$(dirname "$0")/lib/tap.sh"
requires qemu-x86_64 qemu-user
requires qemu-arm qemu-user
requires gcc-11 gcc-11
requires clang-16 clang-16
# The messages for missing cross compilers: these two are kept out of
# PATH, or checked to be absent, never run.
mentions arm-linux-gnueabihf-gcc arm-linux-gnueabihf-gcc-11
need_cmd cc qemu-x86_64
[ "$(uname -m)" = x86_64 ] || skip_all "x86-64 host needed"

mkdir -p "$TEST_TMP/tmp"
export TMPDIR="$TEST_TMP/tmp"
P=$RWONCE_ROOT/tests/verify/first-use
V="$RWONCE verify --opt 2 --backend volatile --details"

# ---- item 7: probe files are compiled so that one bad file fails alone --
test_expect_success 'a probe file that does not compile fails only its probes' '
	$V --no-builtin --probes "$P/good.c" --probes "$P/broken.c" \
		>"$TEST_TMP/out" 2>"$TEST_TMP/err"; rc=$?;
	cat "$TEST_TMP/out" "$TEST_TMP/err"; test $rc = 2 &&
	grep -q "^  good_read  *ok" "$TEST_TMP/out" &&
	grep -q "^  broken_read  *NOCC" "$TEST_TMP/out" &&
	grep -q "broken.c does not compile with cc (its 1 probe was not run):" "$TEST_TMP/err" &&
	grep -q "no_such_thing" "$TEST_TMP/err" &&
	grep -q "^The library kept the promise in the one probe run\.$" "$TEST_TMP/out" &&
	grep -q "^1 configuration was checked in part" "$TEST_TMP/out" &&
	grep -q "^verdict: TROUBLE" "$TEST_TMP/out"'
test_expect_success 'the built-in battery still runs beside a broken user file' '
	$V --probes "$P/broken.c" --only "read_u32,raw_read_u32,broken_read" \
		>"$TEST_TMP/out" 2>&1; rc=$?; test $rc = 2 &&
	grep -q "^  read_u32  *ok" "$TEST_TMP/out" &&
	grep -q "^  raw_read_u32  *ok" "$TEST_TMP/out" &&
	grep -q "^  broken_read  *NOCC" "$TEST_TMP/out"'
test_expect_success 'no temporary files left' 'test -z "$(ls -A "$TMPDIR")"'

# ---- item 8: not a compiler; a missing cross compiler --------------------
test_expect_failure_msg '--cc /bin/true: not a working C compiler' \
	"^rwonce: error: '/bin/true' is not a working C compiler" \
	'$V --cc /bin/true; test $? = 2 && false'
test_expect_success '--cc /bin/true: no table, no "cannot read"' '
	$V --cc /bin/true >"$TEST_TMP/out" 2>&1;
	! grep -q "cannot read\|(?)" "$TEST_TMP/out"'
# A PATH with this machine's cc and qemu-arm, but no ARM cross compiler.
mkdir "$TEST_TMP/bin"
for t in cc qemu-arm; do
	p=$(command -v $t) && ln -s "$p" "$TEST_TMP/bin/$t"
done
if [ -e "$TEST_TMP/bin/qemu-arm" ]; then
	test_expect_failure_msg 'a missing cross compiler names the Debian packages' \
		"^rwonce: error: no C compiler for armhf: arm-linux-gnueabihf-gcc is not installed \(apt-get install gcc-arm-linux-gnueabihf libc6-dev-armhf-cross qemu-user\)" \
		'PATH="$TEST_TMP/bin" $V --target armhf; test $? = 2 && false'
else
	test_skip 'a missing cross compiler names the Debian packages' "$(missing_why qemu-arm)"
fi
if have_cmd gcc-11 && have_cmd qemu-arm && ! have_cmd arm-linux-gnueabihf-gcc-11; then
	test_expect_failure_msg 'a missing versioned cross gcc names its package' \
		"no gcc-11 cross compiler for armhf: arm-linux-gnueabihf-gcc-11 is not installed \(apt-get install gcc-11-arm-linux-gnueabihf;" \
		'$V --cc gcc-11 --target armhf; test $? = 2 && false'
else
	test_skip 'a missing versioned cross gcc names its package' \
		'needs gcc-11 and qemu-arm without arm-linux-gnueabihf-gcc-11'
fi

# ---- item 9: --emit-header encodes what was verified ---------------------
use() { # flags...: compile a unit that includes h.h; its stderr in cc-err
	printf '#include "h.h"\nconst char *v = RWONCE_VERIFIED;\n' >"$TEST_TMP/use.c"
	"$@" -I"$TEST_TMP" -c -o "$TEST_TMP/use.o" "$TEST_TMP/use.c" 2>"$TEST_TMP/cc-err"
}
test_expect_success '--emit-header after cc -O0 and -O2 (volatile backend)' '
	"$RWONCE" verify --opt 0,2 --backend volatile --only "read_u32,two_reads" \
		--emit-header "$TEST_TMP/h.h" >/dev/null && cat "$TEST_TMP/h.h" | head -n 20 &&
	grep -q "__GNUC__ == [0-9]" "$TEST_TMP/h.h" && grep -q "defined(__x86_64__)" "$TEST_TMP/h.h"'
test_expect_success 'a build like a verified configuration is accepted (cc -O2, -O3, -O0)' '
	use cc -O2 && use cc -O3 && use cc -O0'
test_expect_failure_msg 'cc -Os was not verified: #error' \
	'rwonce verify: this compiler, target, flags or backend were not verified \(verified: cc x86_64 -O0; cc x86_64 -O2\)' \
	'use cc -Os; rc=$?; cat "$TEST_TMP/cc-err"; test $rc = 0'
test_expect_failure_msg 'the atomic backend was not verified: #error' \
	'were not verified' \
	'use cc -O2 -DRWONCE_BACKEND_ATOMIC; rc=$?; cat "$TEST_TMP/cc-err"; test $rc = 0'
for other in clang-16 gcc-11; do
	if have_cmd $other; then
		test_expect_failure_msg "another compiler ($other) was not verified: #error" \
			'were not verified' \
			'use $other -O2; rc=$?; cat "$TEST_TMP/cc-err"; test $rc = 0'
	else
		test_skip "another compiler ($other) was not verified" "$(missing_why $other)"
	fi
done
test_expect_success '--emit-header when a (faulty) compiler broke the promise at -O2' '
	RWONCE_FAULT=double "$RWONCE" verify --cc "$RWONCE_ROOT/tests/verify/cc-fault" \
		--opt 2 --backend volatile --only "read_u32" --emit-header "$TEST_TMP/h.h" \
		>/dev/null; test $? = 1'
test_expect_failure_msg 'a build like the broken configuration: #error naming what broke' \
	'breaks the single-access promise: read_u32 duplicated \(.*cc-fault x86_64 -O2\)' \
	'use cc -O2; rc=$?; cat "$TEST_TMP/cc-err"; test $rc = 0'
test_expect_failure_msg 'a build like no configuration checked: #error, not verified' \
	'were not verified \(verified: .*cc-fault x86_64 -O2\)' \
	'use cc -O0; rc=$?; cat "$TEST_TMP/cc-err"; test $rc = 0'
test_expect_failure_msg 'an unwritable header path is reported before the run' \
	"^rwonce: error: cannot write /nonexistent/h.h: No such file or directory \(checked before running\)" \
	'start=$(date +%s); $V --emit-header /nonexistent/h.h >"$TEST_TMP/out"; rc=$?;
	 ! grep -q "^Checked" "$TEST_TMP/out" && test $rc = 2 && false'
test_done
