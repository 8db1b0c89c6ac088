#!/bin/sh
# Once-accessors whose memory order is the caller's (issue 31): jemalloc's
# atomic_load_u32(a, mo) and atomic_store_b(a, v, mo) are static inline
# functions that JEMALLOC_GENERATE_ATOMICS pastes in atomic.h from a
# definition in atomic_gcc_atomic.h, each __atomic_load(&a->repr,
# &result, atomic_enum_to_builtin(mo)): the order a parameter mapped to
# __ATOMIC_* by a switch of the project's own.  No body is one access by
# itself (a seq_cst store is an xchg), and the generator is defined in
# another header than the one that invokes it: scan found nothing and
# exited 2.  Now, on the four builds (clang 19 and gcc 12, x86-64 and
# aarch64) of a miniature (lib/moatomic.h, tests/scan/user-order.c):
#   - discovery finds the accessors of the generator the build read (not
#     the other side's, lib/moatomic_sync.h), each a once-accessor per
#     call, its object the pointee's repr member;
#   - a call with a constant relaxed, acquire or release order is a site,
#     checked, ok at the member's width;
#   - a seq_cst call, and a choice of two orders one of which is
#     seq_cst, are no sites, each named with the reason (never dropped,
#     never "ok"); a choice of two orders each of one access
#     (jemalloc's dependent ? ATOMIC_RELAXED : ATOMIC_ACQUIRE) is a site;
#   - a 4-byte accessor called on the 8-byte member reads its low half:
#     torn;
#   - a macro that calls one in a relaxed order is a once-macro, one that
#     calls it in seq_cst is not;
#   - a global's member read through the GOT (-fPIC: the load of its
#     address, then the 1-byte load) is ok on the 1-byte load, not "only
#     the pointer to it" (its name with .repr is an object named).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-order.c

while read -r name cfg; do
	user_config_enter "$name" "accessors whose order is the caller's" $cfg || continue
	user_build "$name $cfg" "$SRC" o.o -I"$S/user-include" -fPIC \
		-Wno-incompatible-pointer-types || exit 1
	test_expect_success "$name: the generated accessors are found, per call" '
		{ "$RWONCE" scan -v --no-source o.o >out 2>err; test $? = 1; } &&
		grep -q "discovery: .lib_load_u32. is a once-accessor of this tree (read-once): .*lib/moatomic.h:27 defines it as a function whose body is an __atomic access in the order its caller gives (argument 2, through .lib_mo_builtin.) of the member repr of what its argument .a. points to, made by LIB_GENERATE_ATOMICS(uint32_t, u32)$" err &&
		grep -q "discovery: .lib_store_b. is a once-accessor of this tree (write-once): .*lib/moatomic.h:29 defines it as a function whose body is an __atomic access in the order its caller gives (argument 3, through .lib_mo_builtin.) of the member repr" err &&
		! grep -q "lib_exchange_u32. is a once" err
	'
	# LIB_PEEK(s) reaches its object as (s)->head through the accessor:
	# placed (t4480), a call of lib_load_u32 at the use, judged on its
	# inlined copy
	test_expect_success "$name: the use of LIB_PEEK a site, not named" '
		! grep -q "LIB_PEEK(s): not checked" err
	'
	test_expect_success "$name: a macro that calls one with seq_cst is no once-macro" '
		grep -q "discovery: .LIB_PEEK. is a once-macro of this tree (read-once): .*user-order.c:45 defines it as lib_load_u32 of .(s)->head.$" err &&
		! grep -q "LIB_PEEK_SEQ. is a once" err
	'
	test_expect_success "$name: relaxed, acquire and release calls are sites, ok" '
		grep -q "1 finding; 7 site instances: ok 6, torn 1, duplicated 0, widened 0, unattributed 0; 7 sites; 1 of 1 file checked" err &&
		{ "$RWONCE" scan --json --no-source o.o >out.json 2>/dev/null
		  test $? = 1; } &&
		grep -q "\"site\": \"lib_load_u32(&s->head)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
		grep -q "\"site\": \"lib_store_u64(&s->count)\", \"access\": \"write\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 8-byte store\"" out.json &&
		grep -q "\"site\": \"lib_store_b(&s->locked)\", \"access\": \"write\", \"type\": \"_Bool\", \"size\": 1, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 1-byte store\", \"object\": \"o.o\", \"function\": \"unlock\"" out.json &&
		grep -q "\"line\": 50, \"column\": 9, \"site\": \"LIB_PEEK(s)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\", \"object\": \"o.o\", \"function\": \"peek\"" out.json
	'
	test_expect_success "$name: a seq_cst call is no site, named" '
		grep -q "user-order.c:28:2: note: lib_store_b(&s->locked): not a once-access: its order .LIB_SEQ_CST. is seq_cst: not one plain access (a store may be an exchange)$" err &&
		grep -q "\"line\": 28, \"column\": 2, \"site\": \"lib_store_b(&s->locked)\", \"function\": null, \"reason\": \"not_once\"" out.json &&
		! grep -q "\"function\": \"lock_seq\"" out.json
	'
	test_expect_success "$name: a choice of relaxed and acquire: a site, ok (clang on aarch64: ldr on one path, ldar on the other)" '
		grep -q "\"line\": 34, \"column\": 9, \"site\": \"lib_load_u32(&s->head)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\", \"object\": \"o.o\", \"function\": \"get_head_dep\"" out.json &&
		! grep -q "user-order.c:34:9: note" err
	'
	test_expect_success "$name: a choice of relaxed and seq_cst: no site, named" '
		grep -q "user-order.c:70:9: note: lib_load_u32(&s->head): not a once-access: its order .dep ? LIB_RELAXED : LIB_SEQ_CST. is one of two, and its order .LIB_SEQ_CST. is seq_cst: not one plain access (a load may be fenced around)$" err &&
		! grep -q "\"function\": \"get_head_maybe_seq\"" out.json &&
		grep -q "coverage: 7 sites in 1 of .* 7 checked, .*; 2 calls of an accessor not a once-access (its order); 0 of 7 instances unattributed" err &&
		grep -q "\"not_once\": 2" out.json
	'
	test_expect_success "$name: a global's member through the GOT: ok on its own load" '
		grep -q "\"site\": \"lib_load_b(&lib_flag)\", \"access\": \"read\", \"type\": \"_Bool\", \"size\": 1, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 1-byte load\"" out.json
	'
	test_expect_success "$name: a 4-byte accessor on the 8-byte member: torn" '
		grep -q "\"site\": \"lib_load_u32(&s->count)\", \"access\": \"read\", \"type\": \"uint64_t\", \"size\": 8, [^{]*\"verdict\": \"torn\", \"why\": \"compiled to one 4-byte load of the 8-byte object its argument points to: torn" out.json
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
