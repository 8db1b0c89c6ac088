#!/bin/sh
# The readings of an object spelled through the headers' macros (t4473)
# come from every combination of the names' definitions (each, or none),
# and each combination was expanded from the start: Linux's
# tcp_sk(sk)->field, 128 combinations for 15 readings, 3 ms an
# expression (issue 35).  An expansion asks the definitions only which
# one each name it meets has, so a combination that chooses alike for
# the names an expansion before it looked up is that reading again and
# is not expanded.  Here OBJ(p) is defined two ways, one of them through
# WRAP (three ways) -- and OBJ left unexpanded, or read as (p), never
# meets WRAP: of the 3 x 4 combinations of the second round, 6 are the
# reading of one before.  The test hook RWONCE_TEST_SCAN_SOURCES counts
# them; RWONCE_TEST_SCAN_COMBO_MEMO=off expands every one, and the scan
# must say the same.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
cat >cfg.h <<'C'
#ifndef CFG_H
#define CFG_H
#ifdef CFG_WRAPPED
#define OBJ(p) WRAP(p)
#else
#define OBJ(p) (p)
#endif
#if defined(CFG_GET)
#define WRAP(p) (*wrap_get(&(p)))
#elif defined(CFG_PAREN)
#define WRAP(p) ((p))
#else
#define WRAP(p) (p)
#endif
static inline unsigned int cfg_mix(unsigned int a, unsigned int b)
{
	return a + (a >> (b & 7));
}
#endif
C
cat >memo.c <<'C'
#include "cfg.h"

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))

struct reader { unsigned long ctr; unsigned int waiting; };
__thread struct reader my_reader;

static inline unsigned int waiting(void)
{
	return READ_ONCE(OBJ(my_reader).waiting);
}

unsigned int one(unsigned int k) { return cfg_mix(waiting(), k); }
unsigned int two(unsigned int k) { return cfg_mix(waiting(), k + 1); }
C
gcc -O2 -g -c memo.c -o memo.o || exit 1

RWONCE_TEST_SCAN_SOURCES=1 "$RWONCE" scan -v memo.o >out 2>err; echo $? >rc
RWONCE_TEST_SCAN_COMBO_MEMO=off RWONCE_TEST_SCAN_SOURCES=1 \
	"$RWONCE" scan -v memo.o >out.off 2>err.off; echo $? >rc.off
"$RWONCE" scan --json memo.o >j 2>/dev/null
RWONCE_TEST_SCAN_COMBO_MEMO=off "$RWONCE" scan --json memo.o >j.off 2>/dev/null

# "N expanded, K given by one expanded before" of a run's stderr
counts() {
	sed -n "s/^rwonce: test: combinations of the headers' definitions: \([0-9]*\) expanded, \([0-9]*\) given by one expanded before$/\1 \2/p" "$1"
}

test_expect_success 'combinations that meet the same definitions are not expanded again' '
	set -- $(counts err) &&
	test "$#" = 2 && test "$2" -gt 0 &&
	set -- $1 $2 $(counts err.off) &&
	test "$#" = 4 && test "$4" = 0 &&
	test $(($1 + $2)) = "$3" && test "$1" -lt "$3"
'
test_expect_success 'the scan says the same with every combination expanded' '
	test "$(cat rc)" = "$(cat rc.off)" &&
	cmp out out.off &&
	grep -v "^rwonce: test: combinations" err >e &&
	grep -v "^rwonce: test: combinations" err.off >e.off &&
	cmp e e.off &&
	cmp j j.off
'
test_expect_success 'each instance typed by a reading: ok, one 4-byte load' '
	grep -q "2 site instances: ok 2, torn 0, duplicated 0, widened 0, unattributed 0; 1 site;" err &&
	test "$(grep -o "compiled to one 4-byte load" j | wc -l)" = 2
'
test_done
