#!/bin/sh
# #include <a/b.h> from a header found in a folder below a/ -- Debian's
# liburcu, in /usr/include/x86_64-linux-gnu/urcu/, where a compiler
# looks without -I: the one header of it that a line table names is
# urcu/uatomic/x86.h, and <urcu/system.h>, a header of macros only
# (CMM_LOAD_SHARED), is in urcu/.  Scanned alone (no -p), one of
# lttng-ust's objects found no once-macro: "nothing checked", exit 2.
# The folder above the includer's that ends with /urcu is where the
# includer was found as <urcu/uatomic/...>: <urcu/system.h> is looked
# for there too.  On the four builds of issue 31.
# tests/scan/user-above/.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan/user-above

while read -r name cfg; do
	user_config_enter "$name" "<urcu/system.h> above the named header" $cfg || continue
	user_build "$name $cfg" "$S/user.c" u.o -I"$S/include" || exit 1
	test_expect_success "$name: the macros of <urcu/system.h> are found, both uses checked" '
		{ "$RWONCE" scan -v --no-source u.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .CMM_LOAD_SHARED. is a once-macro of this tree (access-once, volatile cast): .*/user-above/include/urcu/system.h:4 " err &&
		grep -q "2 site instances: ok 2, .*unattributed 0; 2 sites; 1 of 1 file checked, 3 once-macros defined in the sources$" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
