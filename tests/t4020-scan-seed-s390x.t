#!/bin/sh
# The seed's bug in machine code: the s390 sequence gcc 4.7 generated for
# ipte_unlock_siif() (quoted in the 001 patch; tests/verify/
# ipte-unlock-gcc47-s390x.s, unchanged), given line information that puts
# the quoted loads on the ACCESS_ONCE line of tests/scan/ipte-unlock.c and
# the csg on its cmpxchg line: scan must say duplicated and show the `l`
# and the `lg` -- the lock word read twice in one execution of the site.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
requires s390x-linux-gnu-as binutils-s390x-linux-gnu
need_cmd s390x-linux-gnu-as

ASM=$RWONCE_ROOT/tests/verify/ipte-unlock-gcc47-s390x.s
SRC=$RWONCE_ROOT/tests/scan/ipte-unlock.c
FN=$(line_of "$SRC" "void ipte_unlock_siif(")
SITE=$(line_of "$SRC" "ACCESS_ONCE(*ic);")
CAS=$(line_of "$SRC" "while (cmpxchg(")

# .file/.loc directives: the function's line at its entry, the quoted
# loads at the ACCESS_ONCE line (column of "old", where gcc puts it), the
# cmpxchg at its line.
awk -v src="$SRC" -v fn="$FN" -v site="$SITE" -v cas="$CAS" '
	/^rwonce_probe_ipte_unlock_siif_gcc47:/ {
		print; print "\t.file 1 \"" src "\""; print "\t.loc 1 " fn " 0"; next }
	/quoted from the 001 patch/ { print; print "\t.loc 1 " site " 3"; next }
	/^\.Lcas:/ { print; print "\t.loc 1 " cas " 11"; next }
	{ print }' "$ASM" >"$TEST_TMP/ipte.s"

test_expect_success 'the quoted sequence assembles with line information' '
	s390x-linux-gnu-as -o "$TEST_TMP/ipte.o" "$TEST_TMP/ipte.s" &&
	test "$(grep -c "^	\.loc" "$TEST_TMP/ipte.s")" = 3
'

test_expect_success 'ACCESS_ONCE(*ic) is duplicated: the l and the lg, exit 1' '
	{ "$RWONCE" scan "$TEST_TMP/ipte.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 1; } &&
	grep -q "ipte-unlock.c:$SITE:[0-9]*: error: ACCESS_ONCE(\*ic) of .union ipte_control. compiled to a 4-byte load and an 8-byte load of the same bytes: duplicated \[scan-duplicated\]" "$TEST_TMP/out" &&
	grep -q "note: 6 <rwonce_probe_ipte_unlock_siif_gcc47+0x6>: l %r4, 0(%r3)" "$TEST_TMP/out" &&
	grep -q "note: 14 <rwonce_probe_ipte_unlock_siif_gcc47+0x14>: lg %r1, 0(%r3)" "$TEST_TMP/out" &&
	test "$(grep -c " error: " "$TEST_TMP/out")" = 1
'

test_expect_success 'without the line information there is nothing to check (exit 2)' '
	s390x-linux-gnu-as -o "$TEST_TMP/bare.o" "$ASM" &&
	{ "$RWONCE" scan "$TEST_TMP/bare.o" >"$TEST_TMP/out" 2>"$TEST_TMP/err"; test $? = 2; } &&
	grep -q "no DWARF line tables for its code: nothing to check; build with -g" "$TEST_TMP/err"
'

test_done
