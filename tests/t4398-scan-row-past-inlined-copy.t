#!/bin/sh
# A line-table row that starts inside an inlined copy and runs on past the
# copy's end makes no instance of its own (issue 31): liburing built by
# clang 19 for aarch64 had 2 phantom instances of queue.c:281's
# IO_URING_READ_ONCE(*sq->khead) in io_uring_submit_and_wait_reg, "no
# memory access attributed to the site" -- the row of the statement's
# subtraction, in the inlined __io_uring_flush_sq, covers the caller's
# shrink-wrapped prologue (sub sp; stp x29, x30), which has no location of
# its own; scan cut the row at the copy's end and gave the rest to the
# caller as the site's code.  Now, on the four builds (clang 19 and gcc
# 12, x86-64 and aarch64), the one use has one instance, in the inlined
# copy, ok (before: clang aarch64 had a second, unattributed) -- also
# when a --macro name no definition was found for is given, which sends
# the rows down another path (accessor_rows(): liburing gcc ppc64le by
# hand kept 8 such phantoms after the first fix).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

SRC=$RWONCE_ROOT/tests/scan/user-ring-tail.c

while read -r name cfg; do
	user_config_enter "$name" "a row past an inlined copy" $cfg || continue
	user_build "$name $cfg" "$SRC" r.o || exit 1
	test_expect_success "$name: one instance, in the inlined copy, ok" '
		{ "$RWONCE" scan -v --no-source r.o >out 2>err; test $? = 0; } &&
		grep -q "0 findings; 1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site; 1 of 1 file checked" err &&
		! grep -q "no memory access" err &&
		"$RWONCE" scan --json --no-source r.o >out.json 2>/dev/null &&
		grep -q "\"site\": \"RING_READ_ONCE(\*r->khead)\", [^{]*\"verdict\": \"ok\", \"why\": \"compiled to one 4-byte load\", [^{]*\"function\": \"ring_submit_and_wait\", \"inline_chain\": \[{\"function\": \"ring_flush\"" out.json
	'
	test_expect_success "$name: the same with a --macro name not found" '
		{ "$RWONCE" scan -v --no-source --macro ring_never_defined=read-once r.o >out2 2>err2; test $? = 0; } &&
		grep -q "0 findings; 1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0; 1 site; 1 of 1 file checked" err2 &&
		! grep -q "no memory access" err2
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
