#!/bin/sh
# An accessor called in a function-like macro's argument on a line
# after the macro's name: gcc 12 and clang 19 give its inlined copy the
# macro's line and column (rdma-core's mlx5_err(ctx->dbg_fp, "...",
# <newline> be32toh(mmio_read32_be(h->assert_var + i))) in
# print_health_info: DW_AT_call_line 2115, column 3, the use on 2116),
# so the copy matched no site: the use was "optimised out: its function
# has code, its line none" while its load was there.  Now the use in
# the arguments of the macro whose name stands at the copy's position
# takes it -- unless the position holds another call of the function:
# two uses in the arguments, or a macro whose own body calls it
# (log_status, a once-macro of reg_read32; log_pair, no site), whose
# copies have the same position.  Then no copy is given to either use ("cannot tell"), never
# the body's load to the argument's use: before, log_status at line 42
# took its argument's copy as its own; without the body's check, the
# use at line 45, whose code is folded away, took log_pair's two loads
# of assert_var as two "ok"s.  On the four builds.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

# site, verdict and reason of an instance in the JSON: "LINE COL"
inst() { # line col
	grep -o "\"line\": $1, \"column\": $2, \"site\": [^{]*\"verdict\": \"[a-z]*\", \"why\": \"[^\"]*\"" j
}

while read -r name cfg; do
	user_config_enter "$name" "an accessor in a macro's argument" $cfg || continue
	user_build "$name $cfg" "$S/user-macro-arg-accessor.c" o.o || exit 1
	"$RWONCE" scan --json o.o >j 2>err
	test_expect_success "$name: the uses on the line after the macro's name are judged" '
		inst 30 7 | grep -q "\"site\": \"reg_read32(h->assert_var + i)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" &&
		inst 32 3 | grep -q "\"site\": \"reg_read32(&h->exit_ptr)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\""
	'
	test_expect_success "$name: two uses in one macro's arguments are not guessed" '
		! inst 34 3 && ! inst 35 3 &&
		grep -q "\"line\": 34, \"column\": 3, \"site\": \"reg_read32(&h->callra)\", [^{]*\"why\": \"cannot tell: its call.s inlined copy has the position of a macro.s name" j &&
		grep -q "\"line\": 35, \"column\": 3, \"site\": \"reg_read32(&h->exit_ptr)\", [^{]*\"why\": \"cannot tell: its call.s inlined copy has the position of a macro.s name" j
	'
	test_expect_success "$name: a use in the arguments of a macro whose body calls the accessor takes no copy" '
		! inst 41 16 && ! inst 43 6 &&
		grep -q "\"line\": 41, \"column\": 16, \"site\": \"reg_read32(&h->exit_ptr)\", [^{]*\"why\": \"cannot tell: " j &&
		grep -q "\"line\": 43, \"column\": 6, \"site\": \"reg_read32(&h->exit_ptr)\", [^{]*\"why\": \"cannot tell: " j
	'
	test_expect_success "$name: ... also when the macro is no site: its body's loads are not the argument's" '
		! inst 45 14 &&
		grep -q "\"line\": 45, \"column\": 14, \"site\": \"reg_read32(&h->callra)\", [^{]*\"why\": \"cannot tell: " j
	'
	test_expect_success "$name: ... nor is the macro given its argument's copy" '
		test "$(inst 42 2 | grep -c "\"verdict\": \"unattributed\", \"why\": \"its inlined copies of .reg_read32. have the position of its name")" -ge 1 &&
		! inst 42 2 | grep -q "\"verdict\": \"ok\"" &&
		! inst 40 2 | grep -q "\"verdict\": \"ok\"" &&
		grep -q "whose copy not known [1-9]" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
