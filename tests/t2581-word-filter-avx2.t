#!/bin/sh
# The word filters of fix's passes over the uses of the macros whose body
# is the access (src/cfront/word-filter.h) are built, where the processor
# has AVX2, from one classification of each 32 bytes by two table
# lookups, and with each word's bits or'ed in without a branch on the
# word (issue #35: the filters were a seventh of `fix -j 1` on Linux
# 4.14.5).  They must be the bits of SSE2's masks and ident_calls_next():
# test-tool builds both on random buffers of words across 64-byte
# blocks, words that start with a digit, runs of blanks up to a block's
# end, '(', '/', backslashes, '$', bytes from 0x80 on and NUL, from every
# start, each ending where an unreadable page begins.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
"$TEST_TOOL" cfront word-filter-paths >"$TEST_TMP/paths.out" 2>&1
echo $? >"$TEST_TMP/paths.rc"
grep -q '^no AVX2' "$TEST_TMP/paths.out" &&
	skip_all "the processor has no AVX2: one way to build only"

test_expect_success 'a million filters, the same bits both ways' '
	cat "$TEST_TMP/paths.out" &&
	[ "$(cat "$TEST_TMP/paths.rc")" = 0 ] &&
	grep -Eq "^[0-9]{7,} filters, 0 differ\$" "$TEST_TMP/paths.out"'

test_done
