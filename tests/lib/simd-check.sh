# The checks of a search that compares many positions at once (AVX2,
# else SSE2) against a plain peer, run by test-tool: sourced after tap.sh.
#
# simd_checks SECTION NAME UNIT PEER SSE2_MARK: runs
# "test-tool SECTION NAME" and "test-tool SECTION NAME --sse2"; each must
# exit 0 and print "N UNIT, 0 differ" for N of seven digits or more (the
# SSE2 run followed by "(SSE2_MARK"), the answers compared with PEER's.
simd_checks() {
	section=$1 name=$2 unit=$3 peer=$4 mark=$5
	"$TEST_TOOL" "$section" "$name" >"$TEST_TMP/simd.out" 2>&1
	echo $? >"$TEST_TMP/simd.rc"
	"$TEST_TOOL" "$section" "$name" --sse2 >"$TEST_TMP/simd.out2" 2>&1
	echo $? >"$TEST_TMP/simd.rc2"
	test_expect_success "millions of $unit, none answered otherwise than $peer" "
		cat '$TEST_TMP/simd.out' &&
		[ \"\$(cat '$TEST_TMP/simd.rc')\" = 0 ] &&
		grep -Eq '^[0-9]{7,} $unit, 0 differ\$' '$TEST_TMP/simd.out'"
	test_expect_success "the same without AVX2 ($mark)" "
		cat '$TEST_TMP/simd.out2' &&
		[ \"\$(cat '$TEST_TMP/simd.rc2')\" = 0 ] &&
		grep -Eq '^[0-9]{7,} $unit, 0 differ [(]$mark' '$TEST_TMP/simd.out2'"
}
