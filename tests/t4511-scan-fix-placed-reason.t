#!/bin/sh
# fix --from-scan at a torn use of a once-macro whose object is spelled
# from its parameters (t4480's PAIR_OF(t): READ_ONCE((t)->pair) of a
# 16-byte struct, read in two): no edit, which is right -- fix respells a
# once-access's argument, and t is not the object -- and the note says
# that, not "not a struct or union" (the object is one).  scan's JSON
# gives the finding the object placed ("placed_object"), read as data.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	if ! user_config_can "$name" $cfg; then
		test_skip "$name: fix --from-scan's reason at a placed use" "$(user_config_why "$name" $cfg)"
		continue
	fi
	mkdir -p "$TEST_TMP/$name/fix"
	cd "$TEST_TMP/$name" || exit 1
	cp "$S/placed-object.c" fix/ &&
	user_build "$name $cfg" fix/placed-object.c o.o || exit 1
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: the finding names its object placed, not fixable" '
		grep -q "\"rule\": \"scan-torn\".*\"fixable\": false, \"placed_object\": \"((t))->pair\"" j
	'
	test_expect_success "$name: fix leaves it, saying why (the object is the macro.s, not the argument)" '
		{ "$RWONCE" fix --from-scan j fix >fix.out 2>fix.err; test $? -le 1; } &&
		grep -q "placed-object.c:82:18: note: PAIR_OF(t) of .struct pair. left unchanged: the macro spells its object, .((t))->pair., from its parameters, and fix respells a once-access.s argument, which here is not the object (no source edit from fix) \[scan-torn\]" fix.err &&
		! grep -q "not a struct or union" fix.err &&
		! grep -q "is a scalar" fix.err &&
		cmp "$S/placed-object.c" fix/placed-object.c
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
