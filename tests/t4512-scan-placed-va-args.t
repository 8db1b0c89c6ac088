#!/bin/sh
# A use of a once-macro whose object names __VA_ARGS__
# (#define STATE_VA(...) READ_ONCE((__VA_ARGS__).state)) was only named,
# "not checked: ... its variable arguments among them" (t4462, t4480).
# Now the use's one variable argument is put in for __VA_ARGS__ as a
# named parameter's argument is, and the use is a site judged like the
# others; a use that gives two or more makes the object a comma
# expression, and stays named with that reason.  On the four builds
# (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"
requires python3 python3

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "once-macros whose object names __VA_ARGS__" $cfg || continue
	user_build "$name $cfg" "$S/placed-va-args.c" o.o 2>cc.err || { cat cc.err; exit 1; }
	"$RWONCE" scan -v o.o >out 2>err
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: the one variable argument put in: sites, ok at their width" '
		python3 "$S/site-verdicts.py" j <<-\EOF
		STATE_VA(lg) | ok | int | 4 | compiled to one 4-byte load | 1
		SLOT_VA(t, i) | ok | slot_t | 8 | compiled to one 8-byte load | 1
		SET_VA(v, t) | ok | int | 4 | compiled to one 4-byte store | 1
		EOF
	'
	test_expect_success "$name: two variable arguments: named, with the reason" '
		grep -q "placed-va-args.c:39:9: note: SLOT_PV(t, j, i): not checked: its object, .(t)->slot\[(__VA_ARGS__)\]., is spelled from the macro.s parameters, its variable arguments among them, and this use gives 2 of them (a comma expression)" err &&
		grep -q "\"unplaced\": 1," j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
