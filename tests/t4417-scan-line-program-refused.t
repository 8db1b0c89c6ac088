#!/bin/sh
# A unit whose line program scan's own decoder (src/elf/dwarf-program.c)
# refuses goes to libdw's reader; the file table it had read was freed
# then, and freed again after the unit -- "free(): double free detected",
# exit 134, on a damaged archive the scan-reader fuzz harness found
# (t2400).  tests/scan/line-program-refused.a is that input: a member whose
# .debug_line libdw cannot read either.  Now the unit is named as not
# readable, exit 2, and the other member's sites are still checked
# (its line table names the source by the path of the checkout the
# harness ran in: --sources gives this checkout's copy of the seed).
. "$(dirname "$0")/lib/tap.sh"

A="$RWONCE_ROOT/tests/scan/line-program-refused.a"
cd "$TEST_TMP" || exit 1

test_expect_success 'a refused line program: exit 2, named, no crash' '
	"$RWONCE" scan --sources "$RWONCE_ROOT" "$A" >out 2>err; echo $? >rc;
	cat out err; test "$(cat rc)" = 2 &&
	grep "aarch64-clang.o): cannot read the line table of its unit" err &&
	grep "1 that could not be checked" err
'

test_expect_success 'the archive'"'"'s other member is still checked' '
	grep "4 site instances: ok 4" err
'

requires valgrind valgrind
if have_cmd valgrind; then
	test_expect_success 'no invalid free under valgrind' '
		valgrind -q --error-exitcode=99 "$RWONCE" scan --sources "$RWONCE_ROOT" "$A" >vout 2>verr;
		echo $? >vrc; cat verr; test "$(cat vrc)" = 2 &&
		! grep -q "Invalid free" verr
	'
fi
test_done
