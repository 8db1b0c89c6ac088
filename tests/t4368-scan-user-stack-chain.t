#!/bin/sh
# The published-local check through a chain of inlined calls (issue 31,
# fourth round).  t4361's rule looked at one call only: the inlined
# function's argument had to be '&NAME' of a local that the caller also
# publishes.  Where the pointer is passed on through a second inlined
# function -- busy_wait(w) inside wait_on(w), wait_on(&node) in the
# function of the local -- it was "a local, published or not" (liburcu:
# 12-38 instances a build).  Now each argument that is exactly a
# parameter of an inlined caller, never assigned there, is followed to
# that caller's call: wait_two_levels' node is published (enqueue), the
# load is judged ok, the note naming the local; wait_two_alone's is
# still not judged; where the parameter is reassigned (wait_other) the
# chain is not clear and no published note is given.  clang 19 and gcc
# 12, x86-64 and aarch64.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-stack-chain.c
L=$(line_of "$SRC" "MY_READ(wait->state)")
P=$(line_of "$SRC" "enqueue(&")

while read -r name cfg; do
	user_config_enter "$name" "a published node through two inlined calls" $cfg || continue
	user_build "$name $cfg" "$SRC" sc.o || exit 1
	test_expect_success "$name: the node published two calls up is judged: ok, with the evidence" '
		"$RWONCE" scan --no-source --json sc.o >out.json 2>err &&
		grep "\"line\": $L, " out.json | grep "\"function\": \"wait_two_levels\"" >pub.json &&
		test $(wc -l <pub.json) = 1 &&
		grep -q "\"inline_chain\": \[{\"function\": \"busy_wait\", \"inlined_into\": \"wait_on\"" pub.json &&
		grep -q "\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load (in the frame: the local .node. of .wait_two_levels., its address also taken at [^\"]*user-stack-chain.c:$P: published)\"" pub.json
	'
	test_expect_success "$name: a node only the inlined functions see is not ok; a reassigned parameter gives no published note" '
		! grep "\"function\": \"wait_two_alone\"" out.json | grep -q "\"verdict\": \"ok\"" &&
		! grep "\"function\": \"wait_reassigned\"" out.json | grep -q "published)"
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
