#!/bin/sh
# A project's names of the memory orders, defined on both sides of an
# #if with another spelling on each: DPDK's rte_stdatomic.h says
# "#define rte_memory_order_relaxed memory_order_relaxed" with
# <stdatomic.h> and "#define rte_memory_order_relaxed __ATOMIC_RELAXED"
# without, and rte_atomic_load_explicit(ptr, memorder) passes the
# caller's order on.  A name was an order only when every #define of it
# spelt the same target, so none was: all 129 uses of lib/ring, lib/rcu,
# lib/stack, lib/timer and lib/eal were "not a once-access: its order
# 'rte_memory_order_relaxed' is no order its definition names", 4 sites
# checked in all.  Now the #defines must mean the same order, however
# spelt; a seq_cst one is still named, no site.  Built both ways (the
# C11 side and the builtins' side) on the four builds.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "order names spelt per branch" $cfg || continue
	for side in c11 builtins; do
		flag=
		[ $side = c11 ] && flag=-DUSE_STDATOMIC
		user_build "$name $cfg" "$S/user-order-spellings.c" $side.o $flag || exit 1
		"$RWONCE" scan -v $side.o >out 2>err; rc=$?
		"$RWONCE" scan --json $side.o >j 2>/dev/null
		test_expect_success "$name, $side: relaxed, acquire and release uses are sites, ok" '
			grep -q "\"line\": 34, \"column\": 9, \"site\": \"my_load_explicit(&r->head)\", \"access\": \"read\", \"type\": \"[^\"]*uint32_t)*\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j &&
			grep -q "\"line\": 39, \"column\": 9, \"site\": \"my_load_explicit(&r->seq)\", \"access\": \"read\", \"type\": \"[^\"]*uint64_t)*\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j &&
			grep -q "\"line\": 44, \"column\": 2, \"site\": \"my_store_explicit(&r->tail)\", \"access\": \"write\", \"type\": \"[^\"]*uint32_t)*\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" j &&
			test "$rc" = 0
		'
		test_expect_success "$name, $side: the seq_cst use is named, no site" '
			grep -q "user-order-spellings.c:49:2: note: my_store_explicit(&r->tail): not a once-access: its order .my_order_seq_cst. is seq_cst" err &&
			! grep -q "is no order its definition names" err &&
			grep -q "ok 3, torn 0, duplicated 0, widened 0, unattributed 0; 3 sites" err
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
