#!/bin/sh
# A once-macro whose atomic's order is its caller's: Open vSwitch reads
# through atomic_read_explicit(SRC, DST, ORDER), (*(DST) =
# atomic_load_explicit(SRC, ORDER), (void) 0), and atomic_read_relaxed
# passes it memory_order_relaxed.  With the order a macro parameter no
# order of the body was constant, so neither was discovered: 134 of
# OVS's 219 sites were found only by hand (--macro).  Now such a macro
# is a once-macro whose use is a site when its order names one access
# (relaxed, acquire or consume for a load), as for an accessor function
# whose order is the caller's (t4440); a seq_cst use and an order held
# in a variable are no sites, each named with the reason; a function's
# prototype of the macro's name is no use.  On the four
# builds (clang 19 and gcc 12, x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "macros whose order is the caller's" $cfg || continue
	user_build "$name $cfg" "$S/user-read-order.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: the macro and the one that passes relaxed are found" '
		grep -q "discovery: .ovs_read_explicit. is a once-macro of this tree (read-once): .*user-read-order.c:10 defines it as atomic_load_explicit (its order the argument .ORDER.) of what its argument .SRC. points to$" err &&
		grep -q "discovery: .ovs_read_relaxed. is a once-macro of this tree (read-once): .*user-read-order.c:15 defines it as ovs_read_explicit of what its argument .VAR. points to$" err &&
		! grep -q "discovery: .ovs_read. is" err
	'
	test_expect_success "$name: relaxed and acquire uses are sites, ok" '
		grep -q "\"line\": 29, \"column\": 2, \"site\": \"ovs_read_relaxed(&s->hits)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j &&
		grep -q "\"line\": 37, \"column\": 2, \"site\": \"ovs_read_explicit(&s->bytes)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j
	'
	test_expect_success "$name: a seq_cst use and a variable order: no sites, named" '
		grep -q "user-read-order.c:45:2: note: ovs_read_explicit(&s->flags): not a once-access: its order .memory_order_seq_cst. is seq_cst: not one plain access (a load may be fenced around)$" err &&
		grep -q "user-read-order.c:61:2: note: ovs_read_explicit(&s->hits): not a once-access: its order .order. is no order its definition names$" err &&
		grep -q "ok 2, torn 0, duplicated 0, widened 0, unattributed 0; 2 sites" err &&
		grep -q "\"not_once\": 2" j
	'
	test_expect_success "$name: a function of the macro name is no use of it" '
		! grep -q "user-read-order.c:68:" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
