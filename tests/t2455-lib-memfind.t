#!/bin/sh
# mem_find() (src/lib/memfind.h), the AVX2/SSE2 search for the short words
# audit, discovery and the tree type index look for in every file of a
# tree (issue #35: glibc's memmem() passes were 12 % of an audit of the
# kernel), must answer as memmem() does: the first occurrence or none,
# for needles of every length (0-20, on both sides of the 16-byte
# blocks it compares), at every offset, in buffers full of partial
# matches.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
"$TEST_TOOL" lib memfind >"$TEST_TMP/out" 2>&1
echo $? >"$TEST_TMP/rc"
"$TEST_TOOL" lib memfind --sse2 >"$TEST_TMP/out2" 2>&1
echo $? >"$TEST_TMP/rc2"

test_expect_success 'millions of searches, none answered otherwise than memmem()' "
	cat '$TEST_TMP/out' &&
	[ \"\$(cat '$TEST_TMP/rc')\" = 0 ] &&
	grep -Eq '^[0-9]{7,} searches, 0 differ\$' '$TEST_TMP/out'"
test_expect_success 'the same 16 positions at a time (SSE2, no AVX2)' "
	cat '$TEST_TMP/out2' &&
	[ \"\$(cat '$TEST_TMP/rc2')\" = 0 ] &&
	grep -Eq '^[0-9]{7,} searches, 0 differ [(]16 positions' '$TEST_TMP/out2'"
test_done
