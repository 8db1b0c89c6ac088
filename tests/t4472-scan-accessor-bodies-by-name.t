#!/bin/sh
# A source lexed for its sites is read for the once-accessors it defines
# (their bodies' asm operands and __atomic calls are sites), and only
# those discovery found count; every function body of such a file was
# read all the same (on Debian's vmlinux 15,362 bodies of the 896
# sources lexed for their sites, issue 35).  Now only the functions that
# bear a discovered accessor's name are read.  The test hook
# RWONCE_TEST_SCAN_SOURCES counts the bodies read over the run
# (discovery's too) and those left by their names; the accessor's body
# is a site as before.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
cat >acc.h <<'C'
static inline int ld(int *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

static inline int other(int *p)
{
	return p[1] + 1;
}
C
cat >use.c <<'C'
#include "acc.h"
int word, pair[2];

int get(void)
{
	return ld(&word) + other(pair);
}

int twice(int *q)
{
	return q[0] * 2;
}
C
gcc -O2 -g -c use.c -o use.o || exit 1

test_expect_success 'the sites read the body of ld, not of other' '
	RWONCE_TEST_SCAN_SOURCES=1 "$RWONCE" scan -v --no-source use.o >out 2>err &&
	grep -q "^rwonce: test: functions. bodies read for once-accessors over the run: 3, left by their names: 1$" err
'
test_expect_success 'the accessor and its body are sites, checked' '
	grep -q "discovery: .ld. is a once-accessor of this tree (read-once): acc.h:1 defines it" err &&
	grep -q "1 site instance: ok 1, .* 2 sites; 1 of 1 file checked" err &&
	grep -q "coverage: 2 sites in 2 of 2 sources read: 2 checked" err
'
test_done
