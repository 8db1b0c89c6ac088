#!/bin/sh
# fix looks at a file that names volatile only when a volatile in it may
# be in a cast (volatile_cast_may_be_in(), src/cfront/idioms.h): "no"
# must be exact.  200,000 generated buffers -- casts with volatile,
# typeof groups, comments, line splices, directives and brackets of every
# kind between their '(' and their close (the lexical engine pairs a '('
# with a ']' or a '}' where brackets do not balance), and token soup --
# each given to rewrite_file(): wherever it finds a volatile cast site or
# note, the prefilter must have said "maybe" (the build before this test
# said "no" for 563 of them).
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
"$TEST_TOOL" cfront cast-prefilter 200000 >"$TEST_TMP/out" 2>&1
echo $? >"$TEST_TMP/rc"
test_expect_success 'no buffer with a site is told no' "
	cat '$TEST_TMP/out' &&
	[ \"\$(cat '$TEST_TMP/rc')\" = 0 ] &&
	grep -q ' told no with a site\$' '$TEST_TMP/out' &&
	grep -q ', 0 told no with a site\$' '$TEST_TMP/out'"
test_expect_success 'the buffers hold sites, and most are told no' "
	sites=\$(sed -n 's/.* buffers, \\([0-9]*\\) with a site.*/\\1/p' '$TEST_TMP/out') &&
	no=\$(sed -n 's/.* with a site, \\([0-9]*\\) told no,.*/\\1/p' '$TEST_TMP/out') &&
	[ \"\$sites\" -gt 1000 ] && [ \"\$no\" -gt 100000 ]"
test_done
