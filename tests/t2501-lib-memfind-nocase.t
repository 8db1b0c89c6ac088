#!/bin/sh
# mem_find_nocase() (src/lib/memfind.h) finds the rwonce-ignore marker
# in every file of an audit (issue #35: the memchr() for each 'w' that
# it replaces was 3 % of an audit of the kernel).  It compares three of
# the needle's bytes ORed with 0x20 at 32 (AVX2) or 16 (SSE2) positions
# at once, so bytes that are no letter alias there ('\r' and '-', '@'
# and '`'); it must answer as strncasecmp() at each position does: the
# first match or none, for needles of 0-20 bytes, at every offset, with
# the buffer ending where an unreadable page begins.  Then an audit
# finds markers spelled in either case and none in a look-alike.
. "$(dirname "$0")/lib/tap.sh"

[ -x "$TEST_TOOL" ] || skip_all "$TEST_TOOL not built (run make)"
. "$RWONCE_ROOT/tests/lib/simd-check.sh"
simd_checks lib memfind-nocase searches 'strncasecmp()' '16 positions'

# audit: a marker that suppresses nothing is named in a note, spelled in
# either case; a look-alike ('\r' where the '-' is) is no marker
mkdir "$TEST_TMP/tree" && cd "$TEST_TMP/tree" || exit 1
printf 'int a; /* RWONCE-Ignore[volatile-cast]: fixed since */\n' >upper.c
printf 'int b; /* rwonce-ignore[volatile-cast]: fixed since */\n' >lower.c
printf 'int c; /* rwonce\rignore[volatile-cast] */\n' >alias.c
"$RWONCE" audit --no-config --no-progress -j 1 --allow-empty . \
	>audit.out 2>audit.err
echo $? >audit.rc
test_expect_success 'audit: the markers in either case are found, the look-alike not' '
	cat audit.err && [ "$(cat audit.rc)" = 0 ] &&
	grep -q "upper.c:1: note: rwonce-ignore.* suppresses nothing" audit.err &&
	grep -q "lower.c:1: note: rwonce-ignore.* suppresses nothing" audit.err &&
	! grep -q "alias.c" audit.err'
test_done
