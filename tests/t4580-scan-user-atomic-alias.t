#!/bin/sh
# A tree's own object-like alias of a gcc atomic builtin: rmind's
# ringbuf, thmap and libqsbr write "#define atomic_store_explicit
# __atomic_store_n" and "#define atomic_load_explicit __atomic_load_n"
# in src/utils.h and call the C11 names.  An alias made a once-macro
# only when its target was a once-macro's name, and the builtins are no
# names of the table: ringbuf and libqsbr were "nothing checked", exit
# 2, with 11 and 7 such calls in their sources.  Now such an alias is
# the function-like macro that passes its arguments on (order the
# caller's): a relaxed, acquire or release use is a site, a seq_cst one
# is named.  The names in a compiler's <stdatomic.h> stay none (clang's
# are aliases of its __c11 builtins): a C11 call is a site only where
# the tree defines the name.  On the four builds (clang 19 and gcc 12,
# x86-64 and aarch64).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_config_enter "$name" "a tree's aliases of the atomic builtins" $cfg || continue
	user_build "$name $cfg" "$S/user-atomic-alias.c" o.o || exit 1
	"$RWONCE" scan -v o.o >out 2>err; rc=$?
	"$RWONCE" scan --json o.o >j 2>/dev/null
	test_expect_success "$name: both aliases are found" '
		grep -q "discovery: .atomic_store_explicit. is a once-macro of this tree (write-once): .*user-atomic-alias.c:15 defines it as another name for __atomic_store_n, its order the caller.s, of what its first argument points to$" err &&
		grep -q "discovery: .atomic_load_explicit. is a once-macro of this tree (read-once): .*user-atomic-alias.c:18 defines it as another name for __atomic_load_n, its order the caller.s, of what its first argument points to$" err
	'
	test_expect_success "$name: release, acquire and relaxed uses are sites, ok" '
		grep -q "\"line\": 29, \"column\": 2, \"site\": \"atomic_store_explicit(&w->registered)\", \"access\": \"write\", \"type\": \"int\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" j &&
		grep -q "\"line\": 34, \"column\": 9, \"site\": \"atomic_load_explicit(&w->seen_off)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" j &&
		grep -q "\"line\": 39, \"column\": 9, \"site\": \"atomic_load_explicit(&w->registered)\", \"access\": \"read\", \"type\": \"int\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" j
	'
	test_expect_success "$name: a seq_cst use is named, no site" '
		grep -q "user-atomic-alias.c:44:2: note: atomic_store_explicit(&w->flags): not a once-access: its order .memory_order_seq_cst. is seq_cst" err &&
		grep -q "ok 3, torn 0, duplicated 0, widened 0, unattributed 0; 3 sites" err &&
		test "$rc" = 0
	'
done <<EOF2
$USER_CONFIGS
EOF2

# clang's <stdatomic.h>: its atomic_load_explicit is an alias of
# __c11_atomic_load in a compiler's header, and a direct C11 call stays
# no site ("nothing checked", exit 2), as on gcc.  Of a global: a
# function of one pointer parameter whose body is the relaxed load is a
# once-accessor (t4601), whose calls are sites
if have_cmd clang-19; then
	cat >c11.c <<'EOC'
#include <stdatomic.h>
_Atomic int g;
int get(void) { return atomic_load_explicit(&g, memory_order_relaxed); }
EOC
	clang-19 -g -O2 -c c11.c -o c11.o
	"$RWONCE" scan -v c11.o >out 2>err; rc=$?
	test_expect_success "clang <stdatomic.h>: a C11 call is no site" '
		test "$rc" = 2 &&
		! grep -q "discovery: .atomic_load_explicit. is" err &&
		grep -q "nothing checked" err
	'
else
	test_skip "clang <stdatomic.h>: a C11 call is no site" "no clang-19"
fi
test_done
