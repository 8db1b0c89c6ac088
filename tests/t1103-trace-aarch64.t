#!/bin/sh
# The QEMU tracer on aarch64: the exact access sequence (cortex-a72, the
# target's cpu), and the SVE blind spot under QEMU's default cpu.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/trace/lib.sh"
requires qemu-aarch64 qemu-user
requires aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu
requires clang-19 clang-19
need_cmd qemu-aarch64 aarch64-linux-gnu-gcc nm

test_expect_success 'build the demo program (aarch64-linux-gnu-gcc)' '
	build_demo demo aarch64-linux-gnu-gcc
'
watched "$TEST_TMP/demo" || skip_all "demo did not build"

# Under cortex-a72 (no LSE) gcc's outline atomics take the ldaxr/stlxr
# loop; QEMU implements stlxr as a compare-and-swap: a read and a write.
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
12 r +32 4
12 w +32 4
13 r +4 4
EOT

test_expect_success 'qemu-aarch64 (cortex-a72): the exact access sequence' '
	"$TRACE_DUMP" --target aarch64 $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/all" &&
	accesses <"$TEST_TMP/all" | awk "{ \$1 = \$1 - base; print }" \
		base=$(accesses <"$TEST_TMP/all" | awk "NR == 1 { print \$1 - 1 }") \
		>"$TEST_TMP/out" &&
	diff -u "$TEST_TMP/expect" "$TEST_TMP/out"
'

test_expect_success 'disassembly: ldaxr/stlxr named' '
	"$TRACE_DUMP" --target aarch64 --disas $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/dis" &&
	grep -q "r +32 4  ldaxr w" "$TEST_TMP/dis" &&
	grep -q "w +32 4  stlxr w" "$TEST_TMP/dis"
'

test_expect_success 'cortex-a72: a 24-byte glibc memcpy is seen' '
	"$TRACE_DUMP" --target aarch64 --disas $LO $HI "$TEST_TMP/demo" memcpy >"$TEST_TMP/a72" &&
	accesses <"$TEST_TMP/a72" | grep -q " w +72 8 " &&
	! grep " blind " "$TEST_TMP/a72" | grep -qv "dc zva"
'

# QEMU's default cpu ("max") has SVE: glibc picks __memcpy_sve, whose
# ld1b/st1b QEMU 7.2 performs in a helper the plugin cannot see.  They
# must show up as blind executions, not as nothing.
test_expect_success 'default cpu: the same memcpy is blind (SVE), not missing' '
	"$TRACE_DUMP" --target aarch64 --cpu "" --disas $LO $HI "$TEST_TMP/demo" memcpy >"$TEST_TMP/max" &&
	test -z "$(accesses <"$TEST_TMP/max")" &&
	set -- $(symbol_range "$TEST_TMP/demo" __memcpy_sve) &&
	"$TRACE_DUMP" --target aarch64 --cpu "" --code $1 $2 $LO $HI "$TEST_TMP/demo" memcpy >"$TEST_TMP/sve" &&
	test $(grep -c " blind" "$TEST_TMP/sve") -ge 2
'

test_expect_success 'default cpu: LSE casal is one read and one write' '
	"$TRACE_DUMP" --target aarch64 --cpu "" $LO $HI "$TEST_TMP/demo" >"$TEST_TMP/lse" &&
	accesses <"$TEST_TMP/lse" | grep " +32 4" >"$TEST_TMP/cas" &&
	test $(wc -l <"$TEST_TMP/cas") = 2 &&
	test $(cut -d" " -f1 "$TEST_TMP/cas" | sort -u | wc -l) = 1
'

if have_cmd clang-19; then
	test_expect_success 'clang-19 --target=aarch64-linux-gnu: scalars as expected' '
		clang-19 --target=aarch64-linux-gnu -O2 -static -o "$TEST_TMP/demo-clang" "$DEMO_SRC" &&
		watched "$TEST_TMP/demo-clang" &&
		"$TRACE_DUMP" --target aarch64 $LO $HI "$TEST_TMP/demo-clang" >"$TEST_TMP/c" &&
		accesses <"$TEST_TMP/c" | cut -d" " -f2- | head -n 8 >"$TEST_TMP/c8" &&
		cut -d" " -f2- "$TEST_TMP/expect" | head -n 8 | diff -u - "$TEST_TMP/c8"
	'
else
	test_skip 'clang-19 --target=aarch64-linux-gnu: scalars as expected' "$(missing_why clang-19)"
fi

test_done
