#!/bin/sh
# scan's discovery offers every source the line tables name, and the
# files their #includes find.  A named header was read for its turn even
# when a source before it had offered it already as an #include -- and
# then dropped, as a file is offered once (issue 35: on Debian's vmlinux
# 2099 of the 4266 named sources, 13,083 files opened in all).  Now one
# offered already by the same spelling, its text read, is not read
# again; another spelling of it is read, and the real path tells it is
# the same file, as before.  The test hook RWONCE_TEST_SCAN_DISCOVER_STATS
# counts the named sources read and not.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires gcc gcc

cd "$TEST_TMP" || exit 1
mkdir sub
printf 'static inline int get(int *p)\n{\n\treturn *(volatile int *)p;\n}\n' >b.h
printf '#include "b.h"\nint f(int *p)\n{\n\treturn get(p);\n}\n' >a.c
printf '#include "sub/../b.h"\nint f(int *p)\n{\n\treturn get(p);\n}\n' >other.c
gcc -O2 -g -c a.c -o a.o &&
gcc -O2 -g -c other.c -o other.o || exit 1

test_expect_success 'a header offered as the #include of the source before it is not read again' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v a.o >out 2>err
	grep -q "discovery statistics: named sources: 1 read, 1 not (offered before as an #include)" err &&
	grep -q "discovery: .get. is a once-accessor of this tree" err
'
test_expect_success 'another spelling of it is read, and found to be the same file' '
	RWONCE_TEST_SCAN_DISCOVER_STATS=1 "$RWONCE" scan -v other.o >out2 2>err2
	grep -q "discovery statistics: named sources: 2 read, 0 not" err2 &&
	test "$(grep -c "discovery: .get. is a once-accessor of this tree" err2)" = 1
'
test_done
