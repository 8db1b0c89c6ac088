#!/bin/sh
# The QEMU tracer on s390x (big-endian): the exact access sequence, and
# the MVC blind spot: a struct copy is reported as blind executions, not
# as no access at all.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/trace/lib.sh"
requires qemu-s390x qemu-user
requires s390x-linux-gnu-gcc gcc-s390x-linux-gnu
requires s390x-linux-gnu-objdump binutils-s390x-linux-gnu
need_cmd qemu-s390x s390x-linux-gnu-gcc s390x-linux-gnu-objdump nm

test_expect_success 'build the demo program (s390x-linux-gnu-gcc)' '
	build_demo demo s390x-linux-gnu-gcc
'
watched "$TEST_TMP/demo" || skip_all "demo did not build"

# No vector facility at the default -march: the 16-byte copy is two lg/stg
# pairs; cs is one read and one write.
cat >"$TEST_TMP/expect" <<EOT
1 w +0 1
2 w +2 2
3 w +4 4
4 w +8 8
5 r +0 1
6 r +2 2
7 r +4 4
8 r +8 8
9 r +16 8
10 w +16 8
11 r +24 8
12 w +24 8
13 r +32 4
13 w +32 4
14 r +4 4
EOT

set -- $(symbol_range "$TEST_TMP/demo" main)
MAIN="$1 $2"

test_expect_success 'qemu-s390x: the exact access sequence' '
	"$TRACE_DUMP" --target s390x --code $MAIN $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/out" &&
	diff -u "$TEST_TMP/expect" "$TEST_TMP/out"
'

test_expect_success 'disassembly: mvi, mvhhi, cs' '
	"$TRACE_DUMP" --target s390x --disas --code $MAIN $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/dis" &&
	grep -q "^1 w +0 1  mvi " "$TEST_TMP/dis" &&
	grep -q "^13 w +32 4  cs " "$TEST_TMP/dis"
'

test_expect_success 'disassembly outside the code range: s390x-linux-gnu-objdump' '
	"$TRACE_DUMP" --target s390x --disas --code 10 20 $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/objdis" &&
	grep -q "^1 w +0 1  mvi" "$TEST_TMP/objdis" &&
	grep -q "^13 w +32 4  cs" "$TEST_TMP/objdis"
'

test_expect_success 'a struct copy through MVC: no access, blind mvc executions' '
	set -- $(symbol_range "$TEST_TMP/demo" struct_copy) &&
	"$TRACE_DUMP" --target s390x --disas --code $1 $2 $LO $HI "$TEST_TMP/demo" copy >"$TEST_TMP/copy" &&
	test -z "$(accesses <"$TEST_TMP/copy")" &&
	test $(grep -c " blind  mvc " "$TEST_TMP/copy") = 4
'

test_expect_success 'glibc memcpy (EX of MVC) is blind too' '
	set -- $(symbol_range "$TEST_TMP/demo" memcpy) &&
	"$TRACE_DUMP" --target s390x --code $1 $2 $LO $HI "$TEST_TMP/demo" memcpy >"$TEST_TMP/memcpy" &&
	test -z "$(accesses <"$TEST_TMP/memcpy")" &&
	grep -q " blind" "$TEST_TMP/memcpy"
'

test_expect_success 'blind instructions outside the code range are not reported' '
	"$TRACE_DUMP" --target s390x --code 10 20 $LO $HI "$TEST_TMP/demo" copy >"$TEST_TMP/none" &&
	test ! -s "$TEST_TMP/none"
'

test_done
