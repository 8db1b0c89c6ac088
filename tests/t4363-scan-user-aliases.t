#!/bin/sh
# libatomic_ops unaided (issue 31, fourth round): its loads and stores
# are functions with an acquire or release order as well as relaxed
# ones (AO_load_acquire, AO_store_release: one load or store each,
# beside a barrier or as ldar/stlr), and its code calls them through
# object-like #defines that give them another name (#define
# AO_cptr_load AO_load, #define load_next AO_cptr_load).  Before, an
# ordered __atomic body made no accessor and an object-like #define was
# never read: unaided scan found 5-7 of the 19 sites that naming every
# accessor by hand found 10-12 of.  Now each such call is a site judged
# on the inlined function the name reaches -- also where the name is a
# macro of the same object on the other side of an #if (AO_cptr_load's
# __atomic_load_n); a seq_cst store (an xchg
# on x86-64) is still no accessor.  An argument whose type the sources
# do not tell (a struct member of a macro-spelled type, as AO_t is) is
# typed by the inlined accessor's parameter in the DWARF: a single
# 4-byte load of the 8-byte word is torn (it was "ok": a single access
# of an object of unknown size).  clang 19 and gcc 12, x86-64 and
# aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-aliases.c
H=$S/user-include/lib/aliases.h

while read -r name cfg; do
	user_config_enter "$name" "ordered accessors and aliases" $cfg || continue
	user_build "$name $cfg" "$SRC" al.o -I"$S/user-include" || exit 1
	test_expect_success "$name: discovery names the ordered accessors and the other names" '
		{ "$RWONCE" scan --no-source -v --json al.o >out.json 2>err; test $? = 1; } &&
		grep -q "discovery: .lib_load_acquire. is a once-accessor of this tree (read-once): [^ ]*aliases.h:$(line_of "$H" "lib_load_acquire(const") defines it as a function whose body is an acquire or release __atomic access of what its argument .addr. points to" err &&
		grep -q "discovery: .lib_store_release. is a once-accessor of this tree (write-once)" err &&
		grep -q "discovery: .lib_cptr_load. is a once-macro of this tree (read-once): [^ ]*aliases.h:$(line_of "$H" "define lib_cptr_load lib_load") defines it as another name for lib_load$" err &&
		grep -q "discovery: .lib_cptr_load_acquire. is a once-macro of this tree (read-once): .* another name for lib_load_acquire$" err &&
		grep -q "discovery: .lib_cptr_store_release. is a once-macro of this tree (write-once): .* another name for lib_store_release$" err &&
		grep -q "discovery: .load_next. is a once-macro of this tree (read-once): .* another name for lib_cptr_load$" err &&
		! grep -q "discovery: .lib_store_seq_cst." err
	'
	test_expect_success "$name: each call through a name is judged on the inlined function it reaches: ok" '
		grep -q "1 finding; 7 site instances: ok 6, torn 1, duplicated 0, widened 0, unattributed 0; [0-9]* sites;" err &&
		for call in "lib_cptr_load(&head) lib_load 8-byte load" \
			    "lib_cptr_load_acquire(&version) lib_load_acquire 8-byte load" \
			    "load_next(p) lib_load 8-byte load" \
			    "lib_cptr_store_release(&initialized) lib_store_release 8-byte store" \
			    "lib_load_acquire(&flag) lib_load_acquire 8-byte load" \
			    "lib_tail_load(&tail) lib_load 8-byte load"; do
			set -- $call
			grep "\"site\": \"$1\"" out.json |
				grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one $3 $4\".*\"inline_chain\": \[{\"function\": \"$2\"" ||
				{ echo "not judged on $2: $1"; return 1; }
		done &&
		! grep -q "\"site\": \"lib_store_seq_cst" out.json
	'
	test_expect_success "$name: an object the sources cannot type is typed by the inlined accessor: one 4-byte load of it is torn" '
		grep "\"site\": \"lib_cptr_load_low(&a->bl\[1\])\"" out.json |
			grep -q "\"verdict\": \"torn\", \"why\": \"compiled to one 4-byte load of the 8-byte object its argument points to"
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
