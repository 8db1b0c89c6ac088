#!/bin/sh
# A once-macro named by hand (--macro NAME=KIND) whose definition takes
# the pointer to its object in another argument than the first (issue
# 31): mimalloc's mi_atomic_load_ptr_relaxed(tp, p) takes the pointee's
# type first, mi_atomic_store_ptr_release(tp, p, x) the value third.
# --macro assumes the object is the first argument, and discovery gave a
# named macro the definition's pointer only when it was that one: the
# sites were judged on the type name ("lib_load_ptr_relaxed(uint32_t)",
# "its size not known").  Now, named by hand, on the four builds (clang
# 19 and gcc 12, x86-64 and aarch64):
#   - the object is what the definition's pointer argument points to,
#     the value the definition's value argument: each use checked, ok, at
#     the 4-byte atomic's width;
#   - the type is spelled _Atomic(uint32_t), not "(anonymous)" (clang's
#     DWARF has an atomic qualifier, which had no name of its own).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-pasted.c

while read -r name cfg; do
	user_config_enter "$name" "once-macros named by hand, pointer not first" $cfg || continue
	user_build "$name $cfg" "$SRC" p.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the typed forms by hand judged on what p points to" '
		{ "$RWONCE" scan --json --no-source \
			--macro lib_load_ptr_relaxed=read-once \
			--macro lib_store_ptr_release=write-once \
			--macro lib_load_relaxed=read-once \
			--macro lib_store_release=write-once \
			p.o >out.json 2>err; test $? = 0; } &&
		grep -q "\"site\": \"lib_load_ptr_relaxed(w)\", \"access\": \"read\", \"type\": \"_Atomic(uint32_t)\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"lib_store_ptr_release(w)\", \"access\": \"write\", \"type\": \"_Atomic(uint32_t)\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json &&
		! grep -q "uint32_t)\", \"access\"" out.json &&
		grep -q "\"instances\": {\"ok\": 4, \"torn\": 0, \"duplicated\": 0, \"widened\": 0, \"unattributed\": 0}" out.json
	'
	test_expect_success "$name: the atomic object's type has its name" '
		grep -q "\"site\": \"lib_load_relaxed(&q->head)\", \"access\": \"read\", \"type\": \"_Atomic(uint32_t)\", \"size\": 4," out.json &&
		grep -q "\"site\": \"lib_store_release(&q->tail)\", \"access\": \"write\", \"type\": \"_Atomic(uintptr_t)\", \"size\": 8," out.json &&
		! grep -q "(anonymous)" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
