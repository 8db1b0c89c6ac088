#!/bin/sh
# Acquire loads and release stores are once-accesses in a macro body as
# in an accessor function: one rule (find_atomic_access() in
# cfront/idioms) for both (issue 31).  Macros used to take only a relaxed
# order while functions took acquire/consume loads and release stores
# too, so liburing's io_uring_smp_load_acquire/io_uring_smp_store_release
# and nsync's ATM_LOAD_ACQ/ATM_STORE_REL were never found.  Now, on the
# four builds (clang 19 and gcc 12, x86-64 and aarch64):
#   - the C11 (memory_order_acquire/release, through a cast to _Atomic)
#     and GNU (__ATOMIC_ACQUIRE/RELEASE, through a helper macro) forms
#     are once-macros of what their argument points to;
#   - a function whose body is one C11 acquire load is a once-accessor;
#   - a seq_cst store (x86-64: xchg) and an acq_rel load are not;
#   - each use is a site judged at the object's full width.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-ordered.c

while read -r name cfg; do
	user_config_enter "$name" "acquire/release once-macros" $cfg || continue
	user_build "$name $cfg" "$SRC" a.o -I"$S/user-include" || exit 1
	test_expect_success "$name: the four ordered macros and the accessor found, seq_cst and acq_rel not" '
		{ "$RWONCE" scan -v --no-source a.o >out 2>err; test $? = 0; } &&
		grep -q "discovery: .ring_load_acquire. is a once-macro of this tree (read-once): .*lib/ordered.h:17 defines it as an ordered atomic_load_explicit of what its argument .p. points to$" err &&
		grep -q "discovery: .ring_store_release. is a once-macro of this tree (write-once): .*lib/ordered.h:20 defines it as an ordered atomic_store_explicit of what its argument .p. points to$" err &&
		grep -q "discovery: .WORD_LOAD_ACQ. is a once-macro of this tree (read-once): .*lib/ordered.h:24 defines it as an ordered __atomic_load_n of what its argument .p. points to, with WORD_PTR_ put in" err &&
		grep -q "discovery: .WORD_STORE_REL. is a once-macro of this tree (write-once): .*lib/ordered.h:25 defines it as an ordered __atomic_store_n of what its argument .p. points to, with WORD_PTR_ put in" err &&
		grep -q "discovery: .word_get_acquire. is a once-accessor of this tree (read-once): .*lib/ordered.h:30 defines it as a function whose body is an acquire or release __atomic access of what its argument .p. points to$" err &&
		! grep -q "WORD_STORE_SC\|WORD_LOAD_AR" err
	'
	test_expect_success "$name: each use a site, checked, ok" '
		grep -q "0 findings; 5 site instances: ok 5, torn 0, duplicated 0, widened 0, unattributed 0; " err
	'
	test_expect_success "$name: judged at the full width of the object" '
		"$RWONCE" scan --json --no-source a.o >out.json 2>/dev/null &&
		grep -q "\"line\": $(line_of "$SRC" "ring_load_acquire(&r->head)"), [^{]*\"site\": \"ring_load_acquire(&r->head)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"ring_store_release(&r->tail)\", \"access\": \"write\", \"type\": \"uint32_t\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte store\"" out.json &&
		grep -q "\"site\": \"WORD_LOAD_ACQ(&r->flags)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 8-byte load\"" out.json &&
		grep -q "\"site\": \"WORD_STORE_REL(&r->flags)\", \"access\": \"write\", \"type\": \"uint64_t\", \"size\": 8, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" out.json &&
		grep -q "\"site\": \"word_get_acquire(&r->tail)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, \"aggregate\": false, \"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		! grep -q "WORD_STORE_SC" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
