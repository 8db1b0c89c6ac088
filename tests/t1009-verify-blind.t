#!/bin/sh
# The tracer's blind spots are handled, not ignored: accesses made by
# s390x MVC (inside QEMU helpers) are invisible to QEMU 7.2 plugins, so a
# probe that misses an access while an MVC ran is "unobservable" -- never
# "elided" -- the instruction is named, and it is not a violation.  A run
# in which nothing was seen at all checked nothing: exit 2 (t1011).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/verify/lib.sh"
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
requires qemu-s390x qemu-user
requires clang-19 clang-19
need_cmd s390x-linux-gnu-gcc s390x-linux-gnu-as qemu-s390x

test_expect_success 'a probe copying with MVC: unobservable, not elided' '
	{ "$RWONCE" verify --target s390x --no-builtin \
		--probes "$RWONCE_ROOT/tests/verify/mvc-copy-s390x.s" \
		--opt 0 --backend volatile --details >"$TEST_TMP/out"
	  test $? = 2; } &&
	grep -q "^  mvc_copy  *unobs" "$TEST_TMP/out" &&
	grep -q "not visible to the tracer: 0x[0-9a-f]* rwonce_probe_mvc_copy+0x[0-9a-f]*: mvc " "$TEST_TMP/out" &&
	grep -q "^The tracer could not see the library.s accesses in any of the 1 probe run (unobservable, not a violation)" "$TEST_TMP/out" &&
	! grep -q "^  mvc_copy  *ELIDED" "$TEST_TMP/out" &&
	! grep -q "^mvc_copy .*: [a-z,]*elided" "$TEST_TMP/out"
'

test_expect_success '--emit-header does not blacklist what it could not see' '
	"$RWONCE" verify --target s390x \
		--probes "$RWONCE_ROOT/tests/verify/mvc-copy-s390x.s" \
		--only "mvc_copy,read_u32" \
		--opt 0 --backend volatile --emit-header "$TEST_TMP/h.h" >/dev/null &&
	grep -q "^#define RWONCE_VERIFIED" "$TEST_TMP/h.h"
'

if have_cmd clang-19; then
	test_expect_success 'clang-19 -O0 s390x: raw struct copy through memcpy (EX of MVC) is unobservable' '
		{ "$RWONCE" verify --cc clang-19 --target s390x --opt 0 --backend volatile \
			--only "raw_read_pair32" --json >"$TEST_TMP/j"
		  test $? = 2; } &&
		test "$(verdicts raw_read_pair32 "$TEST_TMP/j")" = unobservable &&
		grep "\"name\": \"raw_read_pair32\"," "$TEST_TMP/j" | grep -q "\"blind\": \[\"0x"
	'
else
	test_skip 'clang-19 -O0 s390x: raw struct copy unobservable' "$(missing_why clang-19)"
fi

test_done
