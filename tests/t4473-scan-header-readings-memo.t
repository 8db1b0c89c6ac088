#!/bin/sh
# An object spelled through a header's macros (liburcu's
# URCU_TLS(name), t4395) is read every way the headers' definitions
# allow, and scan asked for those readings at every instance of the
# site -- each asking lexed each definition it tried and expanded every
# combination again (2% of a scan of Debian's vmlinux: 3,223 askings,
# 745 expressions; issue 35).  The readings depend on the expression
# alone, so they are remembered.  The test hook RWONCE_TEST_SCAN_SOURCES
# counts the readings worked out and those remembered; here a site in a
# function inlined into three callers (three instances of one object),
# each typed as before (ok, one 4-byte load).  The site's own pass asks
# too (the sources type the readings, decl-macros.h): once worked out,
# then remembered for each of the three instances.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
S=$RWONCE_ROOT/tests/scan
cat >memo.c <<'C'
#include <lib/tlsmac.h>

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct reader { unsigned long ctr; unsigned int waiting; };
__thread struct reader my_reader;

static inline unsigned int waiting(void)
{
	return READ_ONCE(MY_TLS(my_reader).waiting);
}

unsigned int one(unsigned int k) { return tlsmac_mix(waiting(), k); }
unsigned int two(unsigned int k) { return tlsmac_mix(waiting(), k + 1); }
unsigned int three(unsigned int k) { return tlsmac_mix(waiting(), k + 2); }
C
gcc -O2 -g -I"$S/user-include" -c memo.c -o memo.o || exit 1

test_expect_success 'three instances of one object: its readings worked out once' '
	RWONCE_TEST_SCAN_SOURCES=1 "$RWONCE" scan -v memo.o >out 2>err
	test $? = 0 &&
	grep -q "^rwonce: test: the headers. macro readings of an expression: 1 worked out, 3 remembered$" err
'
test_expect_success 'each instance typed by a reading: ok, one 4-byte load' '
	grep -q "3 site instances: ok 3, torn 0, duplicated 0, widened 0, unattributed 0; 1 site;" err &&
	"$RWONCE" scan --json memo.o >j 2>/dev/null &&
	test "$(grep -o "compiled to one 4-byte load" j | wc -l)" = 3
'
test_done
