#!/bin/sh
# Loops that macros open (the kernel's list_for_each_entry_safe(...)
# { ... }) are loops: a once-access in one's body, or in a function
# inlined there, that the compiler unrolls into four stores on one
# straight path is four iterations, not a duplicate -- as for a loop
# whose for the file spells.  The macro is a header's (read by
# discovery), or the file's own opening the header's.  Before, the
# caller-loop rule and a site's own loop read the keywords of the file
# only, and all three were "duplicated".  On the four builds (clang 19
# and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "loops that macros open" "$S/macro-loop.c" || continue
	python3 "$S/instance-lines.py" j >v
	test_expect_success "$name: the site in the loop's body: ok" '
		grep -qx "own_loop ok 1" v
	'
	test_expect_success "$name: inlined into the loop's body: ok" '
		grep -qx "caller_loop ok 1" v
	'
	test_expect_success "$name: through the file's own macro: ok" '
		grep -qx "file_macro_loop ok 1" v
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
