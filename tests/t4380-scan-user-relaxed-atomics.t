#!/bin/sh
# scan finds once-macros written as relaxed atomics (issue 31, tried on
# real code nobody here had tuned for): liburing's IO_URING_READ_ONCE(var)
# is C11's atomic_load_explicit((_Atomic __typeof__(var) *)&(var),
# memory_order_relaxed), nsync's ATM_LOAD(p) GNU's __atomic_load_n(p,
# __ATOMIC_RELAXED).  Discovery took neither for a once-access, so a
# library whose every once-macro is one was "nothing checked" (liburing)
# or "ok" on the three volatile casts of an assertion while its 108
# ATM_LOAD/ATM_STORE uses went unread (nsync).  Now, on the four builds
# (clang 19 and gcc 12, x86-64 and aarch64):
#   - RING_READ_ONCE(var)/RING_WRITE_ONCE(var, v) (C11, through a cast to
#     _Atomic of the object's address) are once-macros of their argument,
#     ATOM_LOAD(p)/ATOM_STORE(p, v) (GNU) of what p points to, each listed
#     with its definition;
#   - each use is a site judged at the object's full width (the uint64_t
#     through ATOM_LOAD(&r->flags): one 8-byte load);
#   - a seq_cst load (ATOM_LOAD_SC) is not a once-macro (acquire and
#     release ones are: t4383);
#   - audit finds the two of the argument too (the pointer ones are
#     scan's alone, as for volatile casts): liburing's tree was "nothing
#     checked ... name the project's with --macro", exit 2.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-atomics.c

while read -r name cfg; do
	user_config_enter "$name" "relaxed-atomic once-macros" $cfg || continue
	user_build "$name $cfg" "$SRC" a.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the four relaxed-atomic macros found, each with its definition" '
		{ "$RWONCE" scan -v --no-source a.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .RING_READ_ONCE. is a once-macro of this tree (read-once): .*lib/atomics.h:14 defines it as a relaxed atomic_load_explicit of its argument .var.$" err &&
		grep -q "discovery: .RING_WRITE_ONCE. is a once-macro of this tree (write-once): .*lib/atomics.h:17 defines it as a relaxed atomic_store_explicit of its argument .var.$" err &&
		grep -q "discovery: .ATOM_LOAD. is a once-macro of this tree (read-once): .*lib/atomics.h:20 defines it as a relaxed __atomic_load_n of what its argument .p. points to$" err &&
		grep -q "discovery: .ATOM_STORE. is a once-macro of this tree (write-once): .*lib/atomics.h:21 defines it as a relaxed __atomic_store_n of what its argument .p. points to$" err &&
		! grep -q "ATOM_LOAD_SC" err
	'
	test_expect_success "$name: each use a site, checked, ok" '
		grep -q "0 findings; 4 site instances: ok 4, torn 0, duplicated 0, widened 0, unattributed 0; 4 sites; 1 of 1 file checked" err &&
		grep -q "coverage: 4 sites in 1 of .* sources read: 4 checked, 0 without code" err
	'
	test_expect_success "$name: judged at the full width of the object" '
		"$RWONCE" scan --json --no-source a.o >out.json 2>/dev/null &&
		grep -q "\"line\": $(line_of "$SRC" "RING_READ_ONCE(r->head)"), [^{]*\"site\": \"RING_READ_ONCE(r->head)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"RING_WRITE_ONCE(r->tail)\", \"access\": \"write\", \"type\": \"uint32_t\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json &&
		grep -q "\"site\": \"ATOM_LOAD(&r->flags)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" out.json &&
		grep -q "\"site\": \"ATOM_STORE(&r->flags)\", \"access\": \"write\", \"type\": \"uint64_t\", \"size\": 8, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2

test_expect_success 'audit: the tree'"'"'s relaxed-atomic once-macros found, the uses checked' '
	mkdir -p "$TEST_TMP/tree/lib" &&
	cp "$SRC" "$TEST_TMP/tree/" &&
	cp "$S/user-include/lib/atomics.h" "$S/user-include/lib/ring.h" "$TEST_TMP/tree/lib/" &&
	{ "$RWONCE" audit "$TEST_TMP/tree" >out 2>err; test $? = 0; } &&
	grep -q "^rwonce audit: 0 findings in 0 of 3 files" err &&
	grep -q "^rwonce audit: 2 once-macros of the tree: RING_READ_ONCE (.*lib/atomics.h:14), RING_WRITE_ONCE (.*lib/atomics.h:17)$" err &&
	! grep -q "nothing checked" err
'
test_done
