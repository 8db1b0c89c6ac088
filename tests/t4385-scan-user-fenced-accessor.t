#!/bin/sh
# A once-accessor function may end with a barrier that accesses no memory
# (issue 31): nsync's older acquire load is one load of what its argument
# points to and then ATM_LD_ACQ_(), a compiler barrier (an asm of an
# empty template, no operand, only a "memory" clobber) or
# __sync_synchronize() per #if side.  The barrier orders; it is no access.
# Anything else after the access is not: a call of a function that may do
# anything, an asm that is an instruction, a second access.  Before, any
# call and any asm without operands went unread, so a function that
# loads and then calls a logger was taken as an accessor.  On the four
# builds (clang 19 and gcc 12, x86-64 and aarch64), each side of the #if:
#   - acq_load_acq_ (through ACQ_LD_ACQ_ -> ACQ_CB_ or ACQ_MB_) and
#     acq_load_fence_ (__atomic_thread_fence) are once-accessors, and
#     ACQ_LOAD_ACQ a once-macro through the first;
#   - acq_load_logged_ (a call), acq_load_nop_ (asm "nop") and
#     acq_load_twice_ (two loads) are not;
#   - the inlined copies are judged on their one load (the fence
#     instruction, mfence or dmb, is no access): ok at the word's width.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-fenced.c
H=$S/user-include/lib/acqword.h

while read -r name cfg; do
	user_config_enter "$name" "accessors that end with a barrier" $cfg || continue
	for side in 0 1; do
		user_build "$name $cfg" "$SRC" a$side.o -I"$S/user-include" -DACQ_LD_IS_ACQ=$side || exit 1
		test_expect_success "$name (ACQ_LD_IS_ACQ=$side): a load then a barrier is an accessor, a load then a call is not" '
			{ "$RWONCE" scan -v --no-source a$side.o >out 2>err; test $? = 0; } &&
			grep -q "discovery: .acq_load_acq_. is a once-accessor of this tree (read-once): .*lib/acqword.h:$(line_of "$H" "acq_load_acq_(uint32_t") defines it as a function whose body is a volatile cast of what its argument .p. points to$" err &&
			grep -q "discovery: .acq_load_fence_. is a once-accessor of this tree (read-once): " err &&
			grep -q "discovery: .ACQ_LOAD_ACQ. is a once-macro of this tree (read-once): " err &&
			! grep -q "acq_load_logged_. is a once\|acq_load_nop_. is a once\|acq_load_twice_. is a once" err
		'
		test_expect_success "$name (ACQ_LD_IS_ACQ=$side): the inlined copies judged on their one load, ok" '
			"$RWONCE" scan --json --no-source a$side.o >out.json 2>/dev/null &&
			grep -q "\"site\": \"ACQ_LOAD_ACQ(&l->word)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
			grep -q "\"site\": \"acq_load_fence_(&l->plain)\", \"access\": \"read\", \"type\": \"uint32_t\", \"size\": 4, [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\"" out.json &&
			! grep -q "\"site\": \"acq_load_logged_\|\"site\": \"acq_load_nop_\|\"site\": \"acq_load_twice_" out.json
		'
	done
done <<EOF2
$USER_CONFIGS
EOF2
test_done
