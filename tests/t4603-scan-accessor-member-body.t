#!/bin/sh
# A discovered once-accessor that reaches a member of its pointer
# argument's pointee (BIRD's rf_size(struct rfile *r) { return
# atomic_load_explicit(&r->pos, memory_order_relaxed); }): its body's
# own site took the whole pointee for the object, so the one 8-byte
# load of pos was "torn" of the 208-byte struct rfile.  Now the body's
# site is the member, as the accessor's calls are.  On the four builds.
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan

while read -r name cfg; do
	user_enter_scan "$name" "$cfg" "an accessor's member in its body" \
		"$S/user-accessor-member-body.c" || continue
	test_expect_success "$name: the body's load is of the member, ok" '
		grep -q "\"line\": 12, \"column\": 9, \"site\": \"atomic_load_explicit(r->pos)\", \"access\": \"read\", \"type\": \"_Atomic(int64_t)\", \"size\": 8, [^{]*\"verdict\": \"ok\"" j &&
		grep -q "\"findings\": \[\]" j
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
