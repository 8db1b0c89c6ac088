#!/bin/sh
# scan finds once-macros whose atomic is named by a pasting helper that
# a header defines once per compiler (issue 31): mimalloc's
# mi_atomic_load_relaxed(p) is mi_atomic(load_explicit)(p,
# mi_memory_order(relaxed)), and mi_atomic(name) is std::atomic_##name
# for C++, mi_atomic_##name for MSVC and atomic_##name for C11, on the
# three sides of one #if.  Discovery did not collect a body of a paste
# alone, nor read a name defined three ways: mimalloc's scan found no
# once-macro and exited 2 on every build.  And a macro that is a volatile
# cast only on the MSVC side (lib_peek) was taken as a once-macro, so
# the plain load that gcc and clang compile was called "ok".  Now, on the
# four builds (clang 19 and gcc 12, x86-64 and aarch64):
#   - lib_load_relaxed, lib_store_release and the typed forms
#     lib_load_ptr_relaxed(tp, p), lib_store_ptr_release(tp, p, x) are
#     once-macros of what p points to;
#   - each use is a site, checked, ok at the pointee's width (4 bytes
#     for a pointer variable to a 4-byte atomic, not the pointer's 8);
#   - lib_peek, a volatile cast only where _MSC_VER is defined, is no
#     once-macro, and its use no site.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-pasted.c

while read -r name cfg; do
	user_config_enter "$name" "once-macros through a pasting helper" $cfg || continue
	user_build "$name $cfg" "$SRC" p.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the C side of the pasting helper is read" '
		{ "$RWONCE" scan -v --no-source p.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .lib_load_relaxed. is a once-macro of this tree (read-once): .*lib/pasted.h:33 defines it as a relaxed atomic_load_explicit of what its argument .p. points to$" err &&
		grep -q "discovery: .lib_store_release. is a once-macro of this tree (write-once): .*lib/pasted.h:34 defines it as an ordered atomic_store_explicit of what its argument .p. points to$" err &&
		grep -q "discovery: .lib_load_ptr_relaxed. is a once-macro of this tree (read-once): .*lib/pasted.h:36 defines it as lib_load_relaxed of what its argument .p. points to$" err &&
		grep -q "discovery: .lib_store_ptr_release. is a once-macro of this tree (write-once): .*lib/pasted.h:37 defines it as lib_store_release of what its argument .p. points to$" err
	'
	test_expect_success "$name: MSVC's lib_peek is no once-macro" '
		! grep -q "lib_peek" err
	'
	test_expect_success "$name: each use a site, checked, ok at the pointee's width" '
		grep -q "0 findings; 4 site instances: ok 4, torn 0, duplicated 0, widened 0, unattributed 0; 4 sites; 1 of 1 file checked" err &&
		"$RWONCE" scan --json --no-source p.o >out.json 2>/dev/null &&
		grep -q "\"site\": \"lib_load_relaxed(&q->head)\", \"access\": \"read\", [^{]*\"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"lib_store_release(&q->tail)\", \"access\": \"write\", [^{]*\"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" out.json &&
		grep -q "\"site\": \"lib_load_ptr_relaxed(w)\", \"access\": \"read\", [^{]*\"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"lib_store_ptr_release(w)\", \"access\": \"write\", [^{]*\"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
