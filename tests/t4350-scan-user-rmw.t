#!/bin/sh
# A read-modify-write asm is no once-accessor (issue 31, libatomic_ops):
# AO_test_and_set_full's body is one "xchgb %0, %1" with "+m"(*addr);
# discovery took it for a read-write once-accessor, and each use of it
# (and of the macros forwarding to it) became a site that no single load
# or store could match: "unattributed: no memory access" on clang
# x86-64.  An exchange reads and writes its object in one atomic step:
# it is neither a once-load nor a once-store.  An asm whose template is
# a read-modify-write instruction (xchg, lock, cmpxchg, swp, ldxr ...,
# here also with the object as an "=m" output), or whose memory operand
# is "+m", makes its function no accessor; a volatile-cast accessor
# beside them still is.  A function defined as an accessor on one side
# of an #if and otherwise on the other is none (under ASan, discovery
# once leaked the list it had dropped it from).  On clang 19 and gcc 12, x86-64 and aarch64
# (armv8.1-a, for the LSE swp).
. "$(dirname "$0")/lib/tap.sh"
. "$RWONCE_ROOT/tests/scan/lib.sh"
. "$RWONCE_ROOT/tests/scan/user-lib.sh"

S=$RWONCE_ROOT/tests/scan
SRC=$S/user-rmw.c
H=$S/user-include/lib/rmw.h

while read -r name cfg; do
	user_config_enter "$name" "read-modify-write asm" $cfg || continue
	march=
	case $name in *-arm64) march=-march=armv8.1-a ;; esac
	user_build "$name $cfg" "$SRC" rmw.o -I"$S/user-include" $march || exit 1

	test_expect_success "$name: the exchanges are no once-accessors, the volatile load is" '
		"$RWONCE" scan --no-source -v rmw.o >out 2>err &&
		grep -q "discovery: .ld_32. is a once-accessor of this tree (read-once): .*lib/rmw.h:$(line_of "$H" "ld_32(") " err &&
		! grep -q "discovery: .ts_full." err &&
		! grep -q "discovery: .xchg_32." err &&
		! grep -q "discovery: .ld_either." err &&
		grep -q "1 site instance: ok 1, torn 0, duplicated 0, widened 0, unattributed 0;" err &&
		! grep -q "ts_full(\|xchg_32(" err
	'
done <<EOF2
$USER_CONFIGS
EOF2
test_done
