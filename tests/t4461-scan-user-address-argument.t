#!/bin/sh
# A once-macro named by hand whose argument is an address, &object:
# rpmalloc calls C11's atomic_load_explicit(&state, memory_order_acquire)
# directly, and `--macro atomic_load_explicit=read-once` is what scan's
# "nothing checked" message asks of its user.  The definition (gcc's
# stdatomic.h: an __auto_type local; clang's: a builtin) gives discovery
# no pointer argument, so the object was the argument as written, &state,
# which nothing types: every instance "its size not known" (rpmalloc gcc
# x86-64: 25 of 25).  An address is no lvalue, so no macro that takes
# its object as one compiles with it: the object is what it points to.
# On the four builds (clang 19 and gcc 12, x86-64 and aarch64) each use
# is typed from the DWARF and ok at the atomic's width.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-c11-direct.c

while read -r name cfg; do
	user_config_enter "$name" "--macro atomic_load_explicit on &object" $cfg || continue
	user_build "$name $cfg" "$SRC" c.o || exit 1
	test_expect_success "$name: each &object use typed and ok at its width" '
		{ "$RWONCE" scan --json --no-source \
			--macro atomic_load_explicit=read-once \
			--macro atomic_store_explicit=write-once \
			c.o >out.json 2>err; test $? = 0; } &&
		grep -q "\"site\": \"atomic_load_explicit(&init_state)\", \"access\": \"read\", \"type\": \"atomic_int\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"atomic_store_explicit(&heap_lock)\", \"access\": \"write\", \"type\": \"atomic_uintptr_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" out.json &&
		grep -q "\"site\": \"atomic_load_explicit(&page->thread_free)\", \"access\": \"read\", \"type\": \"atomic_ullong\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" out.json &&
		grep -q "\"instances\": {\"ok\": 3, \"torn\": 0, \"duplicated\": 0, \"widened\": 0, \"unattributed\": 0}" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
