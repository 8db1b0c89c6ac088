#!/bin/sh
# A once-macro whose object goes through a local holding its address
# (issue 31, fourth round): liburcu's _rcu_dereference(p) is
# ({ __typeof__(p) *_________ptr = &(p); ... uatomic_load(_________ptr); })
# and rcu_dereference only another name for it.  Discovery spelled the
# object *((&(p))) -- an expression of the parameter -- and scan takes
# no site from a macro whose object is such an expression: liburcu
# unaided checked 22 sites fewer than with the names given by hand (169
# of 178 against 191 of 200, gcc x86-64).  *(&(p)) is p: the macro is a
# once-macro of its argument, and each use a site, judged ok on one
# full-width load.  clang 19 and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-deref-local.c

while read -r name cfg; do
	user_config_enter "$name" "an object through a local" $cfg || continue
	user_build "$name $cfg" "$SRC" dl.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the macro is a once-macro of its argument; each use a site, ok" '
		"$RWONCE" scan --no-source -v --json --sources "$S/user-include" dl.o >out.json 2>err &&
		grep -q "discovery: ._lib_dereference. is a once-macro of this tree (read-once, volatile cast): .* defines it as LIB_LOAD of its argument .p.$" err &&
		grep -q "discovery: .lib_dereference. is a once-macro of this tree (read-once, volatile cast): .* another name for _lib_dereference$" err &&
		grep "\"site\": \"lib_dereference(q->head)\"" out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" &&
		grep "\"site\": \"_lib_dereference(n->v)\"" out.json | grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\""
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
