#!/bin/sh
# The stack rule by what the address is (issue 31, item 4, third
# round): a wait node on the waiter's stack, read through a pointer by
# an inlined function -- liburcu's uatomic_load(&wait->state) in
# urcu-wait.h.  The load is in the frame (x86-64 0x8(%rsp), aarch64
# [sp, #..] or a register formed from sp): the object is a local whose
# address the program took, so the slot is the object, not a copy.
# Where the caller publishes the node (enqueue(&node) besides the
# inlined call), the access is judged as a shared one: ok, one 4-byte
# load, with the evidence -- "the stack only" before on every build.
# Where the address goes only to the inlined function (wait_alone), the
# code cannot tell: unattributed "a local, published or not", never ok
# and never "the stack only".  Whatever the addressing mode: clang 19
# and gcc 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-stack-node.c
L=$(line_of "$SRC" "MY_READ(wait->state)")
P=$(line_of "$SRC" "enqueue(&")

while read -r name cfg; do
	user_config_enter "$name" "a published on-stack node" $cfg || continue
	user_build "$name $cfg" "$SRC" sn.o || exit 1
	case $name in
	*-x86) ld='movl [0-9a-fx]*(%rsp), %eax' ;;
	*) ld='ldr w[0-9]*, \[sp' ;;
	esac
	test_expect_success "$name: the published node's state, read in the frame, is judged: ok" '
		"$RWONCE" scan --no-source --json sn.o >out.json 2>err &&
		grep "\"line\": $L, " out.json | grep "\"inlined_into\": \"wait_for_wakeup\"" >pub.json &&
		test $(wc -l <pub.json) = 1 &&
		grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load (in the frame: the local .node. of .wait_for_wakeup., its address also taken at [^\"]*user-stack-node.c:$P: published)\"" pub.json &&
		grep -q "\"instructions\": \[{[^]]*\"text\": \"$ld" pub.json
	'
	test_expect_success "$name: a node only the inlined function sees: not ok, never the stack only" '
		! grep -q "accesses only the stack" out.json &&
		! grep "\"inlined_into\": \"wait_alone\"" out.json | grep -q "\"verdict\": \"ok\""
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
