#!/bin/sh
# The QEMU plugin tracer on x86-64: the exact access sequence of a
# program with known accesses, pieces of one instruction sharing a seq,
# disassembly, and merging of vector pieces.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/trace/lib.sh"
requires qemu-x86_64 qemu-user
need_cmd qemu-x86_64 gcc nm

test_expect_success 'build the demo program (gcc, static)' '
	build_demo demo gcc
'
watched "$TEST_TMP/demo" || skip_all "demo did not build"

# 1/2/4/8-byte stores and loads, a 16-byte SSE load and store (two 8-byte
# pieces each, one seq), lock cmpxchg (a read and a write, one seq), and a
# discarded volatile load.
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
9 r +24 8
10 w +16 8
10 w +24 8
11 r +32 4
11 w +32 4
12 r +4 4
EOT

test_expect_success 'qemu-x86_64: the exact access sequence' '
	"$TRACE_DUMP" --target x86_64 $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/out" &&
	diff -u "$TEST_TMP/expect" "$TEST_TMP/out"
'

test_expect_success 'qemu-x86_64: disassembly of the accessing instructions' '
	"$TRACE_DUMP" --disas $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/dis" &&
	grep -q "^1 w +0 1  movb \$1, " "$TEST_TMP/dis" &&
	grep -q "^11 r +32 4  lock cmpxchgl " "$TEST_TMP/dis"
'

test_expect_success 'outside the code range the disassembly comes from objdump' '
	"$TRACE_DUMP" --disas --code 10 20 $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/objdis" &&
	grep -q "^1 w +0 1  movb  *\$0x1,0x[0-9a-f]*(%rip)" "$TEST_TMP/objdis" &&
	! grep -q "  ?\$" "$TEST_TMP/objdis"
'

test_expect_success 'merged: the vector pieces become 16-byte accesses' '
	"$TRACE_DUMP" --merge $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/merged" &&
	grep -q "^9 r +16 16\$" "$TEST_TMP/merged" &&
	grep -q "^10 w +16 16\$" "$TEST_TMP/merged" &&
	grep -q "^11 r +32 4\$" "$TEST_TMP/merged" &&
	grep -q "^11 w +32 4\$" "$TEST_TMP/merged" &&
	test $(wc -l <"$TEST_TMP/merged") = 13
'

test_expect_success 'a dead load is still reported' '
	"$TRACE_DUMP" $LO $HI "$TEST_TMP/demo" dead >"$TEST_TMP/dead" &&
	printf "1 r +4 4\n2 r +32 4\n3 r +0 4\n" >"$TEST_TMP/dead.expect" &&
	diff -u "$TEST_TMP/dead.expect" "$TEST_TMP/dead"
'

test_expect_success 'a range outside the program sees nothing' '
	"$TRACE_DUMP" 10 20 "$TEST_TMP/demo" >"$TEST_TMP/none" &&
	test ! -s "$TEST_TMP/none"
'

test_expect_success 'the plugin is found through RWONCE_QEMU_PLUGIN' '
	cp "$RWONCE_BUILD/tracer/rwonce-trace.so" "$TEST_TMP/elsewhere.so" &&
	RWONCE_QEMU_PLUGIN=$TEST_TMP/elsewhere.so \
		"$TRACE_DUMP" $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/env" &&
	diff -u "$TEST_TMP/expect" "$TEST_TMP/env"
'

test_expect_success 'the plugin itself rejects bad options' '
	! qemu-x86_64 -plugin "$RWONCE_BUILD/tracer/rwonce-trace.so,out=$TEST_TMP/x,lo=zz,hi=10" \
		"$TEST_TMP/demo" 2>"$TEST_TMP/err" &&
	grep -q "lo: not a hex number" "$TEST_TMP/err"
'

test_done
