#!/bin/sh
# clang's own C11 builtins in once-macros: Open vSwitch's
# lib/ovs-atomic-clang.h reads with __c11_atomic_load(SRC, ORDER) and
# writes with __c11_atomic_store(DST, SRC, ORDER), what clang's
# <stdatomic.h> makes of atomic_load_explicit and atomic_store_explicit.
# Only the gcc builtins (__atomic_load_n ...) and the C11 names made a
# macro a once-macro, so a tree built the clang way had none of them
# discovered.  Now the two builtins count as the C11 functions do: a
# relaxed or acquire load, a relaxed store, and a macro that passes its
# order are once-macros; a seq_cst load is not.  clang 19, x86-64 and
# aarch64 (gcc has no such builtins).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	case $name in clang-*) ;; *) continue ;; esac
	user_config_enter "$name" "clang's __c11_atomic builtins" $cfg || continue
	user_build "$name $cfg" "$S/user-c11-builtins.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: the three macros are found, the seq_cst one not" '
		grep -q "discovery: .c11_read_explicit. is a once-macro of this tree (read-once): .*user-c11-builtins.c:8 defines it as __c11_atomic_load (its order the argument .ORDER.) of what its argument .SRC. points to$" err &&
		grep -q "discovery: .c11_read_relaxed. is a once-macro of this tree (read-once): .*user-c11-builtins.c:10 defines it as c11_read_explicit of what its argument .VAR. points to$" err &&
		grep -q "discovery: .c11_store_relaxed. is a once-macro of this tree (write-once): .*user-c11-builtins.c:12 defines it as a relaxed __c11_atomic_store of what its argument .DST. points to$" err &&
		! grep -q "discovery: .c11_load_seq. is" err
	'
	test_expect_success "$name: their uses are sites, each one access" '
		grep -q "\"line\": 26, \"column\": 2, \"site\": \"c11_read_relaxed(&s->hits)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j &&
		grep -q "\"line\": 34, \"column\": 2, \"site\": \"c11_read_explicit(&s->bytes)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j &&
		grep -q "\"line\": 40, \"column\": 2, \"site\": \"c11_store_relaxed(&s->flags)\", \"access\": \"write\", \"type\": \"uint16_t\", \"size\": 2, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 2-byte store\"" j &&
		grep -q "ok 3, torn 0, duplicated 0, widened 0, unattributed 0; 3 sites" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
